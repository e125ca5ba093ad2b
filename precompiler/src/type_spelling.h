// Writing a type back as C source: a variable of a given type, and whether
// the type can be named at all.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"

#include <string>

namespace aalc
{

// "T name" for any type, pointers to functions and arrays included.
std::string declare(clang::QualType t, const std::string &name, const clang::ASTContext &ctx);

// False for types built on an unnamed struct, union or enum.
bool spellable(clang::QualType t);

} // namespace aalc
