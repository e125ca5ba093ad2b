/* #line directives keep the user's line numbers, and columns where a
 * statement stays on its line: gcc -DLINE_CHECK must report each use of a
 * not_declared_* identifier below at its line and column in this file (only
 * its line where marked LINE-ONLY: the held result of an assignment or a
 * return moves the call). The uses sit inside instrumented statements and
 * after every kind of inserted code: jump table, restore and save blocks,
 * potential point, held result, braces added around an unbraced body, a
 * statement sharing its line, a one-line function, a marked global and a
 * neutralised directive. The identifiers are declared only without
 * LINE_CHECK, so that ckpt-instrument sees a valid file. */
#pragma ckpt noreach(quiet)
void quiet(void);
int step(int x);
#ifndef LINE_CHECK
enum { not_declared_in_global, not_declared_in_call, not_declared_in_declaration,
       not_declared_in_assignment, not_declared_in_braced_body, not_declared_same_line,
       not_declared_in_return, not_declared_one_line };
#endif
int counter = not_declared_in_global; // LINE-ONLY
#ifdef LINE_CHECK
int after_global = not_declared_after_global;
#endif

int lines(int n)
{
#ifdef LINE_CHECK
    not_declared_after_jump_table;
#endif
    step(n + not_declared_in_call);
#ifdef LINE_CHECK
    not_declared_after_call;
#endif
#pragma ckpt potential
#ifdef LINE_CHECK
    not_declared_after_point;
#endif
    int x = step(not_declared_in_declaration);
    x = step(x + not_declared_in_assignment); // LINE-ONLY
#ifdef LINE_CHECK
    not_declared_after_assignment;
#endif
    if (x > n)
        step(x + not_declared_in_braced_body);
#ifdef LINE_CHECK
    else not_declared_after_braces;
#endif
    step(x); x += not_declared_same_line; quiet();
    counter = x;
    return step(x + not_declared_in_return); // LINE-ONLY
#ifdef LINE_CHECK
    not_declared_after_return;
#endif
}

int one_line(int n) { step(n); return n + not_declared_one_line; }
// REACHES: step
