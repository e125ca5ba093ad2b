// Moving reaching calls out of expressions (see normalizer.h).
#include "normalizer.h"

#include "repeated_effects.h"
#include "site_analysis.h"
#include "type_spelling.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>
#include <set>

namespace aalc {

using namespace clang;

// How the statement holding the call is rewritten.
enum class Rewrite {
    Hoist,           // `{ T v = f(x); S' }`: S with the call replaced by v
    HoistBeforeDecl, // `T v = f(x); D'`: the declaration D stays in its block
    WhileCondition,  // while (C) B   ->  while (1) { if (!(C)) break; B }
    ForCondition,    // for (I; C; N) B  ->  for (I; ; N) { if (!(C)) break; B }
    ForIncrement,    // for (I; C; N) B  ->  for (I; C; ) { B next: N; }
    DoCondition,     // do B while (C);  ->  for (;;) { B next: if (!(C)) break; }
                     // (each `continue` of the loop in B becomes `goto next`)
    SplitComma,      // a, b;  ->  { a; b; }
    ExpandMacro,     // STEP(x);  ->  do { solve(x); } while (0);   (the statement as parsed)
    SplitDeclaration, // int a = 1, b = f(a);  ->  int a = 1; int b = f(a);
    ForInitOut        // for (int a = 1, b = f(a); C; N) B  ->  { int a = 1, b = f(a); for (; C; N) B }
};

// What a Hoist moves out into a variable, and how it is computed there.
struct Normalizer::Moved {
    enum Kind {
        Value,    // T v = E;                       (a call, an argument, a callee)
        And,      // int v = !!(L); if (v) v = !!(R);
        Or,       // int v = !!(L); if (!v) v = !!(R);
        Choice,   // T v; if (C) v = (A); else v = (B);
        Elvis,    // T v = (A); if (!v) v = (B);        (GNU's A ?: B)
        Sequence, // L; T v = R;
        Address   // T *v = &(E);  then used as (*v): an assignment's target
    };
    Kind kind;
    const Expr *expr;
};

struct Normalizer::Plan {
    Rewrite rewrite;
    const Stmt *anchor = nullptr; // the statement rewritten
    std::vector<Moved> moved;     // for Hoist*: what is moved out
    const FunctionDecl *function = nullptr; // where: its locals may hide a typedef
};

CharSourceRange Normalizer::fileRange(SourceRange r) const
{
    const SourceManager &sm = ctx_.getSourceManager();
    CharSourceRange range =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, ctx_.getLangOpts());
    if (range.isInvalid() || !sm.isInMainFile(range.getBegin()))
        return CharSourceRange();
    return range;
}

// The `continue`s of this loop in its body (not those of a loop inside it).
static void continuesOf(const Stmt *s, std::vector<const ContinueStmt *> &out)
{
    if (!s || isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s))
        return;
    if (auto *c = dyn_cast<ContinueStmt>(s)) {
        out.push_back(c);
        return;
    }
    for (const Stmt *child : s->children())
        continuesOf(child, out);
}

// Can every `continue` of the loop be rewritten (none comes from a macro)?
bool Normalizer::continuesRewritable(const Stmt *body) const
{
    std::vector<const ContinueStmt *> continues;
    continuesOf(body, continues);
    for (const ContinueStmt *c : continues)
        if (!fileRange(c->getSourceRange()).isValid())
            return false;
    return true;
}

// Does expression e mention one of the variables declared by ds? (Its tags
// and their enum constants: namesTagOf.)
static bool mentions(const Stmt *e, const DeclStmt *ds)
{
    if (!e)
        return false;
    if (auto *ref = dyn_cast<DeclRefExpr>(e))
        for (const Decl *d : ds->decls())
            if (ref->getDecl() == d)
                return true;
    for (const Stmt *child : e->children())
        if (mentions(child, ds))
            return true;
    return false;
}

// Does e's text name a tag that ds defines, or one of its enum constants
// (`struct S {...} s = {f(sizeof(struct S))}`, `enum {K = 3} e = f(sizeof(char[K]))`),
// where a type, not an expression, may use it? Unknown text counts as naming.
bool Normalizer::namesTagOf(const Expr *e, const DeclStmt *ds) const
{
    std::set<std::string> names;
    for (const Decl *d : ds->decls())
        if (auto *tag = dyn_cast<TagDecl>(d)) {
            if (tag->getIdentifier())
                names.insert(tag->getName().str());
            if (auto *en = dyn_cast<EnumDecl>(tag))
                for (const EnumConstantDecl *constant : en->enumerators())
                    names.insert(constant->getName().str());
        }
    if (names.empty())
        return false;
    CharSourceRange r = fileRange(e->getSourceRange());
    if (r.isInvalid())
        return true;
    return namesOneOf(Lexer::getSourceText(r, ctx_.getSourceManager(), ctx_.getLangOpts()), names);
}

