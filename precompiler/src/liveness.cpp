// Live locals at restore labels, from Clang's LiveVariables on the function's CFG.
//
// A local is saved at a label when it may be read before being written from
// there on, or when its address escapes (then writes and reads through pointers
// are invisible to the analysis). Where the analysis says nothing about a
// label, every visible local is saved, as without it.
#include "liveness.h"
#include "c_visitor.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <set>

namespace aalc {

using namespace clang;

namespace {

// The local whose storage an lvalue lies in: x, x.m, x.a[i], __real__ x;
// null when the lvalue is reached through a pointer.
const VarDecl *storageOf(const Expr *e)
{
    while (e) {
        e = e->IgnoreParens();
        if (auto *r = dyn_cast<DeclRefExpr>(e))
            return dyn_cast<VarDecl>(r->getDecl());
        if (auto *m = dyn_cast<MemberExpr>(e)) {
            if (m->isArrow())
                return nullptr;
            e = m->getBase();
        } else if (auto *s = dyn_cast<ArraySubscriptExpr>(e)) {
            auto *c = dyn_cast<ImplicitCastExpr>(s->getBase()->IgnoreParens());
            if (!c || c->getCastKind() != CK_ArrayToPointerDecay)
                return nullptr;
            e = c->getSubExpr();
        } else if (auto *u = dyn_cast<UnaryOperator>(e);
                   u && (u->getOpcode() == UO_Real || u->getOpcode() == UO_Imag)) {
            e = u->getSubExpr();
        } else if (auto *c = dyn_cast<ImplicitCastExpr>(e); c && c->getCastKind() == CK_NoOp) {
            e = c->getSubExpr();
        } else {
            return nullptr;
        }
    }
    return nullptr;
}

// Locals the liveness analysis cannot follow: their address is taken (&x,
// &s.m, an array member decaying to a pointer), they are arrays or volatile,
// captured by a block, used by an asm statement or in a variable-length
// array's size.
class EscapeFinder : public CVisitor<EscapeFinder> {
public:
    std::set<const VarDecl *> escaping;

