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
 * start-up (a program not linked by ckptcc) would restore incorrectly, so the
 * program refuses to start. */
#ifndef AALC_UNIT_SUMMARIES_H
#define AALC_UNIT_SUMMARIES_H

void ckpt_check_unit_summaries(void);

#endif