// Does s give the value of a statement expression `({ ...; s; })`, as its
// last statement (null statements after it and labels on it aside)?
static bool givesStatementExpressionValue(const Stmt *s, ASTContext &ctx)
{
    for (;;) {
        auto parents = ctx.getParents(*s);
        const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
        if (auto *label = dyn_cast_or_null<LabelStmt>(parent)) {
            s = label;
            continue;
        }
        auto *block = dyn_cast_or_null<CompoundStmt>(parent);
        if (!block)
            return false;
        auto up = ctx.getParents(*block);
        return !up.empty() && up[0].get<StmtExpr>() &&
               const_cast<CompoundStmt *>(block)->getStmtExprResult() == s;
    }
}

// The expression statement whose top is the chain of ',' that `comma` is in
// (`a, b, c;`), or null when that chain is part of a larger expression.
static const Expr *commaStatement(const BinaryOperator *comma, ASTContext &ctx)
{
    const Expr *top = comma;
    for (;;) {
        auto parents = ctx.getParents(*top);
        const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
        auto *outer = dyn_cast_or_null<BinaryOperator>(parent);
        if (outer && outer->isCommaOp() && outer->getLHS() == top) {
            top = outer;
            continue;
        }
        if (!parent || isa<Expr>(parent))
            return nullptr;
        // A statement of its own, not the condition of an if or a loop.
        if (isa<CompoundStmt>(parent) || isa<LabelStmt>(parent) || isa<SwitchCase>(parent) ||
            (isa<IfStmt>(parent) && cast<IfStmt>(parent)->getCond() != top) ||
            (isa<WhileStmt>(parent) && cast<WhileStmt>(parent)->getCond() != top) ||
            (isa<DoStmt>(parent) && cast<DoStmt>(parent)->getCond() != top) ||
            (isa<ForStmt>(parent) && cast<ForStmt>(parent)->getBody() == top))
            return top;
        return nullptr;
    }
}

// Walks up from the call to the statement that holds it, checking on the way
// that C evaluates the call unconditionally and after nothing it must follow.
// Can each variable of the declaration be declared alone, from its type as
// Clang prints it and its initializer's text?
bool Normalizer::splittable(const DeclStmt *ds) const
{
    if (!fileRange(ds->getSourceRange()).isValid())
        return false;
    for (const Decl *d : ds->decls()) {
        auto *v = dyn_cast<VarDecl>(d);
        if (!v || v->hasAttrs() || v->getStorageClass() != SC_None ||
            v->getType()->isVariablyModifiedType() || !spellable(v->getType()))
            return false;
        if (v->getInit() && !fileRange(v->getInit()->getSourceRange()).isValid())
            return false;
    }
    return true;
}

static SourceLocation endOfStatement(const Stmt *s, const SourceManager &sm,
                                     const LangOptions &lo);