    bool VisitVarDecl(VarDecl *v)
    {
        QualType t = v->getType();
        if (t->isArrayType() || t.isVolatileQualified() ||
            v->getASTContext().getBaseElementType(t).isVolatileQualified() ||
            v->hasAttr<BlocksAttr>())
            escaping.insert(v);
        return true;
    }
    bool VisitUnaryOperator(UnaryOperator *u)
    {
        if (u->getOpcode() == UO_AddrOf)
            add(storageOf(u->getSubExpr()));
        return true;
    }
    // Visited before their operands: a[i] does not give a's address away.
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *s)
    {
        subscripted_.insert(s->getBase()->IgnoreParens());
        return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *c)
    {
        if (c->getCastKind() == CK_ArrayToPointerDecay && !subscripted_.count(c))
            add(storageOf(c->getSubExpr()));
        return true;
    }
    bool VisitBlockExpr(BlockExpr *b)
    {
        for (const BlockDecl::Capture &c : b->getBlockDecl()->captures())
            add(c.getVariable());
        return true;
    }
    bool VisitAsmStmt(AsmStmt *s)
    {
        addAllIn(s);
        return true;
    }
    bool TraverseVariableArrayTypeLoc(VariableArrayTypeLoc tl)
    {
        addAllIn(tl.getSizeExpr());
        return RecursiveASTVisitor::TraverseVariableArrayTypeLoc(tl);
    }

private:
    void add(const VarDecl *v)
    {
        if (v && v->hasLocalStorage())
            escaping.insert(v);
    }
    void addAllIn(const Stmt *s)
    {
        if (!s)
            return;
        if (auto *r = dyn_cast<DeclRefExpr>(s))
            add(dyn_cast<VarDecl>(r->getDecl()));
        for (const Stmt *child : s->children())
            addAllIn(child);
    }
    std::set<const Expr *> subscripted_;
};

// A statement that does nothing when it runs: ';', '{ }' or a declaration of types only.
bool isInert(const Stmt *s)
{
    if (isa<NullStmt>(s))
        return true;
    if (auto *c = dyn_cast<CompoundStmt>(s))
        return std::all_of(c->body_begin(), c->body_end(), isInert);
    auto *ds = dyn_cast<DeclStmt>(s);
    if (!ds)
        return false;
    return std::all_of(ds->decl_begin(), ds->decl_end(), [](const Decl *d) {
        if (auto *t = dyn_cast<TypedefNameDecl>(d))
            return !t->getUnderlyingType()->isVariablyModifiedType();
        return isa<TagDecl>(d) || isa<StaticAssertDecl>(d);
    });
}

// The part of `s` that runs first: the condition of an if, while or switch,
// the first statement of a block, ... Null for a block with nothing to run.
const Stmt *entryOf(const Stmt *s)
{
    for (;;) {
        if (auto *c = dyn_cast<CompoundStmt>(s)) {
            auto first = std::find_if(c->body_begin(), c->body_end(),
                                      [](const Stmt *t) { return !isInert(t); });
            if (first == c->body_end())
                return nullptr;
            s = *first;
        } else if (auto *i = dyn_cast<IfStmt>(s);
                   i && !i->getInit() && !i->getConditionVariable()) {
            return i->getCond();
        } else if (auto *w = dyn_cast<WhileStmt>(s); w && !w->getConditionVariable()) {
            return w->getCond();
        } else if (auto *sw = dyn_cast<SwitchStmt>(s); sw && !sw->getInit() &&
                                                         !sw->getConditionVariable()) {
            return sw->getCond();
        } else if (auto *f = dyn_cast<ForStmt>(s); f && !f->getConditionVariable()) {
            if (f->getInit())
                return f->getInit();
            if (f->getCond())
                return f->getCond();
            s = f->getBody();
        } else if (auto *d = dyn_cast<DoStmt>(s)) {
            s = d->getBody();
        } else if (auto *l = dyn_cast<LabelStmt>(s)) {
            s = l->getSubStmt();
        } else if (auto *sc = dyn_cast<SwitchCase>(s)) { // falling into a case
            s = sc->getSubStmt();
        } else if (auto *a = dyn_cast<AttributedStmt>(s)) {
            s = a->getSubStmt();
        } else {
            return s;
        }
    }
}

}  // namespace

struct FunctionLiveness::Impl {
    struct Place {
        const CFGBlock *block;
        unsigned index;
    };
    ASTContext &ctx;
    const FunctionDecl *function;
    AnalysisDeclContextManager manager;
    std::unique_ptr<LiveVariables> live;  // null: no information anywhere
    llvm::DenseMap<const Stmt *, llvm::SmallVector<Place, 1>> places;  // CFG elements
    // A DeclStmt of several variables appears in the CFG as one DeclStmt per variable.
    llvm::DenseMap<const Stmt *, llvm::SmallVector<const DeclStmt *, 2>> split;
    // Blocks ended by a statement (break, continue, goto, if, ...).
    llvm::DenseMap<const Stmt *, llvm::SmallVector<const CFGBlock *, 1>> terminated;
    std::set<const VarDecl *> escaping;

    Impl(ASTContext &c, const FunctionDecl *fn) : ctx(c), function(fn), manager(c) {}

    // The CFG elements that are `s` or part of it. False when one of them
    // appears more than once (isLive would then describe one of its places only).
    bool elementsOf(const Stmt *s, std::vector<const Stmt *> &out) const
    {
        auto it = places.find(s);
        if (it != places.end()) {
            if (it->second.size() != 1)
                return false;
            out.push_back(s);
        }
        if (auto found = split.find(s); found != split.end())
            for (const DeclStmt *d : found->second)
                if (!elementsOf(d, out))
                    return false;
        for (const Stmt *child : s->children())
            if (child && !elementsOf(child, out))
                return false;
        return true;
    }

