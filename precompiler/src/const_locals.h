// Restored locals declared const lose their const. CKPT_RESTORE writes into
// every local it restores, and writing a const object is undefined: a
// compiler may keep such an object in read-only memory (gcc -O1 gave a const
// parameter the storage of the static const global passed to it) or assume
// it never changes. Dropping a top-level const changes nothing else in C.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace aalc
{

// One change to the source: the range's text becomes `text`.
struct SourceEdit {
    clang::CharSourceRange range;
    std::string text;
};

// True when v, or every element of the array v is, is const-qualified.
bool declaredConst(const clang::VarDecl *v, clang::ASTContext &ctx);

// The edits that make the declaration of v (declaredConst) non-const: its
// 'const' keywords removed, or a const typedef's name replaced by the
// unqualified type. False when a 'const' is out of reach of the rewriter
// (written by a macro or a '__typeof__'); then nothing is to be edited.
bool editsDroppingConst(const clang::VarDecl *v, clang::ASTContext &ctx,
                        std::vector<SourceEdit> &edits);

} // namespace aalc
