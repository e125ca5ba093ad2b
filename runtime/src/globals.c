#include "globals.h"

/* Defined by aalc-sections.ld; weak so that a program linked without it has none. */
extern char __ckpt_saved_data_start[] __attribute__((weak));
extern char __ckpt_saved_data_end[] __attribute__((weak));
extern char __ckpt_saved_bss_start[] __attribute__((weak));
extern char __ckpt_saved_bss_end[] __attribute__((weak));

static struct ckpt_range range(char *start, char *end)
{
    struct ckpt_range r = {start, (start && end > start) ? (size_t)(end - start) : 0};
    return r;
}

void ckpt_globals_ranges(struct ckpt_range out[2])
{
    out[0] = range(__ckpt_saved_data_start, __ckpt_saved_data_end);
    out[1] = range(__ckpt_saved_bss_start, __ckpt_saved_bss_end);
}
