/*
 * Unit test of the threaded copy (runtime/src/parallel_copy.c): every byte of
 * every piece lands where it should, whatever the number of threads, however
 * the chunks cut the pieces (empty pieces, pieces smaller than a chunk, a
 * chunk inside one piece), and nothing outside the pieces is written.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "parallel_copy.h"

static const char *prog = "test_parallel_copy";
static int checks;

#define CHECK(cond, ...)                                                           \
    do {                                                                           \
        checks++;                                                                  \
        if (!(cond)) {                                                             \
            fprintf(stderr, "%s: FAILED at line %d: %s: ", prog, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                          \
            fprintf(stderr, "\n");                                                 \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
    uint64_t x = rng_state; /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static void *map_anon(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(p != MAP_FAILED, "mmap of %zu bytes: %s", n, strerror(errno));
    return p;
}

#define SRC_SIZE ((size_t)12 << 20)
#define MAX_PIECES 64

/* Random pieces of src, scattered without overlap over dst, with gaps left
 * untouched; copied with `threads` threads, checked against memcpy. */
static void trial(const uint8_t *src, uint8_t *dst, uint8_t *expect, unsigned threads,
                  size_t parallel_min, unsigned most_threads)
{
    struct ckpt_copy_piece pieces[MAX_PIECES];
    size_t count = 1 + rnd() % MAX_PIECES, at = 0;
    memset(dst, 0xA5, SRC_SIZE * 2);
    memset(expect, 0xA5, SRC_SIZE * 2);
    for (size_t i = 0; i < count; i++) {
        /* Mostly small, some empty, a few of megabytes. */
        size_t kind = rnd() % 8, n = kind == 0 ? 0 : kind < 6 ? rnd() % 9000 : rnd() % (2u << 20);
        size_t from = rnd() % (SRC_SIZE - n);
        at += rnd() % 100; /* a gap nobody may write */
        if (at + n > SRC_SIZE * 2)
            n = 0;
        pieces[i] = (struct ckpt_copy_piece){at, src + from, n};
        memcpy(expect + at, src + from, n);
        at += n;
    }
    unsigned used = ckpt_parallel_copy(dst, pieces, count, threads, parallel_min);
    /* A helper the scheduler runs late finds every chunk taken. */
    CHECK(used >= 1 && used <= most_threads, "%u threads asked for (minimum %zu bytes): %u copied",
          threads, parallel_min, used);
    CHECK(memcmp(dst, expect, SRC_SIZE * 2) == 0,
          "%zu pieces, %u threads: the copy differs from memcpy's", count, threads);
}

int main(void)
{
    uint8_t *src = map_anon(SRC_SIZE);
    uint8_t *dst = map_anon(SRC_SIZE * 2);
    uint8_t *expect = map_anon(SRC_SIZE * 2);
    for (size_t i = 0; i < SRC_SIZE; i += 8) {
        uint64_t v = rnd();
        memcpy(src + i, &v, 8);
    }
    for (int round = 0; round < 40; round++) {
        unsigned threads = 1 + (unsigned)(rnd() % 6);
        trial(src, dst, expect, threads, 0, threads);
    }
    /* The helpers already running are reused; more are started when asked. */
    trial(src, dst, expect, CKPT_COPY_THREADS_MAX, 0, CKPT_COPY_THREADS_MAX);
    /* Under the minimum, or with one thread asked for, the caller copies alone. */
    trial(src, dst, expect, 4, SIZE_MAX, 1);
    trial(src, dst, expect, 1, 0, 1);

    /* No pieces, and one piece of one byte split among many threads. */
    CHECK(ckpt_parallel_copy(dst, NULL, 0, 4, 0) == 1, "no pieces: the caller alone");
    struct ckpt_copy_piece one = {5, src, 1};
    dst[5] = (uint8_t)~src[0];
    ckpt_parallel_copy(dst, &one, 1, 8, 0);
    CHECK(dst[5] == src[0], "a one-byte piece among 8 threads");

    printf("%s: %d checks passed\n", prog, checks);
    return 0;
}