    template <typename IsLive>
    void keep(std::vector<const VarDecl *> &locals, IsLive isLive) const
    {
        locals.erase(std::remove_if(locals.begin(), locals.end(),
                                    [&](const VarDecl *v) {
                                        return !escaping.count(v) && !isLive(v);
                                    }),
                     locals.end());
    }

    // Live right after `s` (an expression or a declaration) has run.
    bool keepLiveAfter(const Stmt *s, std::vector<const VarDecl *> &locals) const
    {
        // The last element of an expression statement is its outermost
        // expression; of a declaration, the DeclStmt (of its last variable).
        const Stmt *last = nullptr;
        if (auto *e = dyn_cast<Expr>(s)) {
            last = e->IgnoreParens();
        } else if (auto *ds = dyn_cast<DeclStmt>(s)) {
            last = ds;
            if (!ds->isSingleDecl()) {
                last = nullptr;
                if (auto found = split.find(ds); found != split.end())
                    for (const DeclStmt *d : found->second)
                        if (d->getSingleDecl() == *(ds->decl_end() - 1))
                            last = d;
            }
        }
        auto it = last ? places.find(last) : places.end();
        if (it == places.end() || it->second.size() != 1)
            return false;
        const Place &p = it->second.front();
        if (p.index + 1 < p.block->size()) {
            auto next = (*p.block)[p.index + 1].getAs<CFGStmt>();
            if (!next)
                return false;
            keep(locals, [&](const VarDecl *v) { return live->isLive(next->getStmt(), v); });
        } else {
            // A terminator after `last` only tests values (liveExprs), so the
            // block's end is where `last` ends.
            keep(locals, [&](const VarDecl *v) { return live->isLive(p.block, v); });
        }
        return true;
    }
};

FunctionLiveness::FunctionLiveness(const FunctionDecl *fn, ASTContext &ctx)
    : impl_(std::make_unique<Impl>(ctx, fn))
{
    // Every subexpression as an element of its own: the transfer functions see
    // only the elements, and with the default options (full statements only)
    // a variable read inside a call's arguments would go unnoticed.
    impl_->manager.getCFGBuildOptions().setAllAlwaysAdd();
    // Keep branches Clang finds constant: the C compiler may fold them
    // differently (__builtin_constant_p), and a branch taken there must not
    // read a local left out here.
    impl_->manager.getCFGBuildOptions().PruneTriviallyFalseEdges = false;
    AnalysisDeclContext *ac = impl_->manager.getContext(fn);
    CFG *cfg = ac->getCFG();
    if (!cfg)
        return;
    impl_->live = LiveVariables::computeLiveness(*ac, /*killAtAssign=*/true);
    if (!impl_->live)
        return;
    for (const CFGBlock *block : *cfg)
        for (unsigned i = 0; i < block->size(); ++i)
            if (auto s = (*block)[i].getAs<CFGStmt>())
                impl_->places[s->getStmt()].push_back({block, i});
    for (const CFGBlock *block : *cfg)
        if (const Stmt *t = block->getTerminatorStmt())
            impl_->terminated[t].push_back(block);
    for (auto it = cfg->synthetic_stmt_begin(); it != cfg->synthetic_stmt_end(); ++it)
        impl_->split[it->second].push_back(it->first);
    EscapeFinder escapes;
    escapes.TraverseDecl(const_cast<FunctionDecl *>(fn));
    impl_->escaping = std::move(escapes.escaping);
}

FunctionLiveness::~FunctionLiveness() = default;

