/* What the unit tests share about the machine they run on. */
#ifndef AALC_TEST_SUPPORT_H
#define AALC_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* CHECK(cond, fmt, ...): the unit tests' one assertion. It counts a check in
 * checks_run; a false cond counts in checks_failed and is said on stderr as
 * "file:line: FAILED: cond: message" (the first 30 failures; a test that goes
 * on after a failure can stop once checks_failed passes 30). A test whose later
 * steps use what a check vouched for sets checks_stop = 1: the first failure
 * then exits with status 1. checks_files_left, when set, names the directory a
 * failed test leaves its files in. checks_summary() ends a test. */
__attribute__((unused)) static long checks_run, checks_failed;
__attribute__((unused)) static int checks_stop;
__attribute__((unused)) static const char *checks_files_left;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks_run++;                                                                              \
        if (!(cond))                                                                               \
            check_failed(__FILE__, __LINE__, #cond, __VA_ARGS__);                                  \
    } while (0)

__attribute__((format(printf, 4, 5))) static inline void
check_failed(const char *file, int line, const char *cond, const char *fmt, ...)
{
    if (checks_failed++ < 30) {
        const char *slash = strrchr(file, '/');
        fprintf(stderr, "%s:%d: FAILED: %s: ", slash ? slash + 1 : file, line, cond);
        va_list ap;
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        if (checks_files_left)
            fprintf(stderr, " (files left in %s)", checks_files_left);
        fputc('\n', stderr);
    }
    if (checks_stop)
        exit(1);
}

/* The exit status of a test that has run its checks, said with their count. */
static inline int checks_summary(const char *prog)
{
    if (checks_failed) {
        printf("%s: %ld of %ld checks FAILED\n", prog, checks_failed, checks_run);
        return 1;
    }
    printf("%s: %ld checks passed\n", prog, checks_run);
    return 0;
}

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
