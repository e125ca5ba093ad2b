/* The program's saved globals and static locals: the two sections that
 * ckpt-instrument places them in (see aalc-sections.ld). */
#ifndef AALC_GLOBALS_H
#define AALC_GLOBALS_H

#include <stddef.h>

struct ckpt_range {
    void *start;
    size_t size;
};

/* Fills out[0] (initialised data) and out[1] (zero-initialised); always 2 entries. */
void ckpt_globals_ranges(struct ckpt_range out[2]);

#endif
