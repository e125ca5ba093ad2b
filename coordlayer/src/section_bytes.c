/* Writing and reading the bytes of an image section (section_bytes.h). */
#include "section_bytes.h"


#include <aalc/ckpt_layer_services.h>
#include <string.h>

void cl_section_put(struct cl_section_bytes *b, const void *data, size_t n)
{
    if (b->n + n > b->capacity) {
        size_t want = b->capacity ? b->capacity * 2 : 4096;
        while (want < b->n + n)
            want *= 2;
        b->p = ckpt_untracked_realloc(b->p, want);
        if (!b->p)
            ckpt_fatal("out of memory saving the coordination layer's state");
        b->capacity = want;
    }
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

int cl_section_take(const unsigned char **p, const unsigned char *end, void *out, size_t n)
{
    if ((size_t)(end - *p) < n)
        return -1;
    memcpy(out, *p, n);
    *p += n;
    return 0;
}
