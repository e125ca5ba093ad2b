/* The clause language of '#pragma ckpt'. Tokens come from Clang's lexer
 * (pragma_handler.cpp); this grammar only decides what the directive says. */
%code requires {
#include "pragmas.h"
using aalc::PragmaParse;
}
%{
#include "pragmas.h"
using aalc::PragmaParse;
%}

%define api.pure full
%define api.prefix {ckpt_pragma_}
%define parse.error verbose
%parse-param {PragmaParse &ctx}
%lex-param {PragmaParse &ctx}

%union { int name; }

%token END 0 "end of directive"
%token POTENTIAL "'potential'"
%token NOREACH "'noreach'"
%token <name> IDENTIFIER "function name"
%token LPAREN "'('"
%token RPAREN "')'"
%token COMMA "','"
%token OTHER "unexpected token"

%{
static int ckpt_pragma_lex(CKPT_PRAGMA_STYPE *value, PragmaParse &ctx);
static void ckpt_pragma_error(PragmaParse &ctx, const char *message);
%}

%%

directive
    : POTENTIAL                        { ctx.result.kind = aalc::CkptPragma::Potential; }
    | NOREACH LPAREN function_names RPAREN
                                       { ctx.result.kind = aalc::CkptPragma::NoReach; }
    ;

function_names
    : IDENTIFIER                       { ctx.result.names.push_back(ctx.tokens[$1].text); }
    | function_names COMMA IDENTIFIER  { ctx.result.names.push_back(ctx.tokens[$3].text); }
    ;

%%

static int ckpt_pragma_lex(CKPT_PRAGMA_STYPE *value, PragmaParse &ctx)
{
    if (ctx.next >= ctx.tokens.size())
        return END;
    value->name = static_cast<int>(ctx.next);
    return ctx.tokens[ctx.next++].kind;
}

static void ckpt_pragma_error(PragmaParse &ctx, const char *message)
{
    if (!ctx.error.empty())
        return;
    ctx.error = message;
    size_t at = ctx.next == 0 ? 0 : ctx.next - 1;
    if (at < ctx.tokens.size())
        ctx.errorLoc = ctx.tokens[at].loc;
}

int aalc::parsePragmaTokens(PragmaParse &ctx)
{
    return ckpt_pragma_parse(ctx);
}
