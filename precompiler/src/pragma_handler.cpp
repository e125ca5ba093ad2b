// Turns '#pragma ckpt ...' into CkptPragma records, via the Bison grammar.
#include "pragmas.h"

#include "pragma_grammar.hpp"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

namespace aalc {

static int tokenKind(const clang::Token &tok, std::string &text)
{
    if (tok.is(clang::tok::identifier)) {
        text = tok.getIdentifierInfo()->getName().str();
        if (text == "potential") return POTENTIAL;
        if (text == "noreach") return NOREACH;
        return IDENTIFIER;
    }
    if (tok.is(clang::tok::l_paren)) { text = "("; return LPAREN; }
    if (tok.is(clang::tok::r_paren)) { text = ")"; return RPAREN; }
    if (tok.is(clang::tok::comma)) { text = ","; return COMMA; }
    text = clang::tok::getTokenName(tok.getKind());
    return OTHER;
}

// Where the directive's text ends in the file: the end of the '#pragma' line,
// or just after the ')' of '_Pragma("...")'.
static clang::SourceLocation findEnd(clang::Preprocessor &pp, clang::PragmaIntroducer introducer)
{
    clang::SourceManager &sm = pp.getSourceManager();
    if (introducer.Loc.isMacroID())
        return clang::SourceLocation();
    bool invalid = false;
    llvm::StringRef buffer = sm.getBufferData(sm.getFileID(introducer.Loc), &invalid);
    unsigned offset = sm.getFileOffset(introducer.Loc);
    if (introducer.Kind != clang::PIK__Pragma) {
        size_t eol = buffer.find('\n', offset);
        while (eol != llvm::StringRef::npos && eol > 0 && buffer[eol - 1] == '\\')
            eol = buffer.find('\n', eol + 1); /* continued lines */
        if (eol == llvm::StringRef::npos)
            eol = buffer.size();
        return introducer.Loc.getLocWithOffset((int)(eol - offset));
    }
    // _Pragma ( "string" ): skip to the parenthesis that closes it.
    size_t i = buffer.find('(', offset);
    bool inString = false;
    for (++i; i < buffer.size(); ++i) {
        char c = buffer[i];
        if (inString && c == '\\') {
            ++i;
        } else if (c == '"') {
            inString = !inString;
        } else if (!inString && c == ')') {
            return introducer.Loc.getLocWithOffset((int)(i + 1 - offset));
        }
    }
    return clang::SourceLocation();
}

// A macro whose whole replacement is one _Pragma("...") (CKPT_POTENTIAL of
// <aalc/ckpt_pragmas.h>) stands for the directive where it is used: that use
// can be replaced like a _Pragma written there, since nothing else came from
// it. Returns the use's range in the file; an invalid range for any other
// macro (its other tokens would be lost) or a use inside another macro.
static clang::CharSourceRange directiveMacroUse(clang::Preprocessor &pp,
                                                clang::PragmaIntroducer introducer)
{
    clang::SourceManager &sm = pp.getSourceManager();
    if (introducer.Kind != clang::PIK__Pragma || !introducer.Loc.isMacroID())
        return {};
    clang::CharSourceRange use = sm.getImmediateExpansionRange(introducer.Loc);
    if (!use.getBegin().isFileID() || !use.getEnd().isFileID())
        return {};
    const clang::IdentifierInfo *name =
        pp.getIdentifierInfo(pp.getImmediateMacroName(introducer.Loc));
    const clang::MacroInfo *macro = pp.getMacroInfo(name);
    if (!macro || !macro->isObjectLike() || macro->getNumTokens() != 4)
        return {};
    const clang::Token &keyword = macro->getReplacementToken(0);
    if (!keyword.is(clang::tok::identifier) ||
        keyword.getIdentifierInfo()->getName() != "_Pragma" ||
        !macro->getReplacementToken(1).is(clang::tok::l_paren) ||
        !macro->getReplacementToken(2).is(clang::tok::string_literal) ||
        !macro->getReplacementToken(3).is(clang::tok::r_paren))
        return {};
    clang::SourceLocation end = use.getEnd();
    if (use.isTokenRange())
        end = clang::Lexer::getLocForEndOfToken(end, 0, sm, pp.getLangOpts());
    return clang::CharSourceRange::getCharRange(use.getBegin(), end);
}

void CkptPragmaHandler::HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer introducer,
                                     clang::Token &firstToken)
{
    PragmaParse ctx;
    clang::Token tok;
    pp.Lex(tok);
    while (tok.isNot(clang::tok::eod)) {
        PragmaToken t;
        t.kind = tokenKind(tok, t.text);
        t.loc = tok.getLocation();
        ctx.tokens.push_back(t);
        pp.Lex(tok);
    }
    clang::DiagnosticsEngine &diags = pp.getDiagnostics();
    if (ctx.tokens.empty()) {
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
            "empty '#pragma ckpt'; write '#pragma ckpt potential' to mark a potential checkpoint");
        diags.Report(firstToken.getLocation(), id);
        return;
    }
    if (ctx.tokens[0].kind == IDENTIFIER || ctx.tokens[0].kind == OTHER) {
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
            "unknown directive '#pragma ckpt %0'; the known ones are 'potential' and "
            "'noreach(function, ...)'");
        diags.Report(ctx.tokens[0].loc, id) << ctx.tokens[0].text;
        return;
    }
    if (parsePragmaTokens(ctx) != 0) {
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "malformed '#pragma ckpt': %0");
        diags.Report(ctx.errorLoc.isValid() ? ctx.errorLoc : firstToken.getLocation(), id)
            << ctx.error;
        return;
    }
    ctx.result.isOperator = introducer.Kind == clang::PIK__Pragma;
    clang::CharSourceRange use = directiveMacroUse(pp, introducer);
    if (use.isValid()) {
        ctx.result.hashLoc = use.getBegin();
        ctx.result.endLoc = use.getEnd();
    } else {
        ctx.result.hashLoc = introducer.Loc;
        ctx.result.endLoc = findEnd(pp, introducer);
    }
    pragmas_.push_back(ctx.result);
}

}  // namespace aalc
