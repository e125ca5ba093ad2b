// Which functions of a translation unit may reach a potential checkpoint.
#pragma once

#include "pragmas.h"
#include "site_analysis.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace aalc {

// What is known about the function a call goes to.
enum class CalleeKind {
    Local,     // defined in this unit: its reachability is computed here
    Library,   // system header, builtin, MPI, or declared 'noreach': never reaches
    External,  // declared here, defined in another unit: may reach
    Indirect   // through a function pointer: may reach
};

struct Call {
    CallSite site;
    CalleeKind kind;
    const clang::FunctionDecl *callee;  // canonical declaration, null when Indirect
};

struct FunctionFacts {
    const clang::FunctionDecl *function = nullptr;  // the definition
    std::vector<Call> calls;                         // in source order
    std::vector<const CkptPragma *> points;          // potential checkpoints in its body
    std::vector<const clang::CallExpr *> forbidden;  // setjmp, longjmp, alloca
    bool reaches = false;  // a chain of calls in this unit leads to a potential point
    bool mayReach = false; // reaches, or may through another unit or a function pointer
};

class CallGraph {
public:
    CallGraph(clang::ASTContext &ctx, const std::vector<CkptPragma> &pragmas);

    // Functions defined in this unit, in source order.
    const std::vector<FunctionFacts *> &functions() const { return order_; }
    FunctionFacts *factsFor(const clang::FunctionDecl *fn) const;
    // Does a call at a restorable statement to this callee need a save block?
    bool siteNeedsInstrumentation(const Call &call) const;
    // Potential-checkpoint pragmas that lie outside every function body.
    const std::vector<const CkptPragma *> &strayPragmas() const { return stray_; }
    // Functions that may reach whose address is passed to a library function.
    struct LibraryCallback {
        const clang::FunctionDecl *function;
        const clang::CallExpr *libraryCall;
        const clang::Expr *use;
    };
    const std::vector<LibraryCallback> &libraryCallbacks() const { return callbacks_; }
    // Does any function of this unit that may reach have its address taken?
    bool reachingAddressTaken() const { return reachingAddressTaken_; }

    CalleeKind classifyCallee(const clang::FunctionDecl *fn) const;
    static std::string qualifiedName(const clang::FunctionDecl *fn, const std::string &unit);

private:
    void collect(const std::vector<CkptPragma> &pragmas);
    void propagate();

    clang::ASTContext &ctx_;
    std::set<std::string> noreach_;
    std::map<const clang::FunctionDecl *, FunctionFacts> facts_;  // key: canonical decl
    std::vector<FunctionFacts *> order_;
    std::vector<const CkptPragma *> stray_;
    std::vector<LibraryCallback> callbacks_;
    std::vector<std::pair<const clang::FunctionDecl *, const clang::Expr *>> addressUses_;
    std::vector<const clang::CallExpr *> libraryCalls_;
    bool reachingAddressTaken_ = false;
};

}  // namespace aalc
