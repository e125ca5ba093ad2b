// Where a checkpoint-reaching call sits, and which locals are visible there.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <vector>

namespace aalc {

// The statement shapes a call can be restored in. Anything else is an
// Expression site, which ckpt-instrument refuses when the callee may reach a
// checkpoint.
enum class SiteForm {
    CallStatement,  // f(a);                   (also (void)f(a);)
    Assignment,     // x = f(a);  x += f(a);   the result is held until the frame is saved
    Declaration,    // T x = f(a);             the only declarator of its statement
    Return,         // return f(a);
    Expression      // anything else: inside a larger expression or a condition
};

struct CallSite {
    const clang::CallExpr *call = nullptr;
    SiteForm form = SiteForm::Expression;
    const clang::Stmt *statement = nullptr;   // the statement that holds the call
    const clang::BinaryOperator *assignment = nullptr;  // for Assignment
    bool inCompound = false;                   // statement is a direct child of { }
};

CallSite classifyCall(const clang::CallExpr *call, clang::ASTContext &ctx);

// The statement (or Decl's statement) that is the parent of a node, skipping nothing.
const clang::Stmt *parentStmt(const clang::Stmt *s, clang::ASTContext &ctx);

// Locals (parameters first, then outer to inner declarations) visible right
// before `anchor`, which is a statement of the function body. If `within` is
// not null, anchor is a compound statement and the point lies inside it before
// the statement that starts after `point`. Sets crossesStatementExpression when
// the path to the function body goes through a GNU statement expression.
struct ScopeQuery {
    const clang::FunctionDecl *function;
    const clang::Stmt *anchor;
    clang::SourceLocation point;  // valid for a pragma inside the compound `anchor`
};
// Declarations of identifiers of variably modified type (variable-length
// arrays, pointers to them, their typedefs) whose scope holds the query's
// point: a jump from the function's entry may not enter their scope, so the
// restore path runs them again (see Instrumenter::prepareChain).
struct VariablyModifiedScopes {
    std::vector<const clang::DeclStmt *> declarations; // outer to inner, in order of execution
    const clang::DeclStmt *inForInit = nullptr;        // one in a for's first clause
};
std::vector<const clang::VarDecl *> localsInScope(const ScopeQuery &q, clang::ASTContext &ctx,
                                                  bool &crossesStatementExpression,
                                                  VariablyModifiedScopes *vm = nullptr);

// Does this declaration statement declare an identifier of variably modified type?
bool declaresVariablyModified(const clang::DeclStmt *ds);

// The innermost statement of `body` whose range contains loc.
const clang::Stmt *innermostStatementAt(const clang::Stmt *body, clang::SourceLocation loc,
                                        const clang::SourceManager &sm);

}  // namespace aalc
