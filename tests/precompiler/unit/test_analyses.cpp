// Unit tests of ckpt-instrument's analyses (the aalc_precompiler library) on
// small C sources parsed in memory, without the rewriter: call graph, call
// sites and scopes, liveness, repeated effects, type spelling, the pragma
// grammar, and ckpt-link's whole-program reachability.
#include "check.h"

#include "c_visitor.h"
#include "call_graph.h"
#include "liveness.h"
#include "pragma_grammar.hpp"
#include "pragmas.h"
#include "repeated_effects.h"
#include "site_analysis.h"
#include "templates.h"
#include "type_spelling.h"
#include "whole_program.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdlib>
#include <functional>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace clang;
using aalc::CkptPragma;

namespace
{

using Body = std::function<void(ASTContext &, const std::vector<CkptPragma> &)>;

class Consumer : public ASTConsumer
{
  public:
    Consumer(const aalc::CkptPragmaHandler &pragmas, const Body &body)
        : pragmas_(pragmas), body_(body)
    {
    }
    void HandleTranslationUnit(ASTContext &ctx) override
    {
        if (!ctx.getDiagnostics().hasErrorOccurred())
            body_(ctx, pragmas_.pragmas());
    }

  private:
    const aalc::CkptPragmaHandler &pragmas_;
    const Body &body_;
};

// Parses with the '#pragma ckpt' handler installed, as ckpt-instrument does.
class Action : public ASTFrontendAction
{
  public:
    explicit Action(const Body &body) : body_(body) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override
    {
        ci.getPreprocessor().AddPragmaHandler(&pragmas_);
        return std::make_unique<Consumer>(pragmas_, body_);
    }
    void EndSourceFileAction() override
    {
        getCompilerInstance().getPreprocessor().RemovePragmaHandler(&pragmas_);
    }

  private:
    const Body &body_;
    aalc::CkptPragmaHandler pragmas_;
};

// Parses `code` as the C file unit.c and runs `body` on its AST if it has no
// errors. Returns the errors' messages.
std::vector<std::string> parse(const std::string &code, const Body &body)
{
    const std::string path = "/aalc-unit/unit.c";
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
        new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(
        new llvm::vfs::InMemoryFileSystem);
    memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(code, path));
    overlay->pushOverlay(memory);
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
    std::vector<std::string> commandLine = {"unit",
                                            "-fsyntax-only",
                                            "-x",
                                            "c",
                                            "-std=gnu11",
                                            "-w",
                                            "-fno-caret-diagnostics", // no "N errors generated"
                                            "-resource-dir=" AALC_CLANG_RESOURCE_DIR,
                                            path};
    tooling::ToolInvocation invocation(commandLine, std::make_unique<Action>(body), files.get());
    TextDiagnosticBuffer diagnostics;
    invocation.setDiagnosticConsumer(&diagnostics);
    invocation.run();
    std::vector<std::string> errors;
    for (auto it = diagnostics.err_begin(); it != diagnostics.err_end(); ++it)
        errors.push_back(it->second);
    return errors;
}

// Parses code that must have no errors.
void parseOK(const std::string &code, const Body &body)
{
    bool ran = false;
    std::vector<std::string> errors = parse(code, [&](ASTContext &ctx, const auto &pragmas) {
        ran = true;
        body(ctx, pragmas);
    });
    CHECK(ran && errors.empty());
    for (const std::string &e : errors)
        std::cerr << "unit.c: error: " << e << "\n";
}

class Collect : public aalc::CVisitor<Collect>
{
  public:
    std::vector<const CallExpr *> calls;
    std::vector<const VarDecl *> vars;
    bool VisitCallExpr(CallExpr *c)
    {
        calls.push_back(c);
        return true;
    }
    bool VisitVarDecl(VarDecl *v)
    {
        vars.push_back(v);
        return true;
    }
};

// The definition of a function of the unit (or its declaration).
const FunctionDecl *function(ASTContext &ctx, llvm::StringRef name)
{
    const FunctionDecl *found = nullptr;
    for (const Decl *d : ctx.getTranslationUnitDecl()->decls())
        if (auto *fn = dyn_cast<FunctionDecl>(d); fn && fn->getName() == name)
            if (!found || fn->doesThisDeclarationHaveABody())
                found = fn;
    if (!found) {
        std::cerr << "unit.c: no function '" << name.str() << "'\n";
        std::abort();
    }
    return found;
}

Collect contents(const FunctionDecl *fn)
{
    Collect c;
    c.TraverseDecl(const_cast<FunctionDecl *>(fn));
    return c;
}

