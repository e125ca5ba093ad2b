// Restored locals lose their const (see const_locals.h).
#include "const_locals.h"

#include "clang/AST/Attr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

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

// The type of the elements of an array or a vector (GCC's vector_size puts
// the const on them), or t itself.
QualType elementType(QualType t, const ASTContext &ctx)
{
    QualType c = t.getCanonicalType();
    for (;;) {
        if (const ArrayType *a = ctx.getAsArrayType(c))
            c = a->getElementType().getCanonicalType();
        else if (const auto *v = c->getAs<VectorType>())
            c = v->getElementType().getCanonicalType();
        else
            return c;
    }
}

bool objectConst(QualType t, const ASTContext &ctx)
{
    return elementType(t, ctx).isConstQualified();
}

// Down to the type of the object itself (the element of an array);
// `qualified` tells whether a const was met on the way.
TypeLoc objectLevel(TypeLoc at, bool &qualified)
{
    qualified = false;
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
        } else if (auto v = at.getAs<VectorTypeLoc>()) {
            at = v.getElementLoc();
        } else {
            return at;
        }
    }
}

// A declarator that adds a pointer or function level to the specifiers'
// type, so that their const is its pointee's.
bool addsLevel(const DeclaratorDecl *d)
{
    const TypeSourceInfo *info = d->getTypeSourceInfo();
    if (!info)
        return true;
    bool qualified;
    TypeLoc at = objectLevel(info->getTypeLoc(), qualified);
    return at.getAs<PointerTypeLoc>() || at.getAs<BlockPointerTypeLoc>() ||
           at.getAs<FunctionTypeLoc>();
}

// The tokens of one declaration, as written, with what the preprocessor
// knows of its words.
class DeclarationTokens
{
  public:
    DeclarationTokens(const ASTContext &ctx, Preprocessor &pp)
        : sm_(ctx.getSourceManager()), lo_(ctx.getLangOpts()), pp_(pp)
    {
    }

    bool start(SourceLocation at, Token &t) const
    {
        return !Lexer::getRawToken(at, t, sm_, lo_, true);
    }

    bool next(Token &t) const
    {
        auto following = Lexer::findNextToken(t.getLocation(), sm_, lo_);
        if (!following)
            return false;
        t = *following;
        return true;
    }

    static StringRef word(const Token &t)
    {
        return t.is(tok::raw_identifier) ? t.getRawIdentifier() : StringRef();
    }

    bool isKeyword(StringRef w) const
    {
        return pp_.getIdentifierInfo(w)->getTokenID() != tok::identifier;
    }

    // The macro w means at `at` (it may be #undef'd or redefined later).
    const MacroInfo *macro(StringRef w, SourceLocation at) const
    {
        return w.empty() ? nullptr
                         : pp_.getMacroDefinitionAtLoc(pp_.getIdentifierInfo(w), at).getMacroInfo();
    }

    bool isMacro(const Token &t) const { return macro(word(t), t.getLocation()); }

    // A macro whose expansion at `at` may hold 'const' (through others too).
    bool mayWriteConst(StringRef w, SourceLocation at, int depth = 0) const
    {
        const MacroInfo *m = macro(w, at);
        if (!m)
            return false;
        if (depth > 8)
            return true;
        for (const Token &t : m->tokens()) {
            const IdentifierInfo *id = t.getIdentifierInfo();
            if (id && (isConstWord(id->getName()) || mayWriteConst(id->getName(), at, depth + 1)))
                return true;
        }
        return false;
    }

    bool mayWriteConst(const Token &t) const { return mayWriteConst(word(t), t.getLocation()); }

    // A macro's arguments written with 'const' among them.
    bool constInParenthesis(Token t) const
    {
        int depth = 0;
        do {
            if (t.is(tok::l_paren))
                ++depth;
            else if (t.is(tok::r_paren))
                --depth;
            else if (isConstWord(word(t)) || mayWriteConst(t))
                return true;
        } while (depth > 0 && next(t));
        return false;
    }

    bool before(SourceLocation a, SourceLocation b) const
    {
        return sm_.isBeforeInTranslationUnit(a, b);
    }

  private:
    const SourceManager &sm_;
    const LangOptions &lo_;
    Preprocessor &pp_;
};

// The 'const' keywords among the specifiers that begin v's declaration, up
// to the first declarator ('*', '(', '[', '=', ',', ';', or a name). False
// when a macro among them may write one. `type`: the specifiers' type name.
bool specifierConsts(const VarDecl *v, SourceRange type, const DeclarationTokens &tokens,
                     const SourceManager &sm, std::vector<Token> &found)
{
    Token t;
    if (!tokens.start(sm.getExpansionLoc(v->getBeginLoc()), t))
        return false;
    SourceRange typeName(sm.getExpansionLoc(type.getBegin()), sm.getExpansionLoc(type.getEnd()));
    int depth = 0;
    bool parenthesisBelongs = false;
    do {
        if (t.getLocation() == v->getLocation() || tokens.before(v->getLocation(), t.getLocation()))
            return true;
        StringRef w = DeclarationTokens::word(t);
        bool belongs = parenthesisBelongs;
        parenthesisBelongs = false;
        if (t.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
            if (depth == 0 && !t.is(tok::l_brace) && !belongs)
                return true;
            ++depth;
        } else if (t.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
            if (--depth < 0)
                return true;
        } else if (depth > 0) {
            continue;
        } else if (t.isOneOf(tok::star, tok::comma, tok::equal, tok::semi, tok::colon, tok::eof)) {
            return true;
        } else if (isConstWord(w)) {
            found.push_back(t);
        } else if (tokens.isMacro(t)) {
            if (tokens.mayWriteConst(t))
                return false;
            Token after = t;
            if (tokens.next(after) && after.is(tok::l_paren) && tokens.constInParenthesis(after))
                return false;
            parenthesisBelongs = true;
        } else if (!w.empty() && tokens.isKeyword(w)) {
            parenthesisBelongs = takesParenthesis(w);
        } else if (!w.empty() && !(t.getLocation() == typeName.getBegin() ||
                                   (tokens.before(typeName.getBegin(), t.getLocation()) &&
                                    !tokens.before(typeName.getEnd(), t.getLocation())))) {
            return true; // the name of the statement's first declarator
        }
    } while (tokens.next(t));
    return true;
}

