// Turns '#pragma ckpt ...' into CkptPragma records, via the Bison grammar.
#include "pragmas.h"

#include "pragma_grammar.hpp"

#include "clang/Basic/Diagnostic.h"
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
    ctx.result.hashLoc = introducer.Loc;
    pragmas_.push_back(ctx.result);
}

}  // namespace aalc
