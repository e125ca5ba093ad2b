// Which functions of the whole program reach a potential checkpoint, from the
// summaries every instrumented unit carries (templates/unit_summary.c.in), and
// which units were instrumented on a wrong assumption about another unit.
//
// A summary's lines, one fact each:
//   U <unit>        the unit's source file (absolute path)
//   R <f>           f reaches a potential checkpoint
//   C <f>\t<g>      f calls g (g = "*": a call through a function pointer)
//   P <g>           the unit takes g's address
//   A <g>           the unit was instrumented assuming g (or "*") never reaches one
//   H <hash>        hash of the files the unit was parsed from
//   W <dir> S <source> I <flag>... X <word>...
//                   how to instrument it again: working directory, source as
//                   given, ckpt-instrument's flags, and the compile command of
//                   its output (without -c and -o)
// Functions with internal linkage are named "<unit>#<name>".
#pragma once

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace aalc
{

struct UnitSummary {
    std::string unit;
    std::vector<std::string> reaches, addressTaken, assumes;
    std::vector<std::pair<std::string, std::string>> calls;
    std::string hash, workingDirectory, source;
    std::vector<std::string> parseFlags, compileCommand;

    bool canInstrumentAgain() const
    {
        return !hash.empty() && !source.empty() && !compileCommand.empty();
    }
};

// The units of one object's summary section (several after a partial link).
std::vector<UnitSummary> parseSummaries(llvm::StringRef section);

// Every function that reaches a potential checkpoint, and "*" when a call
// through a function pointer may (some function whose address is taken does).
std::set<std::string> reachingFunctions(const std::vector<UnitSummary> &units);

// The assumptions of `unit` that the whole program contradicts.
std::vector<std::string> wrongAssumptions(const UnitSummary &unit,
                                          const std::set<std::string> &reaching);

} // namespace aalc