bool Normalizer::plan(const Expr *start, int startKind, Plan &p, std::string &why) const
{
    Moved moved{static_cast<Moved::Kind>(startKind), start};
    const Stmt *child = start;
    for (;;) {
        auto parents = ctx_.getParents(*child);
        if (parents.empty()) {
            why = "ckpt-instrument cannot tell which statement holds it";
            return false;
        }
        if (auto *var = parents[0].get<VarDecl>()) {
            auto up = ctx_.getParents(*var);
            auto *ds = up.empty() ? nullptr : up[0].get<DeclStmt>();
            if (!ds) {
                why = "it initializes something other than a local variable";
                return false;
            }
            // Moved ahead of the declaration: it must not need what the
            // declaration declares, nor overtake what an earlier declarator
            // evaluates (an initializer that reads what the call may change,
            // an array's size); otherwise the declaration is split into one
            // per variable first.
            bool split = mentions(moved.expr, ds) || namesTagOf(moved.expr, ds);
            for (const Decl *d : ds->decls()) {
                if (d == var)
                    break;
                auto *earlier = dyn_cast<VarDecl>(d);
                if (earlier && (earlier->getType()->isVariablyModifiedType() ||
                                (earlier->getInit() && !earlier->getInit()->isEvaluatable(ctx_))))
                    split = true;
            }
            auto above = ctx_.getParents(*ds);
            const Stmt *holder = above.empty() ? nullptr : above[0].get<Stmt>();
            auto *loop = dyn_cast_or_null<ForStmt>(holder);
            if (split && !ds->isSingleDecl() && loop) {
                for (const Decl *d : ds->decls())
                    if (auto *v = dyn_cast<VarDecl>(d); v && v->getType()->isVariablyModifiedType()) {
                        why = "it follows a variable-length array declared in the same 'for' "
                              "clause; declare the array before the 'for'";
                        return false;
                    }
                if (!fileRange(ds->getSourceRange()).isValid() ||
                    !fileRange(SourceRange(loop->getForLoc(), loop->getForLoc())).isValid() ||
                    endOfStatement(loop->getBody(), ctx_.getSourceManager(), ctx_.getLangOpts())
                        .isInvalid()) {
                    why = "it follows another declarator of a 'for' clause written by a macro; "
                          "declare the variables before the 'for'";
                    return false;
                }
                p = {Rewrite::ForInitOut, loop, {}};
                return true;
            }
            if (split && !ds->isSingleDecl()) {
                if (!splittable(ds)) {
                    why = "it uses a variable, tag or enum constant of the same declaration, or "
                          "follows a declarator that evaluates something (an initializer, an "
                          "array's size), and the declaration cannot be split by "
                          "ckpt-instrument; declare each variable (and the enum) in a "
                          "statement of its own";
                    return false;
                }
                p = {Rewrite::SplitDeclaration, ds, {}};
                return true;
            }
            if (split) {
                why = "it uses the variable it initializes";
                return false;
            }
            if (loop) {
                p = {Rewrite::Hoist, loop, {moved}};
                return true;
            }
            p = {Rewrite::HoistBeforeDecl, ds, {moved}};
            return true;
        }
        const Stmt *parent = parents[0].get<Stmt>();
        if (!parent) {
            why = "ckpt-instrument cannot tell which statement holds it";
            return false;
        }
        if (isa<StmtExpr>(parent)) {
            why = "it stands inside a statement expression '({ ... })'; use a plain block";
            return false;
        }
        if (auto *e = dyn_cast<Expr>(parent)) {
            if (auto *b = dyn_cast<BinaryOperator>(e)) {
                // `a, f(x);` as a statement: each operand becomes a statement.
                if (b->isCommaOp())
                    if (const Expr *top = commaStatement(b, ctx_)) {
                        if (givesStatementExpressionValue(top, ctx_)) {
                            why = "it stands inside a statement expression '({ ... })'; use a "
                                  "plain block";
                            return false;
                        }
                        p = {Rewrite::SplitComma, top, {}};
                        return true;
                    }
                // Evaluated only sometimes, or only after something: the whole
                // operator is moved out, as statements that evaluate it the same way.
                if (b->isLogicalOp() && b->getRHS() == child)
                    moved = {b->getOpcode() == BO_LAnd ? Moved::And : Moved::Or, b};
                if (b->isCommaOp() && b->getRHS() == child && b->getLHS()->HasSideEffects(ctx_))
                    moved = {Moved::Sequence, b};
            }
            if (auto *c = dyn_cast<ConditionalOperator>(e); c && c->getCond() != child)
                moved = {Moved::Choice, c};
            if (auto *c = dyn_cast<BinaryConditionalOperator>(e); c && c->getFalseExpr() == child)
                moved = {Moved::Elvis, c};
            child = e;
            continue;
        }
        if (auto *s = dyn_cast<IfStmt>(parent); s && s->getCond() == child) {
            p = {Rewrite::Hoist, s, {moved}};
            return true;
        }
        if (auto *s = dyn_cast<SwitchStmt>(parent); s && s->getCond() == child) {
            p = {Rewrite::Hoist, s, {moved}};
            return true;
        }
        if (auto *s = dyn_cast<WhileStmt>(parent); s && s->getCond() == child) {
            p = {Rewrite::WhileCondition, s, {}};
            return true;
        }
        if (auto *s = dyn_cast<DoStmt>(parent); s && s->getCond() == child) {
            if (!continuesRewritable(s->getBody())) {
                why = "it is in the condition of a do-while loop with a 'continue' written by "
                      "a macro; write that 'continue' without the macro";
                return false;
            }
            p = {Rewrite::DoCondition, s, {}};
            return true;
        }
        if (auto *s = dyn_cast<ForStmt>(parent)) {
            if (s->getCond() == child) {
                p = {Rewrite::ForCondition, s, {}};
                return true;
            }
            if (s->getInc() == child) {
                if (!continuesRewritable(s->getBody())) {
                    why = "it is in the increment of a for loop with a 'continue' written by a "
                          "macro; write that 'continue' without the macro";
                    return false;
                }
                p = {Rewrite::ForIncrement, s, {}};
                return true;
            }
            if (s->getInit() == child) {
                p = {Rewrite::Hoist, s, {moved}};
                return true;
            }
        }
        if (auto *s = dyn_cast<ReturnStmt>(parent)) {
            p = {Rewrite::Hoist, s, {moved}};
            return true;
        }
        // The expression is a statement of its own (in a block, a branch, a body).
        if (isa<Expr>(child)) {
            // The last one of `({ ...; e; })` gives the value: in a block, it would not.
            if (givesStatementExpressionValue(child, ctx_)) {
                why = "it stands inside a statement expression '({ ... })'; use a plain block";
                return false;
            }
            p = {Rewrite::Hoist, child, {moved}};
            return true;
        }
        why = "ckpt-instrument cannot tell which statement holds it";
        return false;
    }
}

std::string Normalizer::unmovable(const Plan &p) const
{
    if (!fileRange(p.anchor->getSourceRange()).isValid())
        return "the statement that holds it comes from a macro expansion; write that statement "
               "without the macro";
    for (const Moved &m : p.moved) {
        if (!fileRange(m.expr->getSourceRange()).isValid())
            return "it comes from a macro expansion; write it without the macro";
        QualType t = m.expr->getType();
        if (m.kind == Moved::And || m.kind == Moved::Or || t->isVoidType())
            continue;
        if (!spellable(t) || t->isVariablyModifiedType())
            return "its value has a type without a name, which a variable cannot be declared "
                   "with; give the type a name (a tag or a typedef)";
        if (m.kind == Moved::Address && m.expr->refersToBitField())
            return "it is assigned to a bit-field whose designation has side effects; compute "
                   "them into a variable first";
    }
    return "";
}

