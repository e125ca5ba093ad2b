// Whole-program reachability of potential checkpoints from unit summaries.
#include "whole_program.h"

#include <algorithm>

namespace aalc
{

std::vector<UnitSummary> parseSummaries(llvm::StringRef section)
{
    std::vector<UnitSummary> units;
    while (!section.empty()) {
        auto [line, rest] = section.split('\n');
        section = rest;
        line = line.ltrim('\0'); // padding between the units of a partial link
        if (line.size() < 2 || line[1] != ' ')
            continue;
        char tag = line[0];
        llvm::StringRef text = line.drop_front(2);
        if (tag == 'U') {
            units.emplace_back();
            units.back().unit = text.str();
            continue;
        }
        if (units.empty())
            continue;
        UnitSummary &u = units.back();
        switch (tag) {
        case 'R':
            u.reaches.push_back(text.str());
            break;
        case 'P':
            u.addressTaken.push_back(text.str());
            break;
        case 'A':
            u.assumes.push_back(text.str());
            break;
        case 'C': {
            auto [from, to] = text.split('\t');
            u.calls.push_back({from.str(), to.str()});
            break;
        }
        case 'H':
            u.hash = text.str();
            break;
        case 'W':
            u.workingDirectory = text.str();
            break;
        case 'S':
            u.source = text.str();
            break;
        case 'I':
            u.parseFlags.push_back(text.str());
            break;
        case 'X':
            u.compileCommand.push_back(text.str());
            break;
        default:
            break; // a later version's fact: not needed to decide
        }
    }
    return units;
}

std::set<std::string> reachingFunctions(const std::vector<UnitSummary> &units)
{
    std::set<std::string> reaching;
    for (const UnitSummary &u : units)
        reaching.insert(u.reaches.begin(), u.reaches.end());
    // A caller reaches when a callee does; "*" when a function whose address
    // is taken does. Few rounds: each one adds at least one function.
    for (bool changed = true; changed;) {
        changed = false;
        for (const UnitSummary &u : units) {
            for (const auto &[from, to] : u.calls)
                if (!reaching.count(from) && reaching.count(to))
                    changed |= reaching.insert(from).second;
            if (!reaching.count("*"))
                for (const std::string &g : u.addressTaken)
                    if (reaching.count(g)) {
                        changed |= reaching.insert("*").second;
                        break;
                    }
        }
    }
    return reaching;
}

std::vector<std::string> wrongAssumptions(const UnitSummary &unit,
                                          const std::set<std::string> &reaching)
{
    std::vector<std::string> wrong;
    for (const std::string &g : unit.assumes)
        if (reaching.count(g) && std::find(wrong.begin(), wrong.end(), g) == wrong.end())
            wrong.push_back(g);
    return wrong;
}

} // namespace aalc