bool FunctionLiveness::keepLiveBefore(const Stmt *stmt, std::vector<const VarDecl *> &locals) const
{
    if (!impl_->live)
        return false;
    const Stmt *entry = entryOf(stmt);
    // break, continue, goto: what is live where they jump to, the end of their block.
    if (entry && (isa<BreakStmt>(entry) || isa<ContinueStmt>(entry) || isa<GotoStmt>(entry))) {
        auto it = impl_->terminated.find(entry);
        if (it == impl_->terminated.end() || it->second.size() != 1)
            return false;
        const CFGBlock *block = it->second.front();
        impl_->keep(locals, [&](const VarDecl *v) { return impl_->live->isLive(block, v); });
        return true;
    }
    // Live before the first element that runs is live before one of the
    // elements of the part that runs first: their union is a safe superset.
    std::vector<const Stmt *> elements;
    if (!entry || !impl_->elementsOf(entry, elements) || elements.empty()) {
        elements.clear();
        if (!impl_->elementsOf(stmt, elements) || elements.empty())
            return false;
    }
    impl_->keep(locals, [&](const VarDecl *v) {
        return std::any_of(elements.begin(), elements.end(),
                           [&](const Stmt *e) { return impl_->live->isLive(e, v); });
    });
    return true;
}

bool FunctionLiveness::keepLiveAt(const CompoundStmt *block, SourceLocation point,
                                  std::vector<const VarDecl *> &locals) const
{
    if (!impl_->live)
        return false;
    const SourceManager &sm = impl_->ctx.getSourceManager();
    const Stmt *before = nullptr, *after = nullptr;
    for (const Stmt *s : block->body()) {
        if (isInert(s))
            continue;
        if (!sm.isBeforeInTranslationUnit(s->getBeginLoc(), point)) {
            after = s;
            break;
        }
        before = s;
    }
    // Execution goes on from the point: what is live after the statement
    // before it (exact), else before the statement after it, else once the
    // block is done.
    if (before && impl_->keepLiveAfter(before, locals))
        return true;
    if (after)
        return keepLiveBefore(after, locals);
    return keepLiveOnceDone(block, locals);
}

bool FunctionLiveness::keepLiveOnceDone(const Stmt *stmt,
                                        std::vector<const VarDecl *> &locals) const
{
    if (stmt == impl_->function->getBody()) { // the function returns
        impl_->keep(locals, [](const VarDecl *) { return false; });
        return true;
    }
    auto parents = impl_->ctx.getParents(*stmt);
    const Stmt *parent = parents.size() == 1 ? parents[0].get<Stmt>() : nullptr;
    if (!parent)
        return false;
    if (auto *c = dyn_cast<CompoundStmt>(parent)) {
        auto it = std::find(c->body_begin(), c->body_end(), stmt);
        if (it == c->body_end())
            return false;
        auto next = std::find_if(it + 1, c->body_end(), [](const Stmt *t) { return !isInert(t); });
        return next != c->body_end() ? keepLiveBefore(*next, locals)
                                     : keepLiveOnceDone(parent, locals);
    }
    // The end of a loop body: the loop goes on with its increment, its
    // condition, or (for (;;)) the body again.
    if (auto *f = dyn_cast<ForStmt>(parent); f && f->getBody() == stmt)
        return keepLiveBefore(f->getInc()    ? f->getInc()
                              : f->getCond() ? f->getCond()
                                             : f->getBody(),
                              locals);
    if (auto *w = dyn_cast<WhileStmt>(parent); w && w->getBody() == stmt)
        return keepLiveBefore(w->getCond(), locals);
    if (auto *d = dyn_cast<DoStmt>(parent); d && d->getBody() == stmt)
        return keepLiveBefore(d->getCond(), locals);
    // A branch, a labelled statement or a switch body done: so is its parent.
    if (isa<IfStmt>(parent) || isa<SwitchStmt>(parent) || isa<SwitchCase>(parent) ||
        isa<LabelStmt>(parent) || isa<AttributedStmt>(parent))
        return keepLiveOnceDone(parent, locals);
    return false;
}

}  // namespace aalc
