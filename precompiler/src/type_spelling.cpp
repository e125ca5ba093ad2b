// Writing a type back as C source (see type_spelling.h).
#include "type_spelling.h"

#include "clang/AST/Decl.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <set>

namespace aalc
{

using namespace clang;

std::string unusedName(const std::string &base, const clang::ASTContext &ctx)
{
    std::string name = base;
    for (int k = 2; ctx.Idents.find(name) != ctx.Idents.end(); ++k)
        name = base + "_" + std::to_string(k);
    return name;
}

bool namesOneOf(llvm::StringRef text, const std::set<std::string> &names)
{
    for (size_t at = 0; at < text.size();) {
        if (!isalpha(static_cast<unsigned char>(text[at])) && text[at] != '_') {
            ++at;
            continue;
        }
        size_t end = at;
        while (end < text.size() && (isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
            ++end;
        if (names.count(text.substr(at, end - at).str()))
            return true;
        at = end;
    }
    return false;
}

static std::string spelled(QualType t, const std::string &name, const ASTContext &ctx)
{
    std::string out;
    llvm::raw_string_ostream os(out);
    t.getUnqualifiedType().print(os, PrintingPolicy(ctx.getLangOpts()), name);
    return os.str();
}

// The names declared inside a function: parameters, locals, local typedefs,
// tags and their enum constants (C has no other scopes that are contexts).
static void localNames(const DeclContext *dc, std::set<std::string> &out)
{
    for (const Decl *d : dc->decls()) {
        if (auto *named = dyn_cast<NamedDecl>(d); named && named->getIdentifier())
            out.insert(named->getName().str());
        if (auto *e = dyn_cast<EnumDecl>(d))
            localNames(e, out);
    }
}

std::string declare(QualType t, const std::string &name, const ASTContext &ctx,
                    const FunctionDecl *in)
{
    std::string text = spelled(t, name, ctx);
    if (!in || t.getCanonicalType() == t || !spellable(t.getCanonicalType()))
        return text;
    std::set<std::string> locals;
    localNames(in, locals);
    return namesOneOf(text, locals) ? spelled(t.getCanonicalType(), name, ctx) : text;
}

bool spellable(QualType t)
{
    t = t.getCanonicalType();
    while (const Type *p = t->getPointeeOrArrayElementType()) {
        if (p == t.getTypePtr())
            break;
        t = QualType(p, 0);
    }
    if (auto *tag = t->getAsTagDecl())
        return !tag->getName().empty() || tag->getTypedefNameForAnonDecl();
    return true;
}

} // namespace aalc
