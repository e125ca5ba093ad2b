// Builds the call graph of one unit and propagates reachability of potential points.
#include "call_graph.h"
#include "c_visitor.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace aalc {

using namespace clang;

static bool isForbiddenInInstrumented(llvm::StringRef name)
{
    static const char *const names[] = {
        "setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp", "longjmp", "_longjmp", "siglongjmp",
        "__builtin_setjmp", "__builtin_longjmp", "alloca", "__builtin_alloca",
        "__builtin_alloca_with_align", "vfork"};
    for (const char *n : names)
        if (name == n)
            return true;
    return false;
}

namespace {
// Gathers calls, pragmas' host functions and function-address uses of one body.
class BodyVisitor : public CVisitor<BodyVisitor> {
public:
    BodyVisitor(CallGraph &graph, ASTContext &ctx, FunctionFacts &facts,
                std::vector<std::pair<const FunctionDecl *, const Expr *>> &addressUses,
                std::vector<const CallExpr *> &libraryCalls)
        : graph_(graph), ctx_(ctx), facts_(facts), addressUses_(addressUses),
          libraryCalls_(libraryCalls) {}

    // sizeof(f(x)) and __typeof__(f(x)) never call f.
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *)
    {
        return true;
    }
    bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc)
    {
        return true;
    }
    // Of a _Generic, only the association it selects is evaluated: not the
    // controlling expression (`_Generic((x), int: iabs, default: fabs)(x)`).
    bool TraverseGenericSelectionExpr(GenericSelectionExpr *g)
    {
        return g->isResultDependent() || TraverseStmt(g->getResultExpr());
    }
    // Of __builtin_choose_expr, only the operand it chooses.
    bool TraverseChooseExpr(ChooseExpr *c)
    {
        return TraverseStmt(c->getChosenSubExpr());
    }
    // Builtins whose operand is not evaluated, only looked at.
    bool TraverseCallExpr(CallExpr *call)
    {
        switch (call->getBuiltinCallee()) {
        case Builtin::BI__builtin_constant_p:
        case Builtin::BI__builtin_object_size:
        case Builtin::BI__builtin_dynamic_object_size:
        case Builtin::BI__builtin_classify_type:
        case Builtin::BI__builtin_assume:
            return true;
        default:
            return CVisitor<BodyVisitor>::TraverseCallExpr(call);
        }
    }

    bool VisitCallExpr(CallExpr *call)
    {
        Call c;
        c.callee = call->getDirectCallee();
        if (c.callee) {
            c.callee = c.callee->getCanonicalDecl();
            c.kind = graph_.classifyCallee(c.callee);
            if (isForbiddenInInstrumented(c.callee->getName()))
                facts_.forbidden.push_back(call);
        } else {
            c.kind = CalleeKind::Indirect;
        }
        if (c.kind == CalleeKind::Library)
            libraryCalls_.push_back(call);
        c.site = classifyCall(call, ctx_);
        facts_.calls.push_back(c);
        return true;
    }

    bool VisitOMPExecutableDirective(OMPExecutableDirective *d)
    {
        if (d->hasAssociatedStmt())
            constructs_.push_back(d);
        return true;
    }

    // Every construct with a structured block, outer before inner.
    const std::vector<const OMPExecutableDirective *> &constructs() const { return constructs_; }

    bool VisitDeclRefExpr(DeclRefExpr *ref)
    {
        auto *fn = dyn_cast<FunctionDecl>(ref->getDecl());
        if (!fn)
            return true;
        // A reference that is not the callee of a direct call takes the address.
        auto parents = ctx_.getParents(*ref);
        if (!parents.empty())
            if (auto *cast = parents[0].get<ImplicitCastExpr>())
                if (cast->getCastKind() == CK_FunctionToPointerDecay) {
                    auto up = ctx_.getParents(*cast);
                    if (!up.empty())
                        if (auto *call = up[0].get<CallExpr>())
                            if (call->getCallee() == cast)
                                return true;
                }
        addressUses_.push_back({fn->getCanonicalDecl(), ref});
        return true;
    }

private:
    CallGraph &graph_;
    ASTContext &ctx_;
    FunctionFacts &facts_;
    std::vector<std::pair<const FunctionDecl *, const Expr *>> &addressUses_;
    std::vector<const CallExpr *> &libraryCalls_;
    std::vector<const OMPExecutableDirective *> constructs_;
};
}  // namespace

