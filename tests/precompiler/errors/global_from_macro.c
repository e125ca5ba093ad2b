/* A global declared in the middle of a macro expansion cannot be marked: the
 * attribute can only go in front of the whole invocation. (A macro that
 * expands to one declaration, like 'PRIVATE int x;', is fine.) */
#define DECLARE_PAIR(a, b) int a = 1; int b

DECLARE_PAIR(first, hits);
// EXPECT-ERROR: 6:1: global variable 'hits' is declared by a macro
