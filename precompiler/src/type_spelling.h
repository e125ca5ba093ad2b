// Writing a type back as C source: a variable of a given type, and whether
// the type can be named at all.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"

#include <set>
#include <string>

namespace aalc
{

// Does C text hold one of these names as a whole identifier?
bool namesOneOf(llvm::StringRef text, const std::set<std::string> &names);

// `base`, or `base_2`, `base_3`, ...: the first that the unit does not use
// anywhere, so that a name the precompiler adds never hides the user's.
std::string unusedName(const std::string &base, const clang::ASTContext &ctx);

// "T name" for any type, pointers to functions and arrays included. Declared
// inside function `in`, where a local may hide a typedef the type is written
// with (`typedef int real;` against the file's `typedef double real`), the
// type is written without its typedefs when it names one of in's locals.
std::string declare(clang::QualType t, const std::string &name, const clang::ASTContext &ctx,
                    const clang::FunctionDecl *in = nullptr);

// False for types built on an unnamed struct, union or enum.
bool spellable(clang::QualType t);

} // namespace aalc
