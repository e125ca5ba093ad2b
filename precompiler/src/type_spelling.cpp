// Writing a type back as C source (see type_spelling.h).
#include "type_spelling.h"

#include "clang/AST/Decl.h"
#include "llvm/Support/raw_ostream.h"

namespace aalc
{

using namespace clang;

std::string declare(QualType t, const std::string &name, const ASTContext &ctx)
{
    std::string out;
    llvm::raw_string_ostream os(out);
    t.getUnqualifiedType().print(os, PrintingPolicy(ctx.getLangOpts()), name);
    return os.str();
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
