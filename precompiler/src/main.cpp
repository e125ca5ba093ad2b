// ckpt-instrument: reads one C source file, writes it back with checkpointing
// code inserted.
//
//   ckpt-instrument -o OUT.c SRC.c -- <compiler flags: -D -U -I -isystem -std= ...>
//
// Diagnostics are printed like a compiler's (file:line:col: error: ...); the
// exit status is non-zero when anything could not be instrumented.
#include "instrumenter.h"
#include "pragmas.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>

using namespace clang;

namespace {

class InstrumentAction : public ASTFrontendAction {
public:
    InstrumentAction(std::string fileName, std::string &output)
        : fileName_(std::move(fileName)), output_(output) {}

    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override
    {
        rewriter_.setSourceMgr(ci.getSourceManager(), ci.getLangOpts());
        ci.getPreprocessor().AddPragmaHandler(&pragmas_);
        return std::make_unique<aalc::Instrumenter>(rewriter_, pragmas_, fileName_, output_);
    }
    void EndSourceFileAction() override
    {
        getCompilerInstance().getPreprocessor().RemovePragmaHandler(&pragmas_);
    }

private:
    std::string fileName_;  // as the user named it, for #line
    std::string &output_;
    Rewriter rewriter_;
    aalc::CkptPragmaHandler pragmas_;
};

int usage()
{
    llvm::errs() << "usage: ckpt-instrument -o OUT.c SOURCE.c -- [compiler flags]\n";
    return 2;
}

}  // namespace

int main(int argc, char **argv)
{
    std::string source, outputPath;
    std::vector<std::string> flags;
    int i = 1;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        if (std::strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            outputPath = argv[++i];
        else if (argv[i][0] == '-')
            return usage();
        else if (source.empty())
            source = argv[i];
        else
            return usage();
    }
    for (++i; i < argc; ++i)
        flags.push_back(argv[i]);
    if (source.empty() || outputPath.empty())
        return usage();

    // Parse as C with the user's flags; warnings are the real compiler's job.
    // ToolInvocation keeps the source path as given, so diagnostics name the
    // file the way the user wrote it.
    // __AALC_INSTRUMENT__ turns the macros of <aalc/ckpt_pragmas.h> into the
    // directives for this parse only: the compile of the output, where they
    // have been replaced, sees them empty and warns about nothing.
    std::vector<std::string> commandLine = {"ckpt-instrument", "-fsyntax-only", "-x", "c",
                                            "-D__AALC_INSTRUMENT__=1"};
    commandLine.insert(commandLine.end(), flags.begin(), flags.end());
    commandLine.push_back("-resource-dir=" AALC_CLANG_RESOURCE_DIR);
    commandLine.push_back("-w");
    commandLine.push_back("-ferror-limit=0");
    commandLine.push_back(source);
    std::string output;
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions()));
    tooling::ToolInvocation invocation(commandLine,
                                       std::make_unique<InstrumentAction>(source, output),
                                       files.get());
    if (!invocation.run() || output.empty())
        return 1;

    std::error_code ec;
    llvm::raw_fd_ostream out(outputPath, ec);
    if (ec) {
        llvm::errs() << "ckpt-instrument: error: cannot write '" << outputPath
                     << "': " << ec.message() << "\n";
        return 1;
    }
    out << output;
    return 0;
}
