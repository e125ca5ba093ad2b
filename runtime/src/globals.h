/* The program's globals: every writable byte of the executable's .data and
 * .bss, wherever it was defined (a .c file, a header, an object or static
 * library compiled by the plain compiler, a -fcommon tentative definition),
 * less what is not the program's own:
 *  - the runtime's and the coordination layer's variables, which
 *    aalc-sections.ld gathers into sections of their own;
 *  - the C library's variables that the executable holds by copy relocation
 *    (stdout, environ, tzname, an MPI's predefined objects...): they point
 *    into libraries of the running process, which load them themselves
 *    (environ and the standard streams are the runtime's business:
 *    environment.c, libc_state.c). getopt's (optind, optarg, ...) are the
 *    program's and are kept.
 * The executable is linked without PIE, so these addresses are the same in
 * every run. Thread-local variables of the executable (its PT_TLS block, in
 * the program's thread) are saved too: ckpt_globals_tls. */
#ifndef AALC_GLOBALS_H
#define AALC_GLOBALS_H

#include <stddef.h>

struct ckpt_range {
    void *start;
    size_t size;
};

/* The saved ranges, in address order; the same on every call and in every
 * run of the same executable. Returns their number (at most
 * CKPT_GLOBALS_MAX_RANGES) and points *out at them. */
#define CKPT_GLOBALS_MAX_RANGES 64
size_t ckpt_globals_ranges(const struct ckpt_range **out);
/* Is [p, p+n) inside one of them? */
int ckpt_globals_contain(const void *p, size_t n);
/* The calling thread's block of the executable's thread-local variables
 * (empty when it has none). Call from the program's thread. */
struct ckpt_range ckpt_globals_tls(void);

#endif