const Stmt *openmpStructuredBlock(const OMPExecutableDirective *d)
{
    const Stmt *s = d->getAssociatedStmt();
    while (const auto *captured = dyn_cast_or_null<CapturedStmt>(s))
        s = captured->getCapturedStmt();
    return s;
}

const Stmt *lastStatementOf(const Stmt *s)
{
    for (;;) {
        if (const auto *f = dyn_cast<ForStmt>(s))
            s = f->getBody();
        else if (const auto *w = dyn_cast<WhileStmt>(s))
            s = w->getBody();
        else if (const auto *i = dyn_cast<IfStmt>(s))
            s = i->getElse() ? i->getElse() : i->getThen();
        else if (const auto *sw = dyn_cast<SwitchStmt>(s))
            s = sw->getBody();
        else if (const auto *l = dyn_cast<LabelStmt>(s))
            s = l->getSubStmt();
        else if (const auto *c = dyn_cast<SwitchCase>(s))
            s = c->getSubStmt();
        else if (const auto *a = dyn_cast<AttributedStmt>(s))
            s = a->getSubStmt();
        else if (const auto *d = dyn_cast<OMPExecutableDirective>(s);
                 d && d->hasAssociatedStmt())
            s = openmpStructuredBlock(d);
        else
            return s;
    }
}

// From the directive's '#pragma' to the end of its structured block.
static SourceRange constructRange(const OMPExecutableDirective *d)
{
    return {d->getBeginLoc(), lastStatementOf(openmpStructuredBlock(d))->getEndLoc()};
}

static bool within(const SourceManager &sm, SourceRange r, SourceLocation loc)
{
    loc = sm.getExpansionLoc(loc);
    return !sm.isBeforeInTranslationUnit(loc, sm.getExpansionLoc(r.getBegin())) &&
           !sm.isBeforeInTranslationUnit(sm.getExpansionLoc(r.getEnd()), loc);
}

const OMPExecutableDirective *CallGraph::openmpConstructAt(const FunctionFacts &f,
                                                           SourceLocation loc) const
{
    for (const OMPExecutableDirective *d : f.openmp)
        if (within(ctx_.getSourceManager(), constructRange(d), loc))
            return d;
    return nullptr;
}

CallGraph::CallGraph(ASTContext &ctx, const std::vector<CkptPragma> &pragmas,
                     const ReachFacts &facts)
    : ctx_(ctx), known_(facts)
{
    for (const CkptPragma &p : pragmas)
        if (p.kind == CkptPragma::NoReach)
            noreach_.insert(p.names.begin(), p.names.end());
    collect(pragmas);
    propagate();
}

CalleeKind CallGraph::classifyCallee(const FunctionDecl *fn) const
{
    const SourceManager &sm = ctx_.getSourceManager();
    if (fn->getBuiltinID() != 0)
        return CalleeKind::Library;
    llvm::StringRef name = fn->getName();
    // ckpt_header_NAME: the copy of a header's static function (instrumenter.cpp).
    if (name.startswith("MPI_") || name.startswith("PMPI_") ||
        (name.startswith("ckpt_") && !name.startswith("ckpt_header_")))
        return CalleeKind::Library;
    // A 'noreach' hint holds until the link step finds the function reaching.
    if (noreach_.count(name.str()) && !known_.reachingExternals.count(name.str()))
        return CalleeKind::Library;
    for (const FunctionDecl *d : fn->redecls())
        if (sm.isInSystemHeader(sm.getExpansionLoc(d->getLocation())))
            return CalleeKind::Library;
    if (fn->getDefinition() && fn->getDefinition()->hasBody())
        return CalleeKind::Local;
    return CalleeKind::External;
}

std::string CallGraph::qualifiedName(const FunctionDecl *fn, const std::string &unit)
{
    if (fn->getFormalLinkage() == Linkage::ExternalLinkage)
        return fn->getName().str();
    return unit + "#" + fn->getName().str();
}

FunctionFacts *CallGraph::factsFor(const FunctionDecl *fn) const
{
    auto it = facts_.find(fn->getCanonicalDecl());
    return it == facts_.end() ? nullptr : const_cast<FunctionFacts *>(&it->second);
}