// The call in fn whose first argument is the literal n.
const CallExpr *callWith(const FunctionDecl *fn, unsigned n)
{
    for (const CallExpr *c : contents(fn).calls)
        if (c->getNumArgs() > 0)
            if (auto *lit = dyn_cast<IntegerLiteral>(c->getArg(0)->IgnoreParenImpCasts()))
                if (lit->getValue() == n)
                    return c;
    std::cerr << "unit.c: no call with " << n << " in '" << fn->getName().str() << "'\n";
    std::abort();
}

const VarDecl *variable(const FunctionDecl *fn, llvm::StringRef name)
{
    for (const ParmVarDecl *p : fn->parameters())
        if (p->getName() == name)
            return p;
    for (const VarDecl *v : contents(fn).vars)
        if (v->getName() == name)
            return v;
    std::cerr << "unit.c: no variable '" << name.str() << "'\n";
    std::abort();
}

std::vector<const VarDecl *> variables(const FunctionDecl *fn,
                                       std::initializer_list<llvm::StringRef> names)
{
    std::vector<const VarDecl *> out;
    for (llvm::StringRef n : names)
        out.push_back(variable(fn, n));
    return out;
}

std::string names(const std::vector<const VarDecl *> &vars)
{
    std::string out;
    for (const VarDecl *v : vars)
        out += (out.empty() ? "" : ",") + v->getName().str();
    return out;
}

std::string joined(const std::vector<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : ",") + w;
    return out;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

const char *const kCallGraphUnit = R"(
#pragma ckpt noreach(hinted)
void work(void)
{
#pragma ckpt potential
}
void caller(void) { work(); }
void idle(int x) { (void)x; }
void hinted(void);
void ext(void);
void calls_hinted(void) { hinted(); }
void calls_ext(void) { ext(); }
void through_pointer(void (*fp)(void)) { fp(); }
void takes_address(void) { through_pointer(work); }
int value(void) { work(); return 1; }
int size_only(void) { return sizeof(value()); }
int MPI_Callback(void (*f)(void));
void registers(void) { MPI_Callback(work); }
static void leaf(void) { char *p = __builtin_alloca(8); (void)p; }
#pragma ckpt potential
)";

void testCallGraph()
{
    parseOK(kCallGraphUnit, [](ASTContext &ctx, const std::vector<CkptPragma> &pragmas) {
        aalc::ReachFacts none;
        aalc::CallGraph graph(ctx, pragmas, none);
        auto reaches = [&](const char *name) {
            return graph.factsFor(function(ctx, name))->reaches;
        };
        CHECK_EQ(graph.factsFor(function(ctx, "work"))->points.size(), 1u);
        CHECK_EQ(graph.strayPragmas().size(), 1u);
        CHECK(reaches("work"));
        CHECK(reaches("caller"));
        CHECK(!reaches("idle"));
        // A 'noreach' hint makes the callee a library function.
        CHECK(graph.classifyCallee(function(ctx, "hinted")) == aalc::CalleeKind::Library);
        CHECK(graph.hintedNoReach(function(ctx, "hinted")));
        CHECK(!reaches("calls_hinted"));
        // Other units' functions do not reach until the link step says so.
        CHECK(graph.classifyCallee(function(ctx, "ext")) == aalc::CalleeKind::External);
        CHECK(!reaches("calls_ext"));
        // work's address is taken and work reaches: so does any indirect call.
        CHECK(graph.indirectCallsReach());
        CHECK(reaches("through_pointer"));
        CHECK(reaches("takes_address"));
        std::vector<const FunctionDecl *> taken = graph.addressTaken();
        CHECK(taken.size() == 1 && taken[0] == function(ctx, "work")->getCanonicalDecl());
        // sizeof does not evaluate its operand.
        CHECK(reaches("value"));
        CHECK(!reaches("size_only"));
        // A reaching function handed to a library function is reported.
        CHECK(graph.libraryCallbacks().size() == 1 &&
              graph.libraryCallbacks()[0].function->getName() == "work");
        CHECK_EQ(graph.factsFor(function(ctx, "leaf"))->forbidden.size(), 1u);
        CHECK_EQ(aalc::CallGraph::qualifiedName(function(ctx, "leaf"), "/u.c"), "/u.c#leaf");
        CHECK_EQ(aalc::CallGraph::qualifiedName(function(ctx, "work"), "/u.c"), "work");

        // What ckpt-link found: ext reaches, and so does hinted, despite its hint.
        aalc::ReachFacts link;
        link.reachingExternals = {"ext", "hinted"};
        aalc::CallGraph again(ctx, pragmas, link);
        CHECK(again.factsFor(function(ctx, "calls_ext"))->reaches);
        CHECK(again.factsFor(function(ctx, "calls_hinted"))->reaches);
    });

    // No reaching function has its address taken: indirect calls do not
    // reach, unless the link step found that some other unit's does.
    const char *unit = R"(
void work(void)
{
#pragma ckpt potential
}
void idle(void) {}
void through_pointer(void (*fp)(void)) { fp(); }
void use(void) { through_pointer(idle); }
)";
    parseOK(unit, [](ASTContext &ctx, const std::vector<CkptPragma> &pragmas) {
        aalc::ReachFacts none;
        aalc::CallGraph graph(ctx, pragmas, none);
        CHECK(!graph.indirectCallsReach());
        CHECK(!graph.factsFor(function(ctx, "through_pointer"))->reaches);
        aalc::ReachFacts link;
        link.indirectCallsReach = true;
        aalc::CallGraph again(ctx, pragmas, link);
        CHECK(again.factsFor(function(ctx, "use"))->reaches);
    });

    // The copy of a header's static function (ckpt_header_NAME) is a function
    // of the unit, not of the runtime; the constant that keeps the header's own
    // definition from being reported unused takes no address that counts.
    const char *copied = R"(
