// Whether evaluating an expression a second time (when the stack is rebuilt
// after a checkpoint) could do something the first evaluation did not undo.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

// Like Expr::HasSideEffects, but a call to a C library function that is pure
// but for errno (sqrt, pow, cos, ... : Clang's "const without errno"
// builtins, declared in a system header) counts as free of effects: calling
// it again gives the same value and at most sets errno again.
bool effectsWhenRepeated(const clang::Expr *e, clang::ASTContext &ctx);
