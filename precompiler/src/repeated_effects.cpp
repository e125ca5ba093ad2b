#include "repeated_effects.h"

#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace {

bool pureButForErrno(const CallExpr *call, ASTContext &ctx)
{
    const FunctionDecl *fn = call->getDirectCallee();
    if (!fn)
        return false;
    unsigned id = fn->getBuiltinID();
    if (id == 0 || !ctx.BuiltinInfo.isConstWithoutErrno(id))
        return false;
    const SourceManager &sm = ctx.getSourceManager();
    return sm.isInSystemHeader(sm.getExpansionLoc(fn->getLocation())) ||
           ctx.BuiltinInfo.isPredefinedLibFunction(id);
}

// Kinds of expression whose evaluation has an effect of its own (not only
// through their operands).
bool effectOfItsOwn(const Expr *e)
{
    if (const auto *b = dyn_cast<BinaryOperator>(e))
        return b->isAssignmentOp();
    if (const auto *u = dyn_cast<UnaryOperator>(e))
        return u->isIncrementDecrementOp();
    if (const auto *cast = dyn_cast<ImplicitCastExpr>(e))
        return cast->getCastKind() == CK_LValueToRValue &&
               cast->getSubExpr()->getType().isVolatileQualified();
    return isa<StmtExpr>(e) || isa<VAArgExpr>(e);
}

}  // namespace

bool effectsWhenRepeated(const Expr *e, ASTContext &ctx)
{
    if (!e || !e->HasSideEffects(ctx))
        return false;
    e = e->IgnoreParens();
    if (const auto *call = dyn_cast<CallExpr>(e)) {
        if (!pureButForErrno(call, ctx))
            return true;
        for (const Expr *arg : call->arguments())
            if (effectsWhenRepeated(arg, ctx))
                return true;
        return false;
    }
    if (effectOfItsOwn(e))
        return true;
    bool operandHasEffects = false;
    for (const Stmt *child : e->children()) {
        const auto *operand = dyn_cast_or_null<Expr>(child);
        if (!operand || !operand->HasSideEffects(ctx))
            continue;
        operandHasEffects = true;
        if (effectsWhenRepeated(operand, ctx))
            return true;
    }
    // Clang sees an effect in none of the operands: the expression's own,
    // of a kind not listed above. Count it.
    return !operandHasEffects;
}
