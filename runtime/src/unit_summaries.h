/* Whole-program check of what each unit assumed about the others. Every
 * instrumented unit carries a summary (see templates/unit_summary.c.in):
 *   U <unit>           the unit's source file
 *   R <f>              f reaches a potential checkpoint
 *   C <f> <g>          f may reach one only through its call to g (in another unit)
 *   A <g>              the unit calls g where the call cannot be restored,
 *                      assuming g never reaches a potential checkpoint
 * If an assumption is wrong the program would restore incorrectly, so it
 * refuses to start. */
#ifndef AALC_UNIT_SUMMARIES_H
#define AALC_UNIT_SUMMARIES_H

void ckpt_check_unit_summaries(void);

#endif