std::string Normalizer::whyNot(const CallExpr *call) const
{
    Plan p;
    std::string why;
    if (!plan(call, Moved::Value, p, why))
        return why;
    return unmovable(p);
}

// The text of `range` with the expressions in `temps` replaced by their variables.
std::string
Normalizer::textWith(SourceRange range,
                     const std::vector<std::pair<const Expr *, std::string>> &temps) const
{
    const SourceManager &sm = ctx_.getSourceManager();
    CharSourceRange whole = fileRange(range);
    unsigned begin = sm.getFileOffset(whole.getBegin()), end = sm.getFileOffset(whole.getEnd());
    llvm::StringRef buffer = sm.getBufferData(sm.getMainFileID());
    std::vector<std::pair<unsigned, unsigned>> cuts; // offsets replaced
    std::vector<std::string> names;
    for (const auto &[call, name] : temps) {
        CharSourceRange r = fileRange(call->getSourceRange());
        unsigned b = sm.getFileOffset(r.getBegin()), e = sm.getFileOffset(r.getEnd());
        // Exactly the range asked for: an expression moved already (the left
        // operand of `,`, `&&`, `||` or `?:` before a reaching call in the
        // other one), which must not be evaluated a second time.
        if (b < begin || e > end)
            continue;
        bool inner = false; // inside a call replaced already: gone with it
        for (const auto &c : cuts)
            if (b >= c.first && e <= c.second)
                inner = true;
        if (inner)
            continue;
        // An outer call replaces the inner ones it contains.
        for (size_t i = 0; i < cuts.size();)
            if (cuts[i].first >= b && cuts[i].second <= e) {
                cuts.erase(cuts.begin() + i);
                names.erase(names.begin() + i);
            } else {
                ++i;
            }
        cuts.push_back({b, e});
        names.push_back(name);
    }
    std::vector<size_t> order(cuts.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](size_t x, size_t y) { return cuts[x].first < cuts[y].first; });
    std::string out;
    unsigned at = begin;
    for (size_t i : order) {
        out += buffer.substr(at, cuts[i].first - at).str() + names[i];
        at = cuts[i].second;
    }
    return out + buffer.substr(at, end - at).str();
}

// Where the statement ends: after its '}' or its ';'.
static SourceLocation endOfStatement(const Stmt *s, const SourceManager &sm, const LangOptions &lo)
{
    CharSourceRange r =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(s->getSourceRange()), sm, lo);
    if (r.isInvalid())
        return SourceLocation();
    SourceLocation last = Lexer::GetBeginningOfToken(r.getEnd().getLocWithOffset(-1), sm, lo);
    Token tok;
    // A '}' ends a block, not `return (struct S){...};` or an if whose
    // branch is such a statement: their ';' follows.
    bool block = isa<CompoundStmt>(lastStatementOf(s));
    if (!Lexer::getRawToken(last, tok, sm, lo) &&
        (tok.is(tok::semi) || (tok.is(tok::r_brace) && block)))
        return r.getEnd();
    return Lexer::findLocationAfterToken(r.getEnd().getLocWithOffset(-1), tok::semi, sm, lo, false);
}

// Is e the left operand of ',' (in parentheses or not), whose value C discards?
static bool leftOfComma(const Expr *e, ASTContext &ctx)
{
    const Stmt *child = e;
    for (;;) {
        auto parents = ctx.getParents(*child);
        const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
        if (auto *paren = dyn_cast_or_null<ParenExpr>(parent)) {
            child = paren;
            continue;
        }
        auto *b = dyn_cast_or_null<BinaryOperator>(parent);
        return b && b->isCommaOp() && b->getLHS() == child;
    }
}

// Is no variable declared for what is moved: a void value (an && or || is an
// int), or the left operand of ',', whose value C discards?
bool Normalizer::valueUnused(const Moved &m) const
{
    if (m.kind == Moved::And || m.kind == Moved::Or)
        return false;
    return m.expr->getType()->isVoidType() || (m.kind == Moved::Value && leftOfComma(m.expr, ctx_));
}

// Is `e`, but for parentheses, one of the expressions moved into `temps`?
bool Normalizer::movedAlready(const Expr *e,
                             const std::vector<std::pair<const Expr *, std::string>> &temps) const
{
    CharSourceRange r = fileRange(e->IgnoreParens()->getSourceRange());
    for (const auto &temp : temps) {
        CharSourceRange o = fileRange(temp.first->getSourceRange());
        if (o.getBegin() == r.getBegin() && o.getEnd() == r.getEnd())
            return true;
    }
    return false;
}

