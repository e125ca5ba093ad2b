// Which functions of a translation unit may reach a potential checkpoint.
#pragma once

#include "pragmas.h"
#include "site_analysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace aalc {

// The statement an OpenMP directive applies to (a loop, a block, ...).
const clang::Stmt *openmpStructuredBlock(const clang::OMPExecutableDirective *d);
// The statement s ends with: through the bodies of loops, ifs, labels and
// OpenMP directives. Clang ends a statement whose last part is a directive
// at the end of the directive's own line, before its block.
const clang::Stmt *lastStatementOf(const clang::Stmt *s);

// What is known about the function a call goes to.
enum class CalleeKind {
    Local,    // defined in this unit: its reachability is computed here
    Library,  // system header, builtin, MPI, or declared 'noreach': never reaches
    External, // declared here, defined in another unit: reaches if ReachFacts says so
    Indirect  // through a function pointer: reaches if ReachFacts or this unit says so
};

// What the link step (ckpt-link) found out about other units: the functions
// of other units that reach a potential checkpoint, and whether some function
// whose address is taken does. Without it, a unit assumes that no function of
// another unit reaches one, and records that assumption in its summary.
struct ReachFacts {
    std::set<std::string> reachingExternals;
    bool indirectCallsReach = false;
};

struct Call {
    CallSite site;
    CalleeKind kind;
    const clang::FunctionDecl *callee;  // canonical declaration, null when Indirect
    // The outermost OpenMP construct whose structured block holds the call, or
    // null. No jump may enter such a block, so the call is never restored
    // into: it is never a site, and the runtime takes no checkpoint while the
    // construct runs (the instrumenter guards it when the call may reach one).
    const clang::OMPExecutableDirective *openmp = nullptr;
};

struct FunctionFacts {
    const clang::FunctionDecl *function = nullptr;  // the definition
    std::vector<Call> calls;                         // in source order
    std::vector<const CkptPragma *> points;          // potential checkpoints in its body
    std::vector<const clang::CallExpr *> forbidden;  // setjmp, longjmp, alloca
    // Its outermost OpenMP constructs with a structured block, in source order.
    std::vector<const clang::OMPExecutableDirective *> openmp;
    bool reaches = false;                            // a chain of calls leads to a potential point
};

class CallGraph {
public:
  CallGraph(clang::ASTContext &ctx, const std::vector<CkptPragma> &pragmas,
            const ReachFacts &facts);

  // Functions defined in this unit, in source order.
  const std::vector<FunctionFacts *> &functions() const { return order_; }
  FunctionFacts *factsFor(const clang::FunctionDecl *fn) const;
  // Does this call lead to a potential checkpoint (and so need a save block)?
  // Never for a call inside an OpenMP construct.
  bool callReaches(const Call &call) const;
  // Does the function called reach a potential checkpoint, wherever the call
  // is? For another unit's, as far as ckpt-link has told (an assumption
  // recorded in the unit's summary, checked at the link).
  bool calleeMayReach(const Call &call) const;
  // The outermost OpenMP construct of f whose structured block holds loc.
  const clang::OMPExecutableDirective *openmpConstructAt(const FunctionFacts &f,
                                                         clang::SourceLocation loc) const;
  // Potential-checkpoint pragmas that lie outside every function body.
  const std::vector<const CkptPragma *> &strayPragmas() const { return stray_; }
  // Functions that may reach whose address is passed to a library function.
  struct LibraryCallback {
      const clang::FunctionDecl *function;
      const clang::CallExpr *libraryCall;
      const clang::Expr *use;
    };
    const std::vector<LibraryCallback> &libraryCallbacks() const { return callbacks_; }
    // May a call through a function pointer reach a potential checkpoint?
    bool indirectCallsReach() const { return indirectCallsReach_; }
    // Functions of this unit or of others whose address is taken here.
    std::vector<const clang::FunctionDecl *> addressTaken() const;
    // Is the function named in a '#pragma ckpt noreach' (an assumption, not a fact)?
    bool hintedNoReach(const clang::FunctionDecl *fn) const;

    CalleeKind classifyCallee(const clang::FunctionDecl *fn) const;
    static std::string qualifiedName(const clang::FunctionDecl *fn, const std::string &unit);

private:
    void collect(const std::vector<CkptPragma> &pragmas);
    void propagate();
    bool functionReaches(const clang::FunctionDecl *fn) const;

    clang::ASTContext &ctx_;
    std::set<std::string> noreach_;
    const ReachFacts &known_;
    std::map<const clang::FunctionDecl *, FunctionFacts> facts_;  // key: canonical decl
    std::vector<FunctionFacts *> order_;
    std::vector<const CkptPragma *> stray_;
    std::vector<LibraryCallback> callbacks_;
    std::vector<std::pair<const clang::FunctionDecl *, const clang::Expr *>> addressUses_;
    std::vector<const clang::CallExpr *> libraryCalls_;
    bool indirectCallsReach_ = false;
};

}  // namespace aalc