void work(void)
{
#pragma ckpt potential
}
static void step(void) { work(); }
static void ckpt_header_step(void) { work(); }
static __typeof__(step) *const ckpt_header_step_original __attribute__((__unused__)) = step;
void run(void) { ckpt_header_step(); }
)";
    parseOK(copied, [](ASTContext &ctx, const std::vector<CkptPragma> &pragmas) {
        aalc::ReachFacts none;
        aalc::CallGraph graph(ctx, pragmas, none);
        CHECK(graph.classifyCallee(function(ctx, "ckpt_header_step")) ==
              aalc::CalleeKind::Local);
        CHECK(graph.factsFor(function(ctx, "run"))->reaches);
        CHECK(graph.addressTaken().empty());
        CHECK(!graph.indirectCallsReach());
    });
}

void testCallSites()
{
    const char *unit = R"(
int f(int);
int g(int a)
{
    f(1);
    (void)f(2);
    a = f(3);
    a += f(4);
    int b = f(5);
    if (f(6))
        a++;
    int c = f(7) + 1;
    int d = 0, e = f(8);
    if (b + c + d + e)
        f(10);
    return f(9);
}
)";
    parseOK(unit, [](ASTContext &ctx, const std::vector<CkptPragma> &) {
        const FunctionDecl *g = function(ctx, "g");
        auto form = [&](unsigned n) { return aalc::classifyCall(callWith(g, n), ctx).form; };
        using aalc::SiteForm;
        CHECK(form(1) == SiteForm::CallStatement);
        CHECK(form(2) == SiteForm::CallStatement);
        CHECK(form(3) == SiteForm::Assignment);
        CHECK(form(4) == SiteForm::Assignment);
        CHECK(form(5) == SiteForm::Declaration);
        CHECK(form(6) == SiteForm::Expression);
        CHECK(form(7) == SiteForm::Expression);
        CHECK(form(8) == SiteForm::Expression); // not the only declarator
        CHECK(form(9) == SiteForm::Return);
        aalc::CallSite inIf = aalc::classifyCall(callWith(g, 10), ctx);
        CHECK(inIf.form == SiteForm::CallStatement && !inIf.inCompound);
    });
}

void testScopes()
{
    const char *unit = R"(
void k(int);
void h(int p, int q)
{
    int a = 0;
    {
        int b = 1;
        k(1);
        int c = 2;
        (void)c;
    }
    int d = 3;
    int n = p;
    int vla[n];
    k(2);
    int s = ({ int t = 1; k(3); t; });
    (void)d, (void)vla, (void)s;
}
)";
    parseOK(unit, [](ASTContext &ctx, const std::vector<CkptPragma> &) {
        const FunctionDecl *h = function(ctx, "h");
        bool crosses = true;
        auto at = [&](unsigned n, aalc::VariablyModifiedScopes *vm) {
            const Stmt *anchor = aalc::classifyCall(callWith(h, n), ctx).statement;
            return names(aalc::localsInScope({h, anchor, SourceLocation()}, ctx, crosses, vm));
        };
        CHECK_EQ(at(1, nullptr), "p,q,a,b");
        CHECK(!crosses);
        aalc::VariablyModifiedScopes vm;
        CHECK_EQ(at(2, &vm), "p,q,a,d,n,vla");
        CHECK(vm.declarations.size() == 1 && aalc::declaresVariablyModified(vm.declarations[0]));
        CHECK_EQ(at(3, nullptr), "p,q,a,d,n,vla,t");
        CHECK(crosses);
    });
}

