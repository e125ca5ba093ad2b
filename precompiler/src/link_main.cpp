// ckpt-link: the whole-program step of ckptcc's link.
//
//   ckpt-link --instrument PATH --tmp DIR [-v] INPUT...
//
// Each unit is instrumented alone, assuming that no function of another unit
// reaches a potential checkpoint (see whole_program.h). ckpt-link reads the
// summaries of every object and archive member about to be linked, decides
// for the whole program which functions do reach one, and instruments each
// unit whose assumption was wrong again, from its recorded source and
// command, with the facts it was missing. It prints one line per input to be
// replaced, "INPUT<tab>REPLACEMENT" (an object, or a copy of an archive with
// the members replaced), and exits non-zero, after the reason, when a unit
// cannot be instrumented again.
#include "whole_program.h"

#include "llvm/Object/Archive.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace aalc;

namespace
{

const char *const kSummarySection = "ckpt_unit_summaries";

// One unit of the link, and where its summary came from.
struct LinkedUnit {
    UnitSummary summary;
    size_t input;           // index into the inputs
    int member = -1;        // index of the archive member, -1 for an object file
    std::string memberName; // as stored in the archive
    bool alone = true;      // the only unit of its object (not a partial link)
};

struct Options {
    std::string instrument, tmp;
    bool verbose = false;
    std::vector<std::string> inputs;
};

void readObject(const object::ObjectFile &obj, size_t input, int member, StringRef memberName,
                std::vector<LinkedUnit> &units)
{
    for (const object::SectionRef &section : obj.sections()) {
        Expected<StringRef> name = section.getName();
        if (!name || *name != kSummarySection) {
            if (!name)
                consumeError(name.takeError());
            continue;
        }
        Expected<StringRef> contents = section.getContents();
        if (!contents) {
            consumeError(contents.takeError());
            continue;
        }
        std::vector<UnitSummary> found = parseSummaries(*contents);
        for (UnitSummary &s : found)
            units.push_back({std::move(s), input, member, memberName.str(), found.size() == 1});
    }
}

// Objects and archive members with summaries; anything else (shared
// libraries, linker scripts, objects not built by ckptcc) is left to the linker.
void readInput(const std::string &path, size_t input, std::vector<LinkedUnit> &units)
{
    Expected<object::OwningBinary<object::Binary>> binary = object::createBinary(path);
    if (!binary) {
        consumeError(binary.takeError());
        return;
    }
    object::Binary *bin = binary->getBinary();
    if (auto *obj = dyn_cast<object::ObjectFile>(bin)) {
        readObject(*obj, input, -1, "", units);
        return;
    }
    auto *archive = dyn_cast<object::Archive>(bin);
    if (!archive)
        return;
    Error err = Error::success();
    int index = 0;
    for (const object::Archive::Child &child : archive->children(err)) {
        Expected<std::unique_ptr<object::Binary>> member = child.getAsBinary();
        Expected<StringRef> name = child.getName();
        if (member && name)
            if (auto *obj = dyn_cast<object::ObjectFile>(member->get()))
                readObject(*obj, input, index, *name, units);
        if (!member)
            consumeError(member.takeError());
        if (!name)
            consumeError(name.takeError());
        ++index;
    }
    if (err)
        consumeError(std::move(err));
}

// Runs argv in directory `cwd`; its diagnostics go to our stderr.
bool runIn(const std::string &cwd, const std::vector<std::string> &argv, bool verbose)
{
    if (verbose) {
        errs() << "(cd " << cwd << " &&";
        for (const std::string &a : argv)
            errs() << " " << a;
        errs() << ")\n";
    }
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        if (chdir(cwd.c_str()) != 0) {
            std::fprintf(stderr, "ckpt-link: error: cannot enter '%s': %s\n", cwd.c_str(),
                         std::strerror(errno));
            _exit(127);
        }
        execvp(args[0], args.data());
        std::fprintf(stderr, "ckpt-link: error: cannot run '%s': %s\n", args[0],
                     std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// "'f' reaches", "'f', 'g' and calls through function pointers reach"
std::string whatReaches(const std::vector<std::string> &names)
{
    std::vector<std::string> parts;
    for (const std::string &n : names)
        parts.push_back(n == "*" ? std::string("calls through function pointers")
                                 : "'" + n.substr(n.rfind('#') + 1) + "'");
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    return out + (parts.size() == 1 && names[0] != "*" ? " reaches" : " reach");
}

// Instruments one unit again with the facts it lacked; returns the new object.
bool instrumentAgain(const Options &opt, const LinkedUnit &u, const std::vector<std::string> &wrong,
                     int serial, std::string &object)
{
    const UnitSummary &s = u.summary;
    std::string where = opt.inputs[u.input] + (u.member >= 0 ? "(" + u.memberName + ")" : "");
    if (!u.alone || !s.canInstrumentAgain()) {
        errs() << "ckpt-link: error: " << where << " was compiled from " << s.unit
               << " assuming that nothing it calls in other units reaches a '#pragma ckpt "
               << "potential', but " << whatReaches(wrong) << " one; "
               << (u.alone ? "the object was made by an older ckptcc: rebuild it with this one"
                           : "it is a partial link (ld -r) of several units: link the units "
                             "themselves")
               << "\n";
        return false;
    }
    std::string stem = opt.tmp + "/relink-" + std::to_string(serial);
    std::string facts = stem + ".facts", source = stem + ".c";
    object = stem + ".o";
    {
        std::ofstream f(facts);
        for (const std::string &g : wrong)
            f << (g == "*" ? std::string("indirect") : "reaches " + g) << "\n";
        f << "hash " << s.hash << "\n";
        if (!f) {
            errs() << "ckpt-link: error: cannot write " << facts << "\n";
            return false;
        }
    }
    if (opt.verbose)
        errs() << "ckpt-link: instrumenting " << s.source << " again (from " << where
               << "): " << whatReaches(wrong) << " a potential checkpoint\n";
    std::vector<std::string> instrument = {opt.instrument, "--record"};
    for (const std::string &w : s.compileCommand) {
        instrument.push_back("--compile-word");
        instrument.push_back(w);
    }
    instrument.insert(instrument.end(), {"--facts", facts, "-o", source, s.source, "--"});
    instrument.insert(instrument.end(), s.parseFlags.begin(), s.parseFlags.end());
    std::vector<std::string> compile = s.compileCommand;
    compile.insert(compile.end(), {"-c", source, "-o", object});
    if (runIn(s.workingDirectory, instrument, opt.verbose) &&
        runIn(s.workingDirectory, compile, opt.verbose))
        return true;
    errs() << "ckpt-link: error: " << where << " must be instrumented again because "
           << whatReaches(wrong) << " a potential checkpoint through another unit, and that "
           << "failed (above)\n";
    return false;
}

// A copy of an archive with some members replaced by new objects.
bool rewriteArchive(const std::string &path, const std::map<int, std::string> &replaced,
                    const std::string &out)
{
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer)
        return false;
    Expected<std::unique_ptr<object::Archive>> archive =
        object::Archive::create((*buffer)->getMemBufferRef());
    if (!archive) {
        consumeError(archive.takeError());
        return false;
    }
    std::vector<NewArchiveMember> members;
    Error err = Error::success();
    int index = 0;
    for (const object::Archive::Child &child : (*archive)->children(err)) {
        auto it = replaced.find(index++);
        Expected<NewArchiveMember> m = NewArchiveMember::getOldMember(child, true);
        if (!m) {
            consumeError(m.takeError());
            return false;
        }
        if (it != replaced.end()) {
            Expected<NewArchiveMember> fresh = NewArchiveMember::getFile(it->second, true);
            if (!fresh) {
                consumeError(fresh.takeError());
                return false;
            }
            members.push_back(std::move(*fresh));
            members.back().MemberName = m->MemberName; // the buffer outlives the write
        } else {
            members.push_back(std::move(*m));
        }
    }
    if (err) {
        consumeError(std::move(err));
        return false;
    }
    if (Error e = writeArchive(out, members, true, (*archive)->kind(), true, false)) {
        consumeError(std::move(e));
        return false;
    }
    return true;
}

int usage()
{
    errs() << "usage: ckpt-link --instrument PATH --tmp DIR [-v] INPUT...\n";
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    Options opt;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--instrument") == 0 && i + 1 < argc)
            opt.instrument = argv[++i];
        else if (std::strcmp(argv[i], "--tmp") == 0 && i + 1 < argc)
            opt.tmp = argv[++i];
        else if (std::strcmp(argv[i], "-v") == 0)
            opt.verbose = true;
        else
            opt.inputs.push_back(argv[i]);
    }
    if (opt.instrument.empty() || opt.tmp.empty())
        return usage();
    SmallString<256> tmp(opt.tmp);
    sys::fs::make_absolute(tmp);
    opt.tmp = tmp.str().str();

    std::vector<LinkedUnit> units;
    for (size_t i = 0; i < opt.inputs.size(); ++i)
        readInput(opt.inputs[i], i, units);
    std::vector<UnitSummary> summaries;
    for (const LinkedUnit &u : units)
        summaries.push_back(u.summary);
    std::set<std::string> reaching = reachingFunctions(summaries);

    bool ok = true;
    int serial = 0;
    std::map<size_t, std::map<int, std::string>> replaced; // input -> member -> object
    for (const LinkedUnit &u : units) {
        std::vector<std::string> wrong = wrongAssumptions(u.summary, reaching);
        if (wrong.empty())
            continue;
        std::string object;
        if (instrumentAgain(opt, u, wrong, ++serial, object))
            replaced[u.input][u.member] = object;
        else
            ok = false;
    }
    if (!ok)
        return 1;
    for (const auto &[input, members] : replaced) {
        const std::string &path = opt.inputs[input];
        if (members.count(-1)) {
            outs() << path << "\t" << members.at(-1) << "\n";
            continue;
        }
        std::string copy =
            opt.tmp + "/relink-" + std::to_string(++serial) + "-" + sys::path::filename(path).str();
        if (!rewriteArchive(path, members, copy)) {
            errs() << "ckpt-link: error: cannot write a copy of " << path
                   << " with its members instrumented again\n";
            return 1;
        }
        outs() << path << "\t" << copy << "\n";
    }
    return 0;
}
