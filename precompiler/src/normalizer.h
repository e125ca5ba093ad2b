// Moves calls that reach a potential checkpoint out of larger expressions and
// conditions, so that each becomes a statement of its own that can be
// restored: `if (f(x) > 0)` becomes `{ int ckpt_value_1 = f(x); if
// (ckpt_value_1 > 0) ... }`, `while (f(x))` becomes `while (1) { if
// (!(f(x))) break; ... }` (whose `if` a later pass rewrites in turn).
//
// Every rewrite keeps C's semantics: a call is moved only ahead of what C
// leaves unsequenced with it (other operands, arguments), never ahead of
// something C evaluates first (the left operand of `,` with side effects) or
// out of something C evaluates conditionally (the right operand of `&&` and
// `||`, the branches of `?:`); those stay refused, with the reason. The text
// inserted holds no newline, so every line of the file stays where it was.
// One pass rewrites statements that do not nest; ckpt-instrument parses the
// result again until nothing is left to move (see main.cpp).
#pragma once

#include "call_graph.h"

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <map>
#include <string>

namespace aalc {

class Normalizer {
public:
    // `pass` numbers the variables it declares apart from earlier passes'.
    Normalizer(clang::ASTContext &ctx, const CallGraph &graph, clang::Rewriter &rewriter,
               unsigned pass)
        : ctx_(ctx), graph_(graph), rewriter_(rewriter), pass_(pass)
    {
    }

    // Rewrites what it can in the main file; true if anything changed.
    bool run();

    // Why a reaching call inside an expression cannot be moved out, or "" if
    // it can (a message fragment: "it stands in the right operand of '&&'...").
    std::string whyNot(const clang::CallExpr *call) const;

private:
    struct Moved;
    struct Plan;
    bool plan(const clang::Expr *start, int startKind, Plan &p, std::string &why) const;
    std::string unmovable(const Plan &p) const;
    bool fromMacro(const Call &c) const;
    bool movedFromMacro(const Call &c) const;
    bool writtenInFile(const Plan &p) const;
    bool splittable(const clang::DeclStmt *ds) const;
    bool continuesRewritable(const clang::Stmt *body) const;
    std::string continueLabel(const clang::Stmt *body, unsigned &serial);
    const clang::Stmt *writtenStatement(const clang::Stmt *e) const;
    std::string expanded(const clang::Stmt *s, const FunctionFacts &f) const;
    bool apply(const Plan &p, unsigned &serial);
    std::string
    statementsFor(const Moved &m, const std::string &name,
                  const std::vector<std::pair<const clang::Expr *, std::string>> &temps,
                  const clang::FunctionDecl *function) const;
    std::string
    textWith(clang::SourceRange range,
             const std::vector<std::pair<const clang::Expr *, std::string>> &temps) const;
    bool valueUnused(const Moved &m) const;
    bool namesTagOf(const clang::Expr *e, const clang::DeclStmt *ds) const;
    bool movedAlready(const clang::Expr *e,
                      const std::vector<std::pair<const clang::Expr *, std::string>> &temps) const;
    clang::CharSourceRange fileRange(clang::SourceRange r) const;

    clang::ASTContext &ctx_;
    const CallGraph &graph_;
    clang::Rewriter &rewriter_;
    unsigned pass_;
    std::map<const clang::Stmt *, std::string> expansions_; // ExpandMacro's texts
};

} // namespace aalc
