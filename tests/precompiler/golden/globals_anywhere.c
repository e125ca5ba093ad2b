/* Globals are left exactly as written, whatever their shape: the runtime
 * saves the executable's whole .data and .bss (runtime/src/globals.h), so
 * nothing needs marking. Definitions in headers, declared by macros,
 * thread-local, with their own section, mixing const and non-const, or
 * declared together with a function were refused when ckpt-instrument moved
 * globals into sections of its own. */
#define MAIN_FILE
#include "globals_anywhere.h"

#define DECLARE_PAIR(a, b) int a = 1; int b
DECLARE_PAIR(first, hits);
const char *name = "x", separator = ',';
int placed __attribute__((section("my_data"))) = 1;
_Thread_local int per_thread;
static __thread int counter;
int helper(void), calls_seen;

int helper(void)
{
    static _Thread_local int calls;
    header_static++;
    header_tentative++;
    return ++calls + ++counter + per_thread + ++calls_seen + hits + first + placed + steps_done +
           (int)energy + (int)separator + (name != 0);
}

int main(void)
{
    for (int i = 0; i < 3; i++) {
#pragma ckpt potential
        helper();
    }
    return 0;
}
