/* What the unit tests share about the machine they run on. */
#ifndef AALC_TEST_SUPPORT_H
#define AALC_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

/* xorshift64: repeatable pseudo-random test data, one sequence per state. */
static inline uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* n bytes (a multiple of 8) of xorshift64 numbers. */
static inline void fill_random(uint8_t *p, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t v = xorshift64(state);
        memcpy(p + i, &v, 8);
    }
}

/* Moving pages out of an image needs Linux 5.13 for a file's pages
 * (MREMAP_DONTUNMAP on file mappings). */
static inline int kernel_moves_file_pages(void)
{
    struct utsname u;
    int major = 0, minor = 0;
    return uname(&u) == 0 && sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
           (major > 5 || (major == 5 && minor >= 13));
}

#endif