// The 'const' keywords right after a pointer's '*'. False when a macro
// among its qualifiers may write one.
bool pointerConsts(SourceLocation star, const DeclarationTokens &tokens, std::vector<Token> &found)
{
    if (star.isMacroID())
        return false;
    Token t;
    if (!tokens.start(star, t))
        return false;
    while (tokens.next(t)) {
        StringRef w = DeclarationTokens::word(t);
        if (isConstWord(w))
            found.push_back(t);
        else if (tokens.mayWriteConst(t))
            return false;
        else if (w.empty() || !(isPointerQualifier(w) || tokens.isMacro(t)))
            return true;
    }
    return true;
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

// The type a const typedef T names, without the const, written where the
// declaration uses T: `__typeof__((void)0, *(T *)0)`, the type of a T value
// after the comma, which C gives no qualifiers. It names nothing but T (not
// T's tag, which a local may hide, nor an unnamed struct). For an array
// (whose value would be a pointer), the value of its element, with the
// dimensions after it: `__typeof__(__typeof__((void)0, (*(T *)0)[0])[3])`.
// Only const goes: a type that loses more (volatile, _Atomic, an alignment)
// is refused.
ConstDrop withoutConst(TypedefTypeLoc name, ASTContext &ctx, std::string &text)
{
    const TypedefNameDecl *typedefDecl = name.getTypedefNameDecl();
    QualType type = name.getType();
    if (type->isVariablyModifiedType())
        return ConstDrop::VariablyModified;
    std::string dimensions, element;
    QualType c = type.getCanonicalType();
    while (const ArrayType *a = ctx.getAsArrayType(c)) {
        if (const auto *fixed = dyn_cast<ConstantArrayType>(a))
            dimensions += "[" + std::to_string(fixed->getSize().getZExtValue()) + "]";
        else
            dimensions += "[]";
        element += "[0]";
        c = a->getElementType().getCanonicalType();
    }
    Qualifiers others = c.getQualifiers();
    others.removeConst();
    if (others.hasQualifiers() || c->isAtomicType() || typedefDecl->hasAttr<AlignedAttr>())
        return ConstDrop::OtherQualifiers;
    std::string value = "__typeof__((void)0, " +
                        (element.empty() ? "*(" + typedefDecl->getName().str() + " *)0"
                                         : "(*(" + typedefDecl->getName().str() + " *)0)" +
                                               element) +
                        ")";
    text = dimensions.empty() ? value : "__typeof__(" + value + dimensions + ")";
    return ConstDrop::Done;
}

} // namespace

bool declaredConst(const VarDecl *v, const ASTContext &ctx)
{
    return objectConst(v->getType(), ctx);
}

ConstDrop editsDroppingConst(const VarDecl *v,
                             const std::vector<const DeclaratorDecl *> &declaredWith,
                             ASTContext &ctx, Preprocessor &pp, std::vector<SourceEdit> &edits,
                             const DeclaratorDecl *&shared)
{
    const SourceManager &sm = ctx.getSourceManager();
    const TypeSourceInfo *info = v->getTypeSourceInfo();
    if (!info || v->getLocation().isMacroID() ||
        !sm.isWrittenInMainFile(sm.getExpansionLoc(v->getBeginLoc()))) // only it is rewritten
        return ConstDrop::FromMacro;
    bool qualified;
    TypeLoc at = objectLevel(info->getTypeLoc(), qualified);
    bool atSpecifiers = !at.getAs<PointerTypeLoc>();
    // The specifiers are the other declarators' too: their const may go only
    // where it is theirs, not what they point to.
    if (atSpecifiers)
        for (const DeclaratorDecl *other : declaredWith)
            if (other != v && addsLevel(other)) {
                shared = other;
                return ConstDrop::Shared;
            }
    DeclarationTokens tokens(ctx, pp);
    std::vector<Token> consts;
    if (qualified) {
        bool seen = atSpecifiers ? specifierConsts(v, at.getSourceRange(), tokens, sm, consts)
                                 : pointerConsts(at.castAs<PointerTypeLoc>().getStarLoc(),
                                                 tokens, consts);
        if (!seen || consts.empty())
            return ConstDrop::FromMacro;
    }
    std::vector<SourceEdit> found;
    for (const Token &t : consts)
        found.push_back(removal(t, sm));
    // Still const: through a typedef, which gives way to its type.
    if (objectConst(at.getType(), ctx)) {
        TypeLoc named = at;
        if (auto e = named.getAs<ElaboratedTypeLoc>())
            named = e.getNamedTypeLoc();
        auto typedefName = named.getAs<TypedefTypeLoc>();
        if (!typedefName || typedefName.getNameLoc().isMacroID())
            return ConstDrop::FromMacro;
        std::string text;
        ConstDrop how = withoutConst(typedefName, ctx, text);
        if (how != ConstDrop::Done)
            return how;
        found.push_back({CharSourceRange::getTokenRange(typedefName.getNameLoc()), text});
    }
    if (found.empty()) // a const this walk does not see, as in 'int a[const 3]'
        return ConstDrop::FromMacro;
    edits.insert(edits.end(), found.begin(), found.end());
    return ConstDrop::Done;
}

} // namespace aalc
