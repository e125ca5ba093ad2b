// Classifies call sites and computes the locals a restore label must restore.
#include "site_analysis.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/ErrorHandling.h"

namespace aalc {

using namespace clang;

const Stmt *parentStmt(const Stmt *s, ASTContext &ctx)
{
    auto parents = ctx.getParents(*s);
    if (parents.empty())
        return nullptr;
    if (const Stmt *p = parents[0].get<Stmt>())
        return p;
    // An initializer's parent is its VarDecl; the VarDecl's parent is the DeclStmt.
    if (const Decl *d = parents[0].get<Decl>()) {
        auto declParents = ctx.getParents(*d);
        if (!declParents.empty())
            return declParents[0].get<Stmt>();
    }
    return nullptr;
}

static const Decl *parentDecl(const Stmt *s, ASTContext &ctx)
{
    auto parents = ctx.getParents(*s);
    return parents.empty() ? nullptr : parents[0].get<Decl>();
}

static bool isTransparent(const Stmt *s)
{
    return isa<ImplicitCastExpr>(s) || isa<ParenExpr>(s) || isa<ConstantExpr>(s) ||
           isa<FullExpr>(s);
}

// Is `child` a whole statement of `parent` (rather than part of an expression)?
static bool holdsStatement(const Stmt *parent, const Stmt *child, bool &inCompound)
{
    inCompound = false;
    if (!parent)
        return false;
    if (isa<CompoundStmt>(parent)) {
        inCompound = true;
        return true;
    }
    if (auto *s = dyn_cast<IfStmt>(parent))
        return s->getThen() == child || s->getElse() == child;
    if (auto *s = dyn_cast<WhileStmt>(parent))
        return s->getBody() == child;
    if (auto *s = dyn_cast<DoStmt>(parent))
        return s->getBody() == child;
    if (auto *s = dyn_cast<ForStmt>(parent))
        return s->getBody() == child;
    if (auto *s = dyn_cast<SwitchCase>(parent))
        return s->getSubStmt() == child;
    if (auto *s = dyn_cast<LabelStmt>(parent))
        return s->getSubStmt() == child;
    return false;
}

CallSite classifyCall(const CallExpr *call, ASTContext &ctx)
{
    CallSite site;
    site.call = call;
    const Stmt *cur = call;
    const Stmt *parent = parentStmt(cur, ctx);
    const Decl *initOf = parentDecl(cur, ctx);
    while (parent && isTransparent(parent) && !initOf) {
        cur = parent;
        initOf = parentDecl(cur, ctx);
        parent = parentStmt(cur, ctx);
    }
    // (void)f(a); is a call statement.
    if (auto *cast = dyn_cast_or_null<CStyleCastExpr>(parent);
        cast && !initOf && cast->getType()->isVoidType()) {
        cur = parent;
        parent = parentStmt(cur, ctx);
        while (parent && isTransparent(parent)) {
            cur = parent;
            parent = parentStmt(cur, ctx);
        }
    }
    if (initOf) {
        auto *var = dyn_cast<VarDecl>(initOf);
        auto *declStmt = dyn_cast_or_null<DeclStmt>(parent);
        if (var && declStmt && declStmt->isSingleDecl() &&
            var->getInit() && var->getInit()->IgnoreParenImpCasts() == call) {
            bool inCompound = false;
            if (holdsStatement(parentStmt(declStmt, ctx), declStmt, inCompound) && inCompound) {
                site.form = SiteForm::Declaration;
                site.statement = declStmt;
                site.inCompound = true;
            }
        }
        return site;
    }
    if (holdsStatement(parent, cur, site.inCompound)) {
        site.form = SiteForm::CallStatement;
        site.statement = cur;
        return site;
    }
    if (auto *assign = dyn_cast_or_null<BinaryOperator>(parent);
        assign && assign->isAssignmentOp() && assign->getRHS()->IgnoreParenImpCasts() == call) {
        const Stmt *outer = assign;
        const Stmt *outerParent = parentStmt(outer, ctx);
        while (outerParent && isTransparent(outerParent)) {
            outer = outerParent;
            outerParent = parentStmt(outer, ctx);
        }
        if (holdsStatement(outerParent, outer, site.inCompound)) {
            site.form = SiteForm::Assignment;
            site.statement = outer;
            site.assignment = assign;
        }
        return site;
    }
    if (auto *ret = dyn_cast_or_null<ReturnStmt>(parent)) {
        bool inCompound = false;
        if (holdsStatement(parentStmt(ret, ctx), ret, inCompound)) {
            site.form = SiteForm::Return;
            site.statement = ret;
            site.inCompound = inCompound;
        }
    }
    return site;
}

bool declaresVariablyModified(const DeclStmt *ds)
{
    for (const Decl *d : ds->decls()) {
        if (auto *v = dyn_cast<VarDecl>(d)) {
            if (v->getType()->isVariablyModifiedType())
                return true;
        } else if (auto *t = dyn_cast<TypedefNameDecl>(d)) {
            if (t->getUnderlyingType()->isVariablyModifiedType())
                return true;
        }
    }
    return false;
}

namespace
{
struct Level {
    std::vector<const VarDecl *> locals;
    std::vector<const DeclStmt *> vm;
    void add(const DeclStmt *ds)
    {
        for (const Decl *d : ds->decls())
            if (auto *v = dyn_cast<VarDecl>(d); v && v->hasLocalStorage())
                locals.push_back(v);
        if (declaresVariablyModified(ds))
            vm.push_back(ds);
    }
};
} // namespace

std::vector<const VarDecl *> localsInScope(const ScopeQuery &q, ASTContext &ctx,
                                           bool &crossesStatementExpression,
                                           VariablyModifiedScopes *vm)
{
    const SourceManager &sm = ctx.getSourceManager();
    crossesStatementExpression = false;
    std::vector<Level> levels; // innermost first
    const Stmt *child = q.anchor;
    if (q.point.isValid()) {
        // A pragma between the statements of the compound `anchor`.
        Level level;
        for (const Stmt *s : cast<CompoundStmt>(q.anchor)->body()) {
            if (!sm.isBeforeInTranslationUnit(s->getBeginLoc(), q.point))
                break;
            if (auto *ds = dyn_cast<DeclStmt>(s))
                level.add(ds);
        }
        levels.push_back(level);
    }
    const Stmt *body = q.function->getBody();
    while (child && child != body) {
        const Stmt *parent = parentStmt(child, ctx);
        if (!parent) // the locals of the scopes above would be missed: never go on
            llvm::report_fatal_error(llvm::Twine("ckpt-instrument: internal error: a "
                                                 "statement of ") +
                                         q.function->getName() + "() has no parent in its body",
                                     false);
        Level level;
        if (auto *cs = dyn_cast<CompoundStmt>(parent)) {
            for (const Stmt *s : cs->body()) {
                if (s == child)
                    break;
                if (auto *ds = dyn_cast<DeclStmt>(s))
                    level.add(ds);
            }
        } else if (auto *fs = dyn_cast<ForStmt>(parent)) {
            if (fs->getInit() != child)
                if (auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit())) {
                    level.add(ds);
                    if (!level.vm.empty() && vm && !vm->inForInit)
                        vm->inForInit = ds;
                    level.vm.clear();
                }
        } else if (isa<StmtExpr>(parent)) {
            crossesStatementExpression = true;
        }
        levels.push_back(level);
        child = parent;
    }
    if (vm)
        for (auto it = levels.rbegin(); it != levels.rend(); ++it)
            vm->declarations.insert(vm->declarations.end(), it->vm.begin(), it->vm.end());
    std::vector<const VarDecl *> result;
    for (const ParmVarDecl *p : q.function->parameters())
        if (!p->getName().empty())
            result.push_back(p);
    for (auto it = levels.rbegin(); it != levels.rend(); ++it)
        result.insert(result.end(), it->locals.begin(), it->locals.end());
    return result;
}

static bool contains(SourceRange r, SourceLocation loc, const SourceManager &sm)
{
    return sm.isBeforeInTranslationUnit(r.getBegin(), loc) &&
           sm.isBeforeInTranslationUnit(loc, r.getEnd());
}

const Stmt *innermostStatementAt(const Stmt *body, SourceLocation loc, const SourceManager &sm)
{
    const Stmt *cur = body;
    for (bool descended = true; descended;) {
        descended = false;
        for (const Stmt *child : cur->children()) {
            if (child && contains(child->getSourceRange(), loc, sm)) {
                cur = child;
                descended = true;
                break;
            }
        }
    }
    return cur;
}

}  // namespace aalc