// The statements that compute a moved expression into variable `name`, with
// what was moved before it replaced (`temps`): C's order of evaluation kept.
std::string
Normalizer::statementsFor(const Moved &m, const std::string &name,
                          const std::vector<std::pair<const Expr *, std::string>> &temps,
                          const FunctionDecl *function) const
{
    auto text = [&](const Expr *e) { return textWith(e->getSourceRange(), temps); };
    QualType t = m.expr->getType();
    std::string variable = t->isVoidType() ? "" : declare(t, name, ctx_, function);
    switch (m.kind) {
    case Moved::Value:
        if (valueUnused(m))
            return text(m.expr) + "; ";
        return variable + " = " + text(m.expr) + "; ";
    case Moved::And:
    case Moved::Or: {
        auto *b = cast<BinaryOperator>(m.expr);
        return "int " + name + " = !!(" + text(b->getLHS()) + "); if (" +
               (m.kind == Moved::And ? "" : "!") + name + ") " + name + " = !!(" +
               text(b->getRHS()) + "); ";
    }
    case Moved::Choice: {
        auto *c = cast<ConditionalOperator>(m.expr);
        if (t->isVoidType())
            return "if (" + text(c->getCond()) + ") " + text(c->getTrueExpr()) + "; else " +
                   text(c->getFalseExpr()) + "; ";
        return variable + "; if (" + text(c->getCond()) + ") " + name + " = (" +
               text(c->getTrueExpr()) + "); else " + name + " = (" + text(c->getFalseExpr()) +
               "); ";
    }
    case Moved::Elvis: {
        auto *c = cast<BinaryConditionalOperator>(m.expr);
        return variable + " = (" + text(c->getCommon()) + "); if (!" + name + ") " + name +
               " = (" + text(c->getFalseExpr()) + "); ";
    }
    case Moved::Sequence: {
        auto *b = cast<BinaryOperator>(m.expr);
        // A left operand moved out already was evaluated there: only its
        // temporary would be left, a statement with no effect.
        std::string left = movedAlready(b->getLHS(), temps) ? "" : text(b->getLHS()) + "; ";
        if (t->isVoidType())
            return left + text(b->getRHS()) + "; ";
        return left + variable + " = " + text(b->getRHS()) + "; ";
    }
    case Moved::Address:
        return declare(ctx_.getPointerType(t), name, ctx_, function) + " = &(" + text(m.expr) +
               "); ";
    }
    return "";
}

// A loop's increment or condition moves into its body: each `continue` of
// the loop becomes a `goto` to a label put before it. Returns "LABEL: ", or
// "" when the loop has no `continue`.
std::string Normalizer::continueLabel(const Stmt *body, unsigned &serial)
{
    std::vector<const ContinueStmt *> continues;
    continuesOf(body, continues);
    if (continues.empty())
        return "";
    std::string label = "ckpt_next_" + (pass_ > 1 ? std::to_string(pass_) + "_" : std::string()) +
                        std::to_string(++serial);
    for (const ContinueStmt *c : continues)
        rewriter_.ReplaceText(fileRange(c->getSourceRange()), "goto " + label);
    return label + ": ";
}