void CallGraph::collect(const std::vector<CkptPragma> &pragmas)
{
    const SourceManager &sm = ctx_.getSourceManager();
    for (Decl *d : ctx_.getTranslationUnitDecl()->decls()) {
        auto *fn = dyn_cast<FunctionDecl>(d);
        if (!fn || !fn->doesThisDeclarationHaveABody())
            continue;
        FunctionFacts &facts = facts_[fn->getCanonicalDecl()];
        facts.function = fn;
        order_.push_back(&facts);
        BodyVisitor body(*this, ctx_, facts, addressUses_, libraryCalls_);
        body.TraverseStmt(fn->getBody());
        for (const OMPExecutableDirective *d : body.constructs())
            if (!openmpConstructAt(facts, d->getBeginLoc()))
                facts.openmp.push_back(d);
        for (Call &c : facts.calls)
            c.openmp = openmpConstructAt(facts, c.site.call->getBeginLoc());
    }
    // Addresses taken in file-scope initialisers (tables of handlers) count too,
    // but for ckpt_header_NAME_original: it names the header's definition of a
    // function that ckpt-instrument copied (as ckpt_header_NAME) only to keep
    // it from being reported unused, and is never called through.
    FunctionFacts fileScope;
    for (Decl *d : ctx_.getTranslationUnitDecl()->decls())
        if (auto *v = dyn_cast<VarDecl>(d))
            if (v->hasInit() && !(v->getName().startswith("ckpt_header_") &&
                                  v->getName().endswith("_original")))
                BodyVisitor(*this, ctx_, fileScope, addressUses_, libraryCalls_)
                    .TraverseStmt(const_cast<Expr *>(v->getInit()));
    for (const CkptPragma &p : pragmas) {
        if (p.kind != CkptPragma::Potential)
            continue;
        FunctionFacts *host = nullptr;
        for (FunctionFacts *f : order_) {
            SourceRange body = f->function->getBody()->getSourceRange();
            if (sm.isBeforeInTranslationUnit(body.getBegin(), p.hashLoc) &&
                sm.isBeforeInTranslationUnit(p.hashLoc, body.getEnd()))
                host = f;
        }
        if (host)
            host->points.push_back(&p);
        else
            stray_.push_back(&p);
    }
}

bool CallGraph::hintedNoReach(const FunctionDecl *fn) const
{
    return noreach_.count(fn->getName().str()) != 0;
}

bool CallGraph::functionReaches(const FunctionDecl *fn) const
{
    switch (classifyCallee(fn)) {
    case CalleeKind::Library:
    case CalleeKind::Indirect:
        return false;
    case CalleeKind::Local:
        return factsFor(fn)->reaches;
    case CalleeKind::External:
        return known_.reachingExternals.count(fn->getName().str()) != 0;
    }
    return false;
}

bool CallGraph::callReaches(const Call &call) const
{
    return !call.openmp && calleeMayReach(call);
}

bool CallGraph::calleeMayReach(const Call &call) const
{
    if (call.kind == CalleeKind::Indirect)
        return indirectCallsReach_;
    return functionReaches(call.callee);
}

std::vector<const FunctionDecl *> CallGraph::addressTaken() const
{
    std::vector<const FunctionDecl *> out;
    for (const auto &use : addressUses_) {
        CalleeKind kind = classifyCallee(use.first);
        if ((kind == CalleeKind::Local || kind == CalleeKind::External) &&
            std::find(out.begin(), out.end(), use.first) == out.end())
            out.push_back(use.first);
    }
    return out;
}

// Reachability over every call, whatever its form: a function reaches when
// one of its calls may lead to a potential point. A call through a pointer
// may when any function whose address is taken reaches (here, or as the link
// step found for the whole program).
void CallGraph::propagate()
{
    for (FunctionFacts *f : order_)
        f->reaches = !f->points.empty();
    indirectCallsReach_ = known_.indirectCallsReach;
    for (bool changed = true; changed;) {
        changed = false;
        for (FunctionFacts *f : order_) {
            if (f->reaches)
                continue;
            for (const Call &c : f->calls)
                if (callReaches(c)) {
                    f->reaches = changed = true;
                    break;
                }
        }
        if (!indirectCallsReach_)
            for (const auto &use : addressUses_)
                if (functionReaches(use.first)) {
                    indirectCallsReach_ = changed = true;
                    break;
                }
    }
    for (auto &[fn, expr] : addressUses_) {
        FunctionFacts *f = factsFor(fn);
        if (!f || !f->reaches)
            continue;
        // Passed straight to a library function (qsort, atexit, signal, ...)?
        for (const CallExpr *call : libraryCalls_)
            for (const Expr *arg : call->arguments()) {
                const Expr *a = arg->IgnoreParenCasts();
                if (auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
                    a = u->getSubExpr()->IgnoreParenCasts();
                if (a == expr)
                    callbacks_.push_back({f->function, call, expr});
            }
    }
}

}  // namespace aalc
