// Rewrites one translation unit: restore jump tables, save and restore blocks,
// saved globals, and the unit's reachability summary.
#pragma once

#include "call_graph.h"
#include "pragmas.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <map>
#include <set>
#include <string>

namespace clang {
class Preprocessor;
}

namespace aalc {

class FunctionLiveness;

// How one unit is instrumented: what the link step knows about other units,
// and what to record so that it can instrument the unit again.
struct InstrumentOptions {
    ReachFacts facts;
    std::string expectedHash; // given again: the sources must be those first instrumented
    bool record = false;      // record the lines below (and the hash) in the unit summary
    std::string workingDirectory;
    std::vector<std::string> parseFlags;     // ckpt-instrument's compiler flags
    std::vector<std::string> compileCommand; // how ckptcc compiles the output, but -c/-o
    unsigned pass = 1;     // the parse of the source, then of each normalized text
    bool normalize = true; // may move reaching calls out of expressions (normalizer.h)
    std::string knownHash; // after pass 1: the hash of the sources as the user wrote them
};

// What one pass gives: the instrumented file, or a normalized text to parse again.
struct InstrumentResult {
    std::string text;
    bool anotherPass = false;
    std::string sourcesHash; // of the files parsed in pass 1
};

class Instrumenter : public clang::ASTConsumer {
public:
  Instrumenter(clang::Rewriter &rewriter, const CkptPragmaHandler &pragmas,
               const std::string &fileName, const InstrumentOptions &options,
               InstrumentResult &result)
      : rewriter_(rewriter), pragmas_(pragmas), options_(options), result_(result),
        output_(result.text), fileName_(fileName)
  {
  }
    void HandleTranslationUnit(clang::ASTContext &ctx) override;
    // The unit's preprocessor: tells which macros the copies of a header's
    // static functions read where they are placed.
    void setPreprocessor(clang::Preprocessor &pp) { pp_ = &pp; }

    // One value a frame saves: a local (or a VLA's size) by name, or, with a
    // description for the runtime's message, a variable-length array's address.
    struct SavedValue {
        std::string name;
        std::string description;
        bool isAddress() const { return !description.empty(); }
    };

private:
    struct Site;
    // A declaration of variably modified type (a variable-length array, a
    // pointer to one, their typedef) in scope of a restore label: the restore
    // path jumps to a label before it (outside its scope), runs it again with
    // the sizes it had, and goes on from a table right after it.
    struct Chained {
        int index = 0;                          // its label: ckpt_vla_<index>
        std::vector<const clang::Expr *> sizes; // array sizes: ckpt_dim_<firstDim + i>
        int firstDim = 0;
        std::vector<const clang::Expr *> initializers; // not evaluated while restoring
        std::vector<std::pair<int, std::string>> next; // site label -> where to go
    };
    void instrumentFunction(FunctionFacts &f);
    void guardOpenMPConstructs(const FunctionFacts &f);
    bool checkFunction(const FunctionFacts &f);
    bool checkCallSite(const FunctionFacts &f, const Call &c);
    bool prepareSite(const FunctionFacts &f, const FunctionLiveness &live, Site &site);
    void emitPotentialPoint(const FunctionFacts &f, const Site &site);
    void emitCallSite(const FunctionFacts &f, const Site &site);
    bool prepareChained(const clang::DeclStmt *ds, Chained &c);
    void emitChained(const clang::DeclStmt *ds, const Chained &c);
    std::vector<SavedValue> savedSizes(const Site &site) const;
    std::vector<SavedValue> savedLocals(const FunctionFacts &f, const Site &site) const;
    bool checkRuntimeNames(const clang::FunctionDecl *fn);
    void checkRuntimeMacros();
    void checkSummaryNames();
    // The variable holding the size of the k-th variable-length array dimension.
    std::string dimensionName(int k) const;
    void checkExpressionCall(const Call &c, const class Normalizer &normalizer);
    void neutralisePragmaLines();
    bool copyHeaderFunctions(CallGraph &graph);
    bool copyable(const clang::FunctionDecl *fn) const;
    clang::SourceLocation includeInMainFile(clang::SourceLocation loc) const;
    void summarise(const FunctionFacts &f);
    std::string unitSummary() const;
    std::string hashOfSources() const;

    // A call site's blocks by default; a potential point's with its own templates.
    std::string saveBlock(const FunctionFacts &f, const Site &site,
                          const char *templateName = "save_frame") const;
    std::string restoreBlock(const FunctionFacts &f, const Site &site,
                             const char *templateName = "restore_frame") const;
    std::string returnValue(const clang::FunctionDecl *fn) const;
    std::string lineDirective(unsigned line) const;
    std::string lineDirectiveAt(clang::SourceLocation loc, int delta) const;
    std::string indentationOf(clang::SourceLocation loc) const;
    void insertBlock(clang::SourceLocation loc, const std::string &block,
                     const std::string &indent);
    clang::SourceLocation afterStatement(const clang::Stmt *s) const;
    clang::SourceLocation fileStart(clang::SourceLocation loc) const;
    std::string sourceText(clang::SourceRange range) const;
    std::string nameOf(const clang::VarDecl *v) const;
    std::string textWithRenames(const clang::Expr *e) const;
    void dropConstOfRestored(const FunctionFacts &f, const std::vector<Site *> &ready);
    bool renameLocal(const FunctionFacts &f, const clang::VarDecl *v);
    void applyRenames();

    clang::DiagnosticBuilder error(clang::SourceLocation loc, const char *format);
    clang::DiagnosticBuilder note(clang::SourceLocation loc, const char *format);
    clang::DiagnosticBuilder warning(clang::SourceLocation loc, const char *format);

    clang::Rewriter &rewriter_;
    const CkptPragmaHandler &pragmas_;
    const InstrumentOptions &options_;
    InstrumentResult &result_;
    std::string &output_;
    clang::ASTContext *ctx_ = nullptr;
    clang::SourceManager *sm_ = nullptr;
    CallGraph *graph_ = nullptr;
    std::string fileName_;  // the main file as the user named it (for #line)
    std::string unitId_;    // absolute path of the main file (for the summary)
    std::vector<std::string> summaryReaches_, summaryEdges_, summaryAssumes_;
    std::vector<std::string> summaryAddressTaken_;
    std::string sourcesHash_;
    bool failed_ = false;
    std::set<const clang::Decl *> reported_;  // one diagnostic per declaration
    // Locals renamed in the output because they hide another local that a
    // save block must also name; and where each is written in the file.
    std::map<const clang::VarDecl *, std::string> renamed_;
    std::vector<std::pair<clang::SourceLocation, std::string>> pendingRenames_;
    unsigned renameCount_ = 0;
    std::string cursorTo_ = "ckpt_to", cursorFrom_ = "ckpt_from"; // see HandleTranslationUnit
    // The label a function with variable-length arrays jumps on from, when restoring.
    std::string labelVariable_ = "ckpt_label";
    // Declarations of variably modified type that the restore path of the
    // function being instrumented runs again (see prepareChained).
    std::map<const clang::DeclStmt *, Chained> chained_;
    // Static functions of headers that code which runs never calls (their
    // copies are called instead): neither instrumented nor summarised.
    std::set<const clang::FunctionDecl *> neverCalled_;
    // Static functions of headers not copied since header code names them
    // (outside the copies): where, for the refusal's note.
    std::map<const clang::FunctionDecl *, clang::SourceLocation> notCopied_;
    clang::Preprocessor *pp_ = nullptr;
};

}  // namespace aalc
