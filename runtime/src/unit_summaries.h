/* Whole-program check of what each unit assumed about the others. Every
 * instrumented unit carries a summary (see templates/unit_summary.c.in):
 *   U <unit>           the unit's source file
 *   R <f>              f reaches a potential checkpoint
 *   C <f>\t<g>         f calls g (another unit's function, a function of its
 *                      own that does not reach, or "*": through a pointer)
 *   P <g>              the unit takes g's address
 *   A <g>              the unit was instrumented assuming that g (or "*")
 *                      never reaches a potential checkpoint
 * and lines for ckpt-link (H W S I X), which instruments a unit again when an
 * assumption turns out wrong for the whole program. One still wrong at
 * start-up (a program not linked by ckptcc, or a unit in a shared library,
 * which ckpt-link never reads) would restore incorrectly, so the program
 * refuses to start, or to go on when dlopen brings in a library that makes
 * an assumption wrong. */
#ifndef AALC_UNIT_SUMMARIES_H
#define AALC_UNIT_SUMMARIES_H

void ckpt_check_unit_summaries(void);

/* Each unit's constructor gives its summary here (a weak reference:
 * templates/unit_summary.c.in), since __start_/__stop_ of a section only
 * cover the executable. Exported by the executable when a shared library of
 * the link refers to it. */
void ckpt_register_unit_summary(const char *text, unsigned long len);

#endif
