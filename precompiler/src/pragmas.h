// The #pragma ckpt directives found in a translation unit.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"

#include <string>
#include <vector>

namespace aalc {

struct CkptPragma {
    enum Kind { Potential, NoReach };
    Kind kind;
    clang::SourceLocation hashLoc;   // the '#' of '#pragma' (or the _Pragma keyword, or the
                                     // use of a macro that is the _Pragma alone)
    clang::SourceLocation endLoc;    // end of the directive: its line, the ')' of _Pragma,
                                     // or the end of that macro's use
    bool isOperator = false;         // written as _Pragma("ckpt ...")
    std::vector<std::string> names;  // noreach(...) arguments
};

// Collects '#pragma ckpt ...' lines; anything it does not understand is an error.
class CkptPragmaHandler : public clang::PragmaHandler {
public:
    CkptPragmaHandler() : clang::PragmaHandler("ckpt") {}
    void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer introducer,
                      clang::Token &firstToken) override;
    const std::vector<CkptPragma> &pragmas() const { return pragmas_; }

private:
    std::vector<CkptPragma> pragmas_;
};

// The tokens of one directive after 'ckpt', as the Bison parser sees them.
struct PragmaToken {
    int kind;  // a token kind of the generated parser
    std::string text;
    clang::SourceLocation loc;
};

// State shared between the generated parser and its caller.
struct PragmaParse {
    std::vector<PragmaToken> tokens;
    size_t next = 0;
    CkptPragma result;
    std::string error;            // first syntax error, empty when the directive parsed
    clang::SourceLocation errorLoc;
};

// Parses ctx.tokens into ctx.result (implemented by the Bison grammar). Returns 0 on success.
int parsePragmaTokens(PragmaParse &ctx);

}  // namespace aalc
