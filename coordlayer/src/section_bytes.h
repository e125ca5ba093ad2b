/* Writing and reading the bytes of an image section (section_bytes.c): a
 * buffer that grows as values are put in it, and a bounded reader. */
#ifndef AALC_CL_SECTION_BYTES_H
#define AALC_CL_SECTION_BYTES_H

#include <stddef.h>

struct cl_section_bytes {
    unsigned char *p; /* ckpt_untracked_malloc'ed; the section's data when done */
    size_t n, capacity;
};

void cl_section_put(struct cl_section_bytes *b, const void *data, size_t n);

/* Copies n bytes at *p to out and moves *p on; -1 when fewer than n are left
 * before end (a damaged section). */
int cl_section_take(const unsigned char **p, const unsigned char *end, void *out, size_t n);

#endif