void testLiveness()
{
    const char *unit = R"(
void k(int);
int m(int p)
{
    int dead = p + 1;
    int live = p * 2;
    int escaped = 3;
    int *ptr = &escaped;
    k(dead);
    k(1);
    return live + *ptr;
}
int loop(int n)
{
    int s = 0, t = 0;
    for (int i = 0; i < n; i++) {
        k(2);
        t = i;
        s += t;
    }
    return s;
}
int at_point(int p)
{
    int x = p;
    int y = p;
#pragma ckpt potential
    k(x);
    return y;
}
)";
    parseOK(unit, [](ASTContext &ctx, const std::vector<CkptPragma> &pragmas) {
        const FunctionDecl *m = function(ctx, "m");
        aalc::FunctionLiveness mLive(m, ctx);
        auto before = [&](const aalc::FunctionLiveness &live, const FunctionDecl *fn, unsigned n,
                          std::initializer_list<llvm::StringRef> visible) {
            std::vector<const VarDecl *> locals = variables(fn, visible);
            const Stmt *s = aalc::classifyCall(callWith(fn, n), ctx).statement;
            return live.keepLiveBefore(s, locals) ? names(locals) : "(no answer)";
        };
        // escaped is never read by name again, but through ptr.
        CHECK_EQ(before(mLive, m, 1, {"p", "dead", "live", "escaped", "ptr"}), "live,escaped,ptr");
        const Stmt *first = aalc::classifyCall(contents(m).calls[0], ctx).statement;
        std::vector<const VarDecl *> locals = variables(m, {"p", "dead", "live"});
        CHECK(mLive.keepLiveBefore(first, locals) && names(locals) == "dead,live");

        // t is written before it is read again; s and i are read next time round.
        const FunctionDecl *loop = function(ctx, "loop");
        aalc::FunctionLiveness loopLive(loop, ctx);
        CHECK_EQ(before(loopLive, loop, 2, {"n", "s", "t", "i"}), "n,s,i");

        const FunctionDecl *atPoint = function(ctx, "at_point");
        aalc::FunctionLiveness pointLive(atPoint, ctx);
        locals = variables(atPoint, {"p", "x", "y"});
        CHECK(pragmas.size() == 1 && pointLive.keepLiveAt(cast<CompoundStmt>(atPoint->getBody()),
                                                          pragmas[0].hashLoc, locals));
        CHECK_EQ(names(locals), "x,y");
    });
}

void testRepeatedEffects()
{
    // One expression statement per line, and whether running it again could
    // do something the first run did not.
    const char *unit = R"(
double sqrt(double);
int g(int);
void e(int x, int y, volatile int v, double d, int *p)
{
    x + 1;
    x++;
    y = 2;
    g(x);
    sqrt(d);
    sqrt(d++);
    v + 1;
    p[x] + *p;
    g(x) + 1;
    (x, y);
}
)";
    const bool expected[] = {false, true, true, true, false, true, true, false, true, false};
    parseOK(unit, [&](ASTContext &ctx, const std::vector<CkptPragma> &) {
        const auto *body = cast<CompoundStmt>(function(ctx, "e")->getBody());
        CHECK_EQ(body->size(), std::size(expected));
        unsigned line = 0;
        for (const Stmt *s : body->body()) {
            // The statement's number with the answer, to say which one failed.
            std::string got = std::to_string(++line) + ": " +
                              (effectsWhenRepeated(cast<Expr>(s), ctx) ? "effects" : "none");
            CHECK_EQ(got,
                     std::to_string(line) + ": " +
                         (line <= std::size(expected) && expected[line - 1] ? "effects" : "none"));
        }
    });
}

void testTypeSpelling()
{
    const char *unit = R"(
struct named { int m; };
typedef struct { int m; } Typedefed;
void t(int n)
{
    int a3[3];
    int (*fp)(double);
    int vla[n];
    const int ci = 0;
    const char *s;
    char *words[2];
    struct { int m; } anon;
    struct named nm;
    Typedefed td;
    struct { int m; } *anons[2];
}
)";
    parseOK(unit, [](ASTContext &ctx, const std::vector<CkptPragma> &) {
        const FunctionDecl *t = function(ctx, "t");
        auto type = [&](const char *name) { return variable(t, name)->getType(); };
        auto declared = [&](const char *name) { return aalc::declare(type(name), "v", ctx); };
        CHECK_EQ(declared("a3"), "int v[3]");
        CHECK_EQ(declared("fp"), "int (*v)(double)");
        CHECK_EQ(declared("vla"), "int v[n]");
        CHECK_EQ(declared("ci"), "int v"); // a copy need not be const
        CHECK_EQ(declared("s"), "const char *v");
        CHECK_EQ(declared("words"), "char *v[2]");
        CHECK_EQ(declared("nm"), "struct named v");
        CHECK(aalc::spellable(type("nm")) && aalc::spellable(type("td")));
        CHECK(!aalc::spellable(type("anon")));
        CHECK(!aalc::spellable(type("anons")));
    });
}

