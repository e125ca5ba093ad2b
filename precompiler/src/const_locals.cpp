// Restored locals lose their const (see const_locals.h).
#include "const_locals.h"

#include "type_spelling.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

namespace aalc
{

using namespace clang;

namespace
{

bool isConstWord(StringRef w)
{
    return w == "const" || w == "__const" || w == "__const__";
}

// Words whose parenthesis belongs to the specifiers, not to a declarator.
bool takesParenthesis(StringRef w)
{
    return w == "__attribute__" || w == "__attribute" || w == "_Alignas" || w == "_Atomic" ||
           w == "__typeof__" || w == "__typeof" || w == "typeof" || w == "__declspec";
}

bool isPointerQualifier(StringRef w)
{
    return isConstWord(w) || w == "volatile" || w == "__volatile" || w == "__volatile__" ||
           w == "restrict" || w == "__restrict" || w == "__restrict__" || w == "_Atomic";
}

StringRef word(const Token &t)
{
    return t.is(tok::raw_identifier) ? t.getRawIdentifier() : StringRef();
}

bool objectConst(QualType t, const ASTContext &ctx)
{
    QualType c = t.getCanonicalType();
    while (const ArrayType *a = ctx.getAsArrayType(c))
        c = a->getElementType().getCanonicalType();
    return c.isConstQualified();
}

// The 'const' keywords among the specifiers that begin v's declaration: up to
// its declarator, or the first declarator of the statement ('*', '(', '[',
// '=', ',', ';' or v's name).
void specifierConsts(const VarDecl *v, const SourceManager &sm, const LangOptions &lo,
                     std::vector<Token> &found)
{
    Token t;
    if (Lexer::getRawToken(v->getBeginLoc(), t, sm, lo, true))
        return;
    int depth = 0;
    bool specifierParenthesis = false;
    for (;;) {
        if (t.getLocation() == v->getLocation() ||
            sm.isBeforeInTranslationUnit(v->getLocation(), t.getLocation()))
            return;
        if (t.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
            if (depth == 0 && !t.is(tok::l_brace) && !specifierParenthesis)
                return;
            ++depth;
        } else if (t.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
            --depth;
        } else if (depth == 0) {
            if (t.isOneOf(tok::star, tok::comma, tok::equal, tok::semi, tok::colon, tok::eof))
                return;
            if (isConstWord(word(t)))
                found.push_back(t);
        }
        specifierParenthesis = takesParenthesis(word(t));
        auto next = Lexer::findNextToken(t.getLocation(), sm, lo);
        if (!next)
            return;
        t = *next;
    }
}

// The 'const' keywords right after a pointer's '*'.
void pointerConsts(SourceLocation star, const SourceManager &sm, const LangOptions &lo,
                   std::vector<Token> &found)
{
    for (auto t = Lexer::findNextToken(star, sm, lo); t && isPointerQualifier(word(*t));
         t = Lexer::findNextToken(t->getLocation(), sm, lo))
        if (isConstWord(word(*t)))
            found.push_back(*t);
}

// A keyword's removal, with the blanks after it: "const int x" reads "int x".
SourceEdit removal(const Token &t, const SourceManager &sm)
{
    SourceLocation end = t.getEndLoc();
    const char *after = sm.getCharacterData(end);
    unsigned blanks = 0;
    while (after[blanks] == ' ' || after[blanks] == '\t')
        ++blanks;
    return {CharSourceRange::getCharRange(t.getLocation(), end.getLocWithOffset(blanks)), ""};
}

} // namespace

bool declaredConst(const VarDecl *v, ASTContext &ctx)
{
    return objectConst(v->getType(), ctx);
}

bool editsDroppingConst(const VarDecl *v, ASTContext &ctx, std::vector<SourceEdit> &edits)
{
    const SourceManager &sm = ctx.getSourceManager();
    const LangOptions &lo = ctx.getLangOpts();
    const TypeSourceInfo *info = v->getTypeSourceInfo();
    if (!info || v->getLocation().isMacroID() || v->getBeginLoc().isMacroID() ||
        !sm.isWrittenInMainFile(v->getBeginLoc())) // only the main file is rewritten
        return false;
    // Down to the type of the object itself (the element of an array): a
    // const met on the way qualifies it.
    TypeLoc at = info->getTypeLoc();
    bool qualified = false;
    for (;;) {
        if (auto q = at.getAs<QualifiedTypeLoc>()) {
            qualified |= q.getType().getLocalQualifiers().hasConst();
            at = q.getUnqualifiedLoc();
        } else if (auto a = at.getAs<ArrayTypeLoc>()) {
            at = a.getElementLoc();
        } else if (auto p = at.getAs<ParenTypeLoc>()) {
            at = p.getInnerLoc();
        } else if (auto a = at.getAs<AttributedTypeLoc>()) {
            at = a.getModifiedLoc();
        } else {
            break;
        }
    }
    std::vector<Token> consts;
    if (qualified) {
        if (auto p = at.getAs<PointerTypeLoc>())
            pointerConsts(p.getStarLoc(), sm, lo, consts);
        else
            specifierConsts(v, sm, lo, consts);
        if (consts.empty()) // written by a macro
            return false;
    }
    std::vector<SourceEdit> found;
    for (const Token &t : consts)
        found.push_back(removal(t, sm));
    // Still const: through a typedef, which gives way to the type it names.
    if (objectConst(at.getType(), ctx)) {
        TypeLoc named = at;
        if (auto e = named.getAs<ElaboratedTypeLoc>())
            named = e.getNamedTypeLoc();
        auto typedefLoc = named.getAs<TypedefTypeLoc>();
        Qualifiers dropped;
        QualType plain = ctx.getUnqualifiedArrayType(at.getType().getCanonicalType(), dropped);
        if (!typedefLoc || typedefLoc.getNameLoc().isMacroID() || !spellable(plain))
            return false;
        found.push_back({CharSourceRange::getTokenRange(typedefLoc.getNameLoc()),
                         "__typeof__(" + declare(plain, "", ctx) + ")"});
    }
    if (found.empty()) // a const this walk does not see, as in 'int a[const 3]'
        return false;
    edits.insert(edits.end(), found.begin(), found.end());
    return true;
}

} // namespace aalc