bool Normalizer::apply(const Plan &p, unsigned &serial)
{
    const SourceManager &sm = ctx_.getSourceManager();
    const LangOptions &lo = ctx_.getLangOpts();
    auto cond = [&](const Expr *c) { return "if (!(" + textWith(c->getSourceRange(), {}) + "))"; };
    auto body = [&](const Stmt *b) { return endOfStatement(b, sm, lo); };
    switch (p.rewrite) {
    case Rewrite::Hoist:
    case Rewrite::HoistBeforeDecl: {
        // One expression may be planned twice: as an argument that has side
        // effects (wrapped in its conversion to the parameter's type) and as
        // what reaches a checkpoint in it (the call, or the ?:, && or || it
        // is in). Moved twice, it would run twice: the unwrapped one moves,
        // and the conversion applies to its temporary where the argument was.
        std::vector<Moved> moved;
        for (const Moved &m : p.moved) {
            const Expr *core = m.expr->IgnoreParenImpCasts();
            auto isCore = [&](const Moved &o) { return o.expr == core; };
            if (m.kind == Moved::Value && core != m.expr &&
                std::any_of(p.moved.begin(), p.moved.end(), isCore))
                continue;
            auto same = [&](const Moved &o) { return o.kind == m.kind && o.expr == m.expr; };
            if (std::none_of(moved.begin(), moved.end(), same))
                moved.push_back(m);
        }
        // In the order C evaluates them: by where they end, and of two that
        // end together (1 + f() and its f()) the inner first, so that the
        // outer one's text has the inner one's temporary in its place.
        std::stable_sort(moved.begin(), moved.end(), [&](const Moved &a, const Moved &b) {
            CharSourceRange ra = fileRange(a.expr->getSourceRange()),
                            rb = fileRange(b.expr->getSourceRange());
            if (ra.getEnd() != rb.getEnd())
                return sm.isBeforeInTranslationUnit(ra.getEnd(), rb.getEnd());
            return sm.isBeforeInTranslationUnit(rb.getBegin(), ra.getBegin());
        });
        std::vector<std::pair<const Expr *, std::string>> temps;
        std::string declarations;
        for (const Moved &m : moved) {
            std::string name = unusedName(
                "ckpt_value_" + (pass_ > 1 ? std::to_string(pass_) + "_" : std::string()) +
                    std::to_string(++serial),
                ctx_);
            declarations += statementsFor(m, name, temps, p.function);
            temps.push_back({m.expr, valueUnused(m)             ? std::string("((void)0)")
                                     : m.kind == Moved::Address ? "(*" + name + ")"
                                                                : name});
        }
        SourceLocation end = p.rewrite == Rewrite::Hoist ? body(p.anchor) : SourceLocation();
        if (p.rewrite == Rewrite::Hoist && end.isInvalid())
            return false;
        CharSourceRange anchor = fileRange(p.anchor->getSourceRange());
        // Replace the outermost calls; inner ones go with them.
        for (const auto &[c, name] : temps) {
            CharSourceRange r = fileRange(c->getSourceRange());
            bool inner = false;
            for (const auto &other : temps)
                if (other.first != c) {
                    CharSourceRange o = fileRange(other.first->getSourceRange());
                    if (!sm.isBeforeInTranslationUnit(r.getBegin(), o.getBegin()) &&
                        !sm.isBeforeInTranslationUnit(o.getEnd(), r.getEnd()) &&
                        (r.getBegin() != o.getBegin() || r.getEnd() != o.getEnd()))
                        inner = true;
                }
            if (inner)
                continue;
            // The whole expression statement moved out: its value is not used.
            bool whole = r.getBegin() == anchor.getBegin() && r.getEnd() == anchor.getEnd();
            rewriter_.ReplaceText(r, whole && name[0] != '(' ? "(void)" + name : name);
        }
        if (p.rewrite == Rewrite::Hoist) {
            rewriter_.InsertTextBefore(anchor.getBegin(), "{ " + declarations);
            rewriter_.InsertTextAfter(end, " }");
        } else {
            rewriter_.InsertTextBefore(anchor.getBegin(), declarations);
        }
        return true;
    }
    case Rewrite::WhileCondition: {
        auto *s = cast<WhileStmt>(p.anchor);
        SourceLocation end = body(s->getBody());
        CharSourceRange head = fileRange(SourceRange(s->getWhileLoc(), s->getRParenLoc()));
        if (end.isInvalid() || head.isInvalid())
            return false;
        rewriter_.ReplaceText(head, "while (1) { " + cond(s->getCond()) + " break;");
        rewriter_.InsertTextAfter(end, " }");
        return true;
    }
    case Rewrite::ForCondition:
    case Rewrite::ForIncrement: {
        auto *s = cast<ForStmt>(p.anchor);
        std::string next = p.rewrite == Rewrite::ForIncrement ? continueLabel(s->getBody(), serial)
                                                              : std::string();
        SourceLocation end = body(s->getBody());
        CharSourceRange paren = fileRange(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
        const Expr *moved = p.rewrite == Rewrite::ForCondition ? s->getCond() : s->getInc();
        CharSourceRange movedRange = fileRange(moved->getSourceRange());
        if (end.isInvalid() || paren.isInvalid() || movedRange.isInvalid())
            return false;
        std::string text = textWith(moved->getSourceRange(), {});
        rewriter_.RemoveText(movedRange);
        if (p.rewrite == Rewrite::ForCondition) {
            rewriter_.InsertTextAfter(paren.getEnd(), " { " + cond(moved) + " break;");
            rewriter_.InsertTextAfter(end, " }");
        } else {
            rewriter_.InsertTextAfter(paren.getEnd(), " {");
            rewriter_.InsertTextAfter(end, " " + next + text + "; }");
        }
        return true;
    }
    case Rewrite::SplitComma: {
        SourceLocation end = body(p.anchor);
        CharSourceRange whole = fileRange(p.anchor->getSourceRange());
        if (end.isInvalid() || whole.isInvalid())
            return false;
        std::vector<CharSourceRange> commas;
        for (const Expr *e = cast<Expr>(p.anchor); auto *b = dyn_cast<BinaryOperator>(e);
             e = b->getLHS()) {
            if (!b->isCommaOp())
                break;
            CharSourceRange op = fileRange(SourceRange(b->getOperatorLoc(), b->getOperatorLoc()));
            if (op.isInvalid())
                return false;
            commas.push_back(op);
        }
        for (const CharSourceRange &op : commas)
            rewriter_.ReplaceText(op, ";");
        rewriter_.InsertTextBefore(whole.getBegin(), "{ ");
        rewriter_.InsertTextAfter(end, " }");
        return true;
    }
    case Rewrite::SplitDeclaration: {
        auto *ds = cast<DeclStmt>(p.anchor);
        CharSourceRange r = fileRange(ds->getSourceRange());
        llvm::StringRef original = Lexer::getSourceText(r, sm, lo);
        std::string text;
        for (const Decl *d : ds->decls()) {
            auto *v = cast<VarDecl>(d);
            std::string one;
            llvm::raw_string_ostream os(one);
            v->getType().print(os, PrintingPolicy(lo), v->getName());
            os.flush();
            text += (text.empty() ? "" : " ") + one;
            if (v->getInit())
                text += " = " + textWith(v->getInit()->getSourceRange(), {});
            text += ";";
        }
        rewriter_.ReplaceText(r, text + std::string(original.count('\n'), '\n'));
        return true;
    }
    case Rewrite::ForInitOut: {
        auto *s = cast<ForStmt>(p.anchor);
        CharSourceRange init = fileRange(s->getInit()->getSourceRange()); // with its ';'
        CharSourceRange keyword = fileRange(SourceRange(s->getForLoc(), s->getForLoc()));
        SourceLocation end = body(s->getBody());
        if (init.isInvalid() || keyword.isInvalid() || end.isInvalid())
            return false;
        // Moved with its lines before the keyword, the declaration's tokens
        // stay on their lines; only `for (` goes down to its last one.
        std::string declaration = Lexer::getSourceText(init, sm, lo).str();
        rewriter_.ReplaceText(init, ";");
        rewriter_.InsertTextBefore(keyword.getBegin(), "{ " + declaration + " ");
        rewriter_.InsertTextAfter(end, " }");
        return true;
    }
    case Rewrite::ExpandMacro: {
        CharSourceRange r = fileRange(p.anchor->getSourceRange());
        rewriter_.ReplaceText(r, expansions_.at(p.anchor));
        return true;
    }
    case Rewrite::DoCondition: {
        auto *s = cast<DoStmt>(p.anchor);
        CharSourceRange doKeyword = fileRange(SourceRange(s->getDoLoc(), s->getDoLoc()));
        SourceLocation end = endOfStatement(s, sm, lo);
        CharSourceRange tail = CharSourceRange::getCharRange(
            fileRange(SourceRange(s->getWhileLoc(), s->getWhileLoc())).getBegin(), end);
        if (doKeyword.isInvalid() || end.isInvalid() || tail.isInvalid())
            return false;
        std::string next = continueLabel(s->getBody(), serial);
        rewriter_.ReplaceText(doKeyword, "for (;;) {");
        rewriter_.ReplaceText(tail, next + cond(s->getCond()) + " break; }");
        return true;
    }
    }
    return false;
}

// Does the instrumenter see this reaching call or its statement through a
// macro, where it cannot insert anything?
// Would moving this call out of its expression write into a macro's expansion?
bool Normalizer::movedFromMacro(const Call &c) const
{
    Plan p;
    std::string why;
    return plan(c.site.call, Moved::Value, p, why) && !writtenInFile(p);
}

bool Normalizer::writtenInFile(const Plan &p) const
{
    if (!fileRange(p.anchor->getSourceRange()).isValid())
        return false;
    for (const Moved &m : p.moved)
        if (!fileRange(m.expr->getSourceRange()).isValid())
            return false;
    return true;
}

bool Normalizer::fromMacro(const Call &c) const
{
    const Stmt *s = c.site.statement;
    return c.site.call->getBeginLoc().isMacroID() ||
           (s && fileRange(s->getSourceRange()).isInvalid());
}

// The smallest whole statement around `e` that is written in the file
// (a macro's use, with its arguments), or null.
const Stmt *Normalizer::writtenStatement(const Stmt *e) const
{
    const Stmt *s = e;
    for (;;) {
        auto parents = ctx_.getParents(*s);
        if (parents.empty())
            return nullptr;
        if (auto *var = parents[0].get<VarDecl>()) {
            auto up = ctx_.getParents(*var);
            s = up.empty() ? nullptr : up[0].get<DeclStmt>();
            if (!s)
                return nullptr;
            continue;
        }
        const Stmt *parent = parents[0].get<Stmt>();
        bool whole = !isa<Expr>(s) || isa<CompoundStmt>(parent) || isa<LabelStmt>(parent) ||
                     isa<SwitchCase>(parent) || isa<IfStmt>(parent) || isa<WhileStmt>(parent) ||
                     isa<DoStmt>(parent) || isa<ForStmt>(parent);
        if (auto *loop = dyn_cast_or_null<ForStmt>(parent); loop && loop->getBody() != s)
            whole = false;
        if (auto *branch = dyn_cast_or_null<IfStmt>(parent); branch && branch->getCond() == s)
            whole = false;
        if (auto *loop = dyn_cast_or_null<WhileStmt>(parent); loop && loop->getCond() == s)
            whole = false;
        if (auto *loop = dyn_cast_or_null<DoStmt>(parent); loop && loop->getCond() == s)
            whole = false;
        if (whole && !isa<CompoundStmt>(s) && fileRange(s->getSourceRange()).isValid())
            return s;
        if (!parent) // the function's body: nothing written around it
            return nullptr;
        s = parent;
    }
}

// The statement as Clang parsed it, macros expanded, on as many lines as it
// took in the file (the first holds it all, the others stay empty), or ""
// when the file's text holds something the AST does not (a directive).
std::string Normalizer::expanded(const Stmt *s, const FunctionFacts &f) const
{
    const SourceManager &sm = ctx_.getSourceManager();
    CharSourceRange r = fileRange(s->getSourceRange());
    for (const CkptPragma *point : f.points)
        if (!sm.isBeforeInTranslationUnit(sm.getExpansionLoc(point->hashLoc), r.getBegin()) &&
            sm.isBeforeInTranslationUnit(sm.getExpansionLoc(point->hashLoc), r.getEnd()))
            return "";
    llvm::StringRef original = Lexer::getSourceText(r, sm, ctx_.getLangOpts());
    for (size_t at = original.find('\n'); at != llvm::StringRef::npos;
         at = original.find('\n', at + 1))
        if (original.drop_front(at + 1).ltrim(" \t").startswith("#"))
            return "";
    std::string text;
    llvm::raw_string_ostream os(text);
    PrintingPolicy policy(ctx_.getLangOpts());
    s->printPretty(os, nullptr, policy, 0, "\n", &ctx_);
    os.flush();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    // A ';' ends the text only where it ends the range in the file as well.
    while (!text.empty() && (text.back() == ';' || text.back() == ' '))
        text.pop_back();
    if (original.rtrim().endswith(";"))
        text += ";";
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text + std::string(original.count('\n'), '\n');
}

bool Normalizer::run()
{
    const SourceManager &sm = ctx_.getSourceManager();
    std::map<const Stmt *, Plan> plans;
    std::vector<const Stmt *> order;
    for (FunctionFacts *f : graph_.functions()) {
        if (!f->reaches)
            continue;
        // What to move: reaching calls inside expressions, and what a reaching
        // call would evaluate again when the stack is rebuilt (arguments and
        // callees with side effects, an assignment's target with them).
        std::vector<std::pair<const Expr *, Moved::Kind>> starts;
        for (const Call &c : f->calls) {
            if (!graph_.callReaches(c))
                continue;
            // A macro the instrumenter cannot write into: its use is replaced
            // by the statement it expands to, and later passes go on from there.
            if (fromMacro(c) || (c.site.form == SiteForm::Expression && movedFromMacro(c))) {
                const Stmt *whole = writtenStatement(c.site.call);
                std::string text = whole ? expanded(whole, *f) : "";
                if (!text.empty() && !plans.count(whole)) {
                    plans[whole] = Plan{Rewrite::ExpandMacro, whole, {}};
                    order.push_back(whole);
                    expansions_[whole] = text;
                }
                continue;
            }
            if (c.site.form == SiteForm::Expression)
                starts.push_back({c.site.call, Moved::Value});
            for (const Expr *arg : c.site.call->arguments())
                if (effectsWhenRepeated(arg, ctx_))
                    starts.push_back({arg, Moved::Value});
            if (!c.site.call->getDirectCallee() &&
                effectsWhenRepeated(c.site.call->getCallee(), ctx_))
                starts.push_back({c.site.call->getCallee(), Moved::Value});
            if (c.site.form == SiteForm::Assignment &&
                effectsWhenRepeated(c.site.assignment->getLHS(), ctx_))
                starts.push_back({c.site.assignment->getLHS(), Moved::Address});
        }
        for (const auto &[start, kind] : starts) {
            Plan p;
            std::string why;
            if (!plan(start, kind, p, why) || !unmovable(p).empty())
                continue; // reported when nothing is left to move
            p.function = f->function;
            auto it = plans.find(p.anchor);
            if (it == plans.end()) {
                plans[p.anchor] = p;
                order.push_back(p.anchor);
                continue;
            }
            for (const Moved &m : p.moved) {
                bool known = false;
                for (const Moved &k : it->second.moved)
                    known |= k.expr == m.expr;
                if (!known)
                    it->second.moved.push_back(m);
            }
        }
    }
    // Statements that nest are rewritten in later passes, one at a time; so
    // is one that begins where another ends (`x = f(1);y = f(2);`), since
    // the first one's closing text and the second's opening would be
    // inserted at the same place, in the wrong order.
    std::vector<CharSourceRange> taken;
    unsigned serial = 0;
    bool changed = false;
    for (const Stmt *anchor : order) {
        CharSourceRange r = fileRange(anchor->getSourceRange());
        if (SourceLocation end = endOfStatement(anchor, sm, ctx_.getLangOpts()); end.isValid())
            r.setEnd(end);
        bool overlaps = false;
        for (const CharSourceRange &t : taken)
            if (!sm.isBeforeInTranslationUnit(r.getEnd(), t.getBegin()) &&
                !sm.isBeforeInTranslationUnit(t.getEnd(), r.getBegin()))
                overlaps = true;
        if (overlaps)
            continue;
        if (apply(plans[anchor], serial)) {
            taken.push_back(r);
            changed = true;
        }
    }
    return changed;
}

} // namespace aalc
