// The precompiler unit tests' assertions: a failed CHECK is reported and
// counted, and the run goes on so that one broken analysis shows all it breaks.
#pragma once

#include <iostream>
#include <sstream>
#include <string>

namespace check
{

inline int run = 0, failed = 0;

inline void report(const char *file, int line, const std::string &what)
{
    ++failed;
    std::cerr << file << ":" << line << ": FAILED: " << what << "\n";
}

// The exit status of the test, said with the count of checks.
inline int summary(const char *name)
{
    std::cerr << name << ": " << run - failed << " of " << run << " checks passed\n";
    return failed == 0 && run > 0 ? 0 : 1;
}

template <typename T> std::string shown(const T &v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace check

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        ++check::run;                                                                              \
        if (!(cond))                                                                               \
            check::report(__FILE__, __LINE__, #cond);                                              \
    } while (0)

// Equality, with both values in the report.
#define CHECK_EQ(actual, expected)                                                                 \
    do {                                                                                           \
        ++check::run;                                                                              \
        const auto &check_a_ = (actual);                                                           \
        const auto &check_e_ = (expected);                                                         \
        if (!(check_a_ == check_e_))                                                               \
            check::report(__FILE__, __LINE__,                                                      \
                          std::string(#actual " == " #expected ": got '") +                        \
                              check::shown(check_a_) + "', expected '" + check::shown(check_e_) +  \
                              "'");                                                                \
    } while (0)
