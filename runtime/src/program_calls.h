/* Wrappers of C library calls (files.c) keep track of what the program does
 * (runtime/wrapped-symbols.opt links its calls to them); the runtime's and
 * the coordination layer's own calls pass through untracked, even when they
 * run on the program's thread. They are told apart by where the call comes
 * from: aalc-sections.ld gathers the code of both libraries into one section
 * (and the runtime is built without sibling calls, so that the address a
 * wrapper returns to is its caller's). */
#ifndef AALC_PROGRAM_CALLS_H
#define AALC_PROGRAM_CALLS_H

#include <stdint.h>

extern char __aalc_private_text_start[] __attribute__((weak));
extern char __aalc_private_text_end[] __attribute__((weak));

static inline int ckpt_address_in_runtime(const void *code)
{
    return (uintptr_t)code - (uintptr_t)__aalc_private_text_start <
           (uintptr_t)__aalc_private_text_end - (uintptr_t)__aalc_private_text_start;
}

/* In a wrapper: was it called by the runtime or the layer? */
#define CKPT_CALLED_BY_RUNTIME() ckpt_address_in_runtime(__builtin_return_address(0))

#endif
