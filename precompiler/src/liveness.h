// Which of the locals visible at a restore label must be saved there: those
// Clang's liveness analysis finds live, and every local whose address escapes.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <memory>
#include <vector>

namespace aalc {

class FunctionLiveness {
public:
    FunctionLiveness(const clang::FunctionDecl *fn, clang::ASTContext &ctx);
    ~FunctionLiveness();

    // Each query keeps in `locals` those that may be read after the label and
    // returns true; or returns false, leaving `locals` as they are, when the
    // analysis has nothing to say there (then everything visible is saved).

    // A label right before `stmt`, which then runs again from its start.
    bool keepLiveBefore(const clang::Stmt *stmt,
                        std::vector<const clang::VarDecl *> &locals) const;
    // A potential point at `point`, between the statements of `block`.
    bool keepLiveAt(const clang::CompoundStmt *block, clang::SourceLocation point,
                    std::vector<const clang::VarDecl *> &locals) const;

private:
    // A label where `stmt` has just run to its end.
    bool keepLiveOnceDone(const clang::Stmt *stmt,
                          std::vector<const clang::VarDecl *> &locals) const;

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace aalc
