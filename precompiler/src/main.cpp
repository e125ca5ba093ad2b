// ckpt-instrument: reads one C source file, writes it back with checkpointing
// code inserted.
//
//   ckpt-instrument [--record] [--compile-word W]... [--facts FILE] -o OUT.c SRC.c
//                   -- <compiler flags: -D -U -I -isystem -std= ...>
//
// --record writes into the unit summary how to instrument the unit again (the
// working directory, SRC.c, the flags, the hash of what was parsed) and how
// ckptcc compiles the output (the --compile-word's); ckpt-link does that at
// link time with --facts when another unit's function turns out to reach a
// potential checkpoint (see whole_program.h for the file's lines).
//
// Diagnostics are printed like a compiler's (file:line:col: error: ...); the
// exit status is non-zero when anything could not be instrumented.
#include "instrumenter.h"
#include "pragmas.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <unistd.h>

using namespace clang;

namespace {

class InstrumentAction : public ASTFrontendAction {
public:
  InstrumentAction(std::string fileName, const aalc::InstrumentOptions &options,
                   aalc::InstrumentResult &result)
      : fileName_(std::move(fileName)), options_(options), result_(result)
  {
  }

    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override
    {
        rewriter_.setSourceMgr(ci.getSourceManager(), ci.getLangOpts());
        ci.getPreprocessor().AddPragmaHandler(&pragmas_);
        auto instrumenter = std::make_unique<aalc::Instrumenter>(rewriter_, pragmas_, fileName_,
                                                                 options_, result_);
        instrumenter->setPreprocessor(ci.getPreprocessor());
        return instrumenter;
    }
    void EndSourceFileAction() override
    {
        getCompilerInstance().getPreprocessor().RemovePragmaHandler(&pragmas_);
    }

private:
    std::string fileName_;  // as the user named it, for #line
    const aalc::InstrumentOptions &options_;
    aalc::InstrumentResult &result_;
    Rewriter rewriter_;
    aalc::CkptPragmaHandler pragmas_;
};

// The real file system, where `path` reads as `text` (when text is not empty).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> withText(const std::string &path,
                                                         const std::string &text)
{
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> real = llvm::vfs::getRealFileSystem();
    if (text.empty())
        return real;
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
        new llvm::vfs::OverlayFileSystem(real));
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(
        new llvm::vfs::InMemoryFileSystem);
    llvm::SmallString<256> absolute(path);
    llvm::sys::fs::make_absolute(absolute);
    memory->addFile(absolute, 0, llvm::MemoryBuffer::getMemBufferCopy(text, absolute));
    overlay->pushOverlay(memory);
    return overlay;
}

int usage()
{
    llvm::errs() << "usage: ckpt-instrument [--record] [--compile-word W]... [--facts FILE] "
                    "[--normalized FILE] "
                    "-o OUT.c SOURCE.c -- [compiler flags]\n";
    return 2;
}

// --facts: "reaches NAME", "indirect" and "hash HEX" lines written by ckpt-link.
bool readFacts(const char *path, aalc::InstrumentOptions &options)
{
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
        llvm::errs() << "ckpt-instrument: error: cannot read '" << path
                     << "': " << buffer.getError().message() << "\n";
        return false;
    }
    llvm::SmallVector<llvm::StringRef, 16> lines;
    (*buffer)->getBuffer().split(lines, '\n', -1, false);
    for (llvm::StringRef line : lines) {
        auto [word, rest] = line.split(' ');
        if (word == "reaches")
            options.facts.reachingExternals.insert(rest.str());
        else if (word == "indirect")
            options.facts.indirectCallsReach = true;
        else if (word == "hash")
            options.expectedHash = rest.str();
        else {
            llvm::errs() << "ckpt-instrument: error: " << path << ": unknown line '" << line
                         << "'\n";
            return false;
        }
    }
    return true;
}

// The source as normalized, or as it is when nothing was moved.
bool writeNormalized(const std::string &path, const std::string &source,
                     const std::string &normalized)
{
    std::string text = normalized;
    if (text.empty()) {
        auto buffer = llvm::MemoryBuffer::getFile(source);
        if (!buffer) {
            llvm::errs() << "ckpt-instrument: error: cannot read '" << source
                         << "': " << buffer.getError().message() << "\n";
            return false;
        }
        text = (*buffer)->getBuffer().str();
    }
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    if (ec) {
        llvm::errs() << "ckpt-instrument: error: cannot write '" << path << "': " << ec.message()
                     << "\n";
        return false;
    }
    out << text;
    return true;
}

}  // namespace

int main(int argc, char **argv)
{
    std::string source, outputPath, normalizedPath;
    std::vector<std::string> flags;
    aalc::InstrumentOptions options;
    int i = 1;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        if (std::strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            outputPath = argv[++i];
        else if (std::strcmp(argv[i], "--normalized") == 0 && i + 1 < argc)
            normalizedPath = argv[++i];
        else if (std::strcmp(argv[i], "--record") == 0)
            options.record = true;
        else if (std::strcmp(argv[i], "--compile-word") == 0 && i + 1 < argc)
            options.compileCommand.push_back(argv[++i]);
        else if (std::strcmp(argv[i], "--facts") == 0 && i + 1 < argc) {
            if (!readFacts(argv[++i], options))
                return 1;
        } else if (argv[i][0] == '-')
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
    options.parseFlags = flags;
    if (options.record) {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) {
            llvm::errs() << "ckpt-instrument: error: cannot tell the working directory\n";
            return 1;
        }
        options.workingDirectory = cwd;
    }

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
    // Each pass after the first parses the text the last one normalized, in
    // place of the source (same name, same lines); a few passes untangle the
    // deepest nesting seen in practice, and the last one only instruments.
    const unsigned maxPasses = 8;
    std::string normalized, output;
    for (options.pass = 1;; ++options.pass) {
        options.normalize = options.pass < maxPasses;
        aalc::InstrumentResult result;
        llvm::IntrusiveRefCntPtr<FileManager> files(
            new FileManager(FileSystemOptions(), withText(source, normalized)));
        tooling::ToolInvocation invocation(
            commandLine, std::make_unique<InstrumentAction>(source, options, result), files.get());
        if (!invocation.run() || result.text.empty())
            return 1;
        if (options.pass == 1)
            options.knownHash = result.sourcesHash;
        if (!result.anotherPass) {
            output = std::move(result.text);
            break;
        }
        normalized = std::move(result.text);
    }

    // --normalized: the source as the last pass parsed it, before anything
    // was inserted; `cc` on it must print what the program prints.
    if (!normalizedPath.empty() && !writeNormalized(normalizedPath, source, normalized))
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
