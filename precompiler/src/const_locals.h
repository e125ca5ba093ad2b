// Restored locals declared const lose their const. CKPT_RESTORE writes into
// every local it restores, and writing a const object is undefined: a
// compiler may keep such an object in read-only memory (gcc -O1 gave a const
// parameter the storage of the static const global passed to it) or assume
// it never changes. Dropping a top-level const changes nothing else in C.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace aalc
{

// One change to the source: the range's text becomes `text`.
struct SourceEdit {
    clang::CharSourceRange range;
    std::string text;
};

// True when v is a const object, or an array (or vector) of const elements.
bool declaredConst(const clang::VarDecl *v, const clang::ASTContext &ctx);

enum class ConstDrop {
    Done,             // the edits make v non-const
    FromMacro,        // a macro (or a __typeof__) may write the const
    Shared,           // the const is also the pointee's of another declarator
    VariablyModified, // a typedef of a variably modified type: its size would be evaluated again
    OtherQualifiers,  // a typedef whose type has more than const to keep (volatile, _Atomic)
};

// The edits that make the declaration of v (declaredConst) non-const: the
// 'const' keywords of v's own level removed, or a const typedef's name
// replaced by its type without const. `declaredWith`: what else v's
// declaration declares (variables, functions, K&R parameters), sharing its
// specifiers. Unless Done, nothing is to be edited; `shared` is then the
// declarator in the way, for Shared.
ConstDrop editsDroppingConst(const clang::VarDecl *v,
                             const std::vector<const clang::DeclaratorDecl *> &declaredWith,
                             clang::ASTContext &ctx, clang::Preprocessor &pp,
                             std::vector<SourceEdit> &edits, const clang::DeclaratorDecl *&shared);

} // namespace aalc