aalc::PragmaParse pragmaOf(std::initializer_list<std::pair<int, const char *>> tokens)
{
    aalc::PragmaParse p;
    for (const auto &[kind, text] : tokens)
        p.tokens.push_back({kind, text, SourceLocation()});
    return p;
}

void testPragmaGrammar()
{
    aalc::PragmaParse potential = pragmaOf({{POTENTIAL, "potential"}});
    CHECK(aalc::parsePragmaTokens(potential) == 0 &&
          potential.result.kind == CkptPragma::Potential);
    aalc::PragmaParse noreach = pragmaOf({{NOREACH, "noreach"},
                                          {LPAREN, "("},
                                          {IDENTIFIER, "f"},
                                          {COMMA, ","},
                                          {IDENTIFIER, "g"},
                                          {RPAREN, ")"}});
    CHECK(aalc::parsePragmaTokens(noreach) == 0 && noreach.result.kind == CkptPragma::NoReach);
    CHECK_EQ(joined(noreach.result.names), "f,g");
    aalc::PragmaParse empty = pragmaOf({{NOREACH, "noreach"}, {LPAREN, "("}, {RPAREN, ")"}});
    CHECK(aalc::parsePragmaTokens(empty) != 0 && contains(empty.error, "function name"));
    aalc::PragmaParse trailing = pragmaOf({{POTENTIAL, "potential"}, {OTHER, "+"}});
    CHECK(aalc::parsePragmaTokens(trailing) != 0);
    aalc::PragmaParse comma = pragmaOf(
        {{NOREACH, "noreach"}, {LPAREN, "("}, {IDENTIFIER, "f"}, {COMMA, ","}, {RPAREN, ")"}});
    CHECK(aalc::parsePragmaTokens(comma) != 0);

    // Through Clang's preprocessor.
    parseOK("#pragma ckpt noreach(a, b)\nvoid f(void) { _Pragma(\"ckpt potential\") }\n",
            [](ASTContext &, const std::vector<CkptPragma> &pragmas) {
                CHECK(pragmas.size() == 2 && pragmas[0].kind == CkptPragma::NoReach &&
                      joined(pragmas[0].names) == "a,b");
                CHECK(pragmas.size() == 2 && pragmas[1].isOperator && !pragmas[0].isOperator);
            });
    auto errors = parse("#pragma ckpt bogus\n", [](ASTContext &, const auto &) {});
    CHECK(errors.size() == 1 && contains(errors[0], "unknown directive '#pragma ckpt bogus'"));
    errors = parse("#pragma ckpt noreach(a,)\n", [](ASTContext &, const auto &) {});
    CHECK(errors.size() == 1 && contains(errors[0], "malformed '#pragma ckpt'"));
}

void testWholeProgram()
{
    std::vector<aalc::UnitSummary> units = aalc::parseSummaries("U /a.c\n"
                                                                "R work\n"
                                                                "C caller\twork\n"
                                                                "P cb\n"
                                                                "A ext\n"
                                                                "A other\n"
                                                                "U /b.c\n"
                                                                "C ext\tcaller\n"
                                                                "C via\t*\n"
                                                                "R cb\n");
    CHECK(units.size() == 2 && units[0].unit == "/a.c" && units[1].calls.size() == 2);
    std::set<std::string> reaching = aalc::reachingFunctions(units);
    std::string all;
    for (const std::string &f : reaching)
        all += (all.empty() ? "" : ",") + f;
    CHECK_EQ(all, "*,caller,cb,ext,via,work");
    CHECK_EQ(joined(aalc::wrongAssumptions(units[0], reaching)), "ext");
}

void testTemplates()
{
    CHECK_EQ(aalc::fillTemplate("held_result", {{"RESULT_DECLARATION", "int r"}}), "int r = ");
}

} // namespace

int main()
{
    testCallGraph();
    testCallSites();
    testScopes();
    testLiveness();
    testRepeatedEffects();
    testTypeSpelling();
    testPragmaGrammar();
    testWholeProgram();
    testTemplates();
    return check::summary("precompiler.unit");
}
