/*
 * AALC: the '#pragma ckpt' directives as macros, so that one annotated source
 * builds quietly with a plain compiler too (cc -Wall warns about every
 * unknown pragma, and every use of one in a header).
 *
 *   #include <aalc/ckpt_pragmas.h>
 *
 *   CKPT_NOREACH(log_line, print_matrix)     (#pragma ckpt noreach(log_line, print_matrix))
 *   ...
 *   for (it = 0; it < maxit; it++) {
 *       CKPT_POTENTIAL                       (#pragma ckpt potential)
 *       step(grid);
 *   }
 *
 * They are the directives only while ckpt-instrument parses the source (it
 * defines __AALC_INSTRUMENT__ then), which is where they matter: it replaces
 * each CKPT_POTENTIAL as it would the pragma. Everywhere else, the plain
 * build and ckptcc's compile of the instrumented copy, they are empty.
 * Write them where the pragmas would stand, without a semicolon (one after
 * CKPT_POTENTIAL is an empty statement; at file scope -Wpedantic warns).
 *
 * The header needs nothing else of AALC: a project may carry a copy of it
 * to build where AALC is not installed.
 */
#ifndef AALC_CKPT_PRAGMAS_H
#define AALC_CKPT_PRAGMAS_H

#ifdef __AALC_INSTRUMENT__
/* ckpt-instrument accepts a macro as the directive only when its whole
 * replacement is the one _Pragma: keep CKPT_POTENTIAL that way. */
#define CKPT_POTENTIAL _Pragma("ckpt potential")
#define CKPT_NOREACH(...) AALC_PRAGMA_(ckpt noreach(__VA_ARGS__))
#define AALC_PRAGMA_(text) _Pragma(#text)
#else
#define CKPT_POTENTIAL
#define CKPT_NOREACH(...)
#endif

#endif /* AALC_CKPT_PRAGMAS_H */
