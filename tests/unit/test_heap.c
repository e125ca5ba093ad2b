/*
 * Unit test of the checkpoint heap (runtime/src/heap.c, heap_wrap.c).
 *
 * Linked with the runtime and the --wrap flags, so plain malloc & co below go
 * to the checkpoint heap. Exits non-zero, naming every failed check.
 */
#define _GNU_SOURCE
#include "fixed_addresses.h"
#include "heap.h"
#include "heap_delta.h"
#include "heap_image.h"
#include "image.h"
#include "test_support.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- checks ---------------------------------------------------------------- */

static void check_heap(const char *when)
{
    char err[512] = "";
    int rc = ckpt_heap_check(err, sizeof err);
    CHECK(rc == 0, "ckpt_heap_check %s: %s", when, err);
}

/* Keep the compiler from eliding malloc/free pairs it can see through. */
static inline void escape(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }

/* Sizes and addresses the compiler must not reason about (it would warn
 * about, or fold away, the deliberately odd calls below). */
static volatile size_t huge_size = SIZE_MAX, petabyte = (size_t)1 << 50, half_max = SIZE_MAX / 2,
                       two_pow_33 = (size_t)1 << 33;
static uintptr_t address_of(void *p)
{
    volatile uintptr_t a = (uintptr_t)p;
    return a;
}

/* ---- block contents: a pattern that depends on the block's id and offset ---- */

static uint64_t pattern_word(uint64_t id, size_t k)
{
    uint64_t x = (id + 1) * UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)k * UINT64_C(0xD1B54A32D192ED03);
    return x ^ (x >> 29);
}

static inline uint8_t pattern_byte(uint64_t id, size_t i)
{
    return (uint8_t)(pattern_word(id, i / 8) >> (8 * (i % 8)));
}

static void fill(unsigned char *p, uint64_t id, size_t from, size_t to)
{
    size_t i = from;
    for (; i < to && i % 8; i++)
        p[i] = pattern_byte(id, i);
    for (; i + 8 <= to; i += 8) {
        uint64_t w = pattern_word(id, i / 8);
        memcpy(p + i, &w, 8);
    }
    for (; i < to; i++)
        p[i] = pattern_byte(id, i);
}

/* Offset of the first byte in [from, to) that is not the pattern, or -1. */
static long find_damage(const unsigned char *p, uint64_t id, size_t from, size_t to)
{
    size_t i = from;
    for (; i < to && i % 8; i++)
        if (p[i] != pattern_byte(id, i))
            return (long)i;
    for (; i + 8 <= to; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        if (w != pattern_word(id, i / 8))
            break;
    }
    for (; i < to; i++)
        if (p[i] != pattern_byte(id, i))
            return (long)i;
    return -1;
}

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(0x2545F4914F6CDD1D);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* A live test block. Tables of these live in untracked (libc) memory so that
 * the heap holds only the blocks under test. */
struct block {
    unsigned char *p;
    size_t size;
    uint64_t id;
    size_t align;
};

static uint64_t next_id = 1;

static void check_block(const struct block *b, const char *when)
{
    long bad = find_damage(b->p, b->id, 0, b->size);
    CHECK(bad < 0, "%s: block %p (id %llu, %zu bytes) damaged at offset %ld", when, (void *)b->p,
          (unsigned long long)b->id, b->size, bad);
}

/* ---- a string allocated before main, by a constructor ---------------------- */

static char *constructor_string;
__attribute__((constructor)) static void allocate_before_main(void)
{
    constructor_string = strdup("allocated by a constructor");
}

/* ---- basic behaviour --------------------------------------------------------- */

static void test_basics(void)
{
    char err[256] = "";
    CHECK(ckpt_heap_init(0, err, sizeof err) == 0, "init after lazy init: %s", err);
    CHECK(ckpt_heap_base() == CKPT_HEAP_BASE_ADDRESS, "base %#lx", (unsigned long)ckpt_heap_base());
    CHECK(constructor_string && strcmp(constructor_string, "allocated by a constructor") == 0, "constructor string");
    CHECK(ckpt_heap_owns(constructor_string), "constructor string %p not in the heap", (void *)constructor_string);
    int local;
    CHECK(!ckpt_heap_owns(&local), "a stack address is not the heap's");

    void *z1 = malloc(0), *z2 = malloc(0);
    CHECK(z1 && z2 && z1 != z2, "malloc(0) gives unique pointers: %p %p", z1, z2);
    CHECK(ckpt_heap_owns(z1) && ckpt_heap_owns(z2), "malloc(0) from the heap");
    free(z1);
    free(z2);
    free(NULL);

    char *r = realloc(NULL, 40);
    CHECK(r && ckpt_heap_owns(r), "realloc(NULL, 40) = %p", (void *)r);
    memset(r, 1, 40);
    errno = 0;
    CHECK(realloc(r, 0) == NULL, "realloc(p, 0) frees and returns NULL (glibc)");

    for (size_t n = 0; n < 2000; n += 7) {
        void *p = malloc(n);
        CHECK(p && ((uintptr_t)p & 15) == 0, "malloc(%zu) = %p not 16-aligned", n, p);
        CHECK(malloc_usable_size(p) >= n, "usable size %zu < %zu", malloc_usable_size(p), n);
        memset(p, 0xAB, n);
        free(p);
    }

    /* A freed block of the same size is reused. */
    void *a = malloc(64);
    uintptr_t first = address_of(a);
    free(a);
    void *b = malloc(64);
    CHECK(address_of(b) == first, "malloc(64) after free(malloc(64)) reuses the block");
    free(b);

    /* Out of memory and overflow: NULL with ENOMEM. */
    errno = 0;
    CHECK(malloc(huge_size) == NULL && errno == ENOMEM, "malloc(SIZE_MAX): errno %d", errno);
    errno = 0;
    CHECK(malloc(petabyte) == NULL && errno == ENOMEM, "malloc(1 PiB) beyond the reservation");
    errno = 0;
    CHECK(calloc(half_max, 3) == NULL && errno == ENOMEM, "calloc overflow: errno %d", errno);
    errno = 0;
    CHECK(calloc(two_pow_33, two_pow_33) == NULL && errno == ENOMEM, "calloc overflow 2^66");
    unsigned char *keep = malloc(100);
    memset(keep, 7, 100);
    errno = 0;
    unsigned char *moved = realloc(keep, petabyte);
    CHECK(moved == NULL && errno == ENOMEM, "realloc beyond the reservation");
    if (!moved) {
        CHECK(keep[99] == 7, "failed realloc keeps the block");
        free(keep);
    }

    /* calloc zeroes memory that was dirty: from a free list and from above top. */
    unsigned char *dirty = malloc(3000);
    unsigned char *guard = malloc(16);
    memset(dirty, 0xFF, 3000);
    free(dirty);
    unsigned char *zeroed = calloc(1, 3000);
    CHECK(zeroed && all_zero(zeroed, 3000), "calloc reusing a dirty free block is zero");
    free(zeroed);
    free(guard);
    unsigned char *big = malloc(1 << 20);
    memset(big, 0xEE, 1 << 20);
    free(big); /* merges into top: the bytes above top are now dirty */
    big = calloc(1 << 10, 1 << 10);
    CHECK(big && all_zero(big, 1 << 20), "calloc from dirty top is zero");
    free(big);
    unsigned char *small = calloc(10, 10);
    CHECK(small && all_zero(small, 100), "calloc(10, 10) zero");
    free(small);
    small = calloc(0, 10);
    CHECK(small != NULL, "calloc(0, 10) unique pointer");
    free(small);

    char *s = strdup("checkpoint");
    CHECK(s && ckpt_heap_owns(s) && strcmp(s, "checkpoint") == 0, "strdup");
    free(s);
    s = strndup("checkpoint", 5);
    CHECK(s && ckpt_heap_owns(s) && strcmp(s, "check") == 0, "strndup shortens");
    free(s);
    static volatile size_t beyond = 100;
    s = strndup("abc", beyond);
    CHECK(s && strcmp(s, "abc") == 0, "strndup with n beyond the string");
    free(s);
    check_heap("after basics");
}

static void test_alignment(void)
{
    for (size_t align = 8; align <= ((size_t)1 << 21); align <<= 1) {
        for (size_t n = 0; n < 5000; n = n * 3 + 1) {
            void *p = NULL;
            int rc = posix_memalign(&p, align, n);
            CHECK(rc == 0 && p && ((uintptr_t)p % align) == 0 && ((uintptr_t)p % 16) == 0,
                  "posix_memalign(%zu, %zu) = %d, %p", align, n, rc, p);
            if (rc == 0) {
                CHECK(malloc_usable_size(p) >= n, "posix_memalign usable size");
                memset(p, 0x5A, n);
            }
            void *q = aligned_alloc(align, n);
            CHECK(q && ((uintptr_t)q % align) == 0, "aligned_alloc(%zu, %zu) = %p", align, n, q);
            if (q)
                memset(q, 0x5B, n);
            void *m = memalign(align, n);
            CHECK(m && ((uintptr_t)m % align) == 0, "memalign(%zu, %zu) = %p", align, n, m);
            free(p);
            free(m);
            free(q);
        }
        check_heap("after an alignment round");
    }
    void *p = (void *)1;
    CHECK(posix_memalign(&p, 3, 10) == EINVAL && p == (void *)1, "posix_memalign alignment 3 is EINVAL");
    CHECK(posix_memalign(&p, 4, 10) == EINVAL, "posix_memalign alignment 4 (< sizeof(void *)) is EINVAL");
    CHECK(posix_memalign(&p, 24, 10) == EINVAL, "posix_memalign alignment 24 is EINVAL");
    errno = 0;
    CHECK(aligned_alloc(48, 10) == NULL && errno == EINVAL, "aligned_alloc alignment 48 is EINVAL");
    void *m = memalign(48, 10); /* glibc rounds up to 64 */
    CHECK(m && ((uintptr_t)m % 64) == 0, "memalign(48) rounds up to 64: %p", m);
    free(m);
    long page = sysconf(_SC_PAGESIZE);
    void *v = valloc(100);
    CHECK(v && ((uintptr_t)v % (uintptr_t)page) == 0, "valloc page-aligned: %p", v);
    free(v);
    check_heap("after alignment");
}

/* Neighbours: coalescing, and realloc growing/shrinking in place. */
static void test_neighbours(void)
{
    unsigned char *a = malloc(256), *b = malloc(256), *c = malloc(256), *guard = malloc(256);
    size_t chunk = malloc_usable_size(a) + 8;
    uintptr_t a_address = address_of(a);
    int contiguous = b == a + chunk && c == b + chunk && guard == c + chunk;
    CHECK(contiguous, "four fresh blocks are contiguous: %p %p %p %p", (void *)a, (void *)b, (void *)c, (void *)guard);
    if (contiguous) {
        free(a);
        free(c);
        free(b); /* joins both neighbours */
        check_heap("after freeing three neighbours");
        unsigned char *all = malloc(3 * chunk - 8);
        CHECK(address_of(all) == a_address, "the three freed neighbours are one block again");
        fill(all, 1, 0, 3 * chunk - 8);
        /* Shrink in place, then grow back into the freed tail. */
        unsigned char *shrunk = realloc(all, 100);
        CHECK(shrunk == all && find_damage(shrunk, 1, 0, 100) < 0, "realloc shrinks in place");
        unsigned char *grown = realloc(shrunk, 3 * chunk - 8);
        CHECK(grown == all && find_damage(grown, 1, 0, 100) < 0, "realloc grows into the free block after it");
        free(grown);
    }
    free(guard);
    check_heap("after neighbours");

    /* The last block grows into top without moving. */
    unsigned char *last = malloc(5000);
    size_t used = ckpt_heap_used();
    if ((uintptr_t)last + malloc_usable_size(last) + 8 == ckpt_heap_base() + used) {
        fill(last, 2, 0, 5000);
        unsigned char *grown = realloc(last, 3 << 20);
        CHECK(grown == last, "realloc of the block below top grows in place");
        CHECK(find_damage(grown, 2, 0, 5000) < 0, "contents kept");
        CHECK(ckpt_heap_used() > used + (2 << 20), "used grew with it");
        last = grown;
    } else {
        CHECK(0, "malloc(5000) expected to come from top");
    }
    free(last);
    CHECK(ckpt_heap_used() < used, "used shrinks after freeing the last block");
    check_heap("after top growth");
}

/* Memory libc allocated reaches the program: free/realloc must go to libc. */
static void test_libc_pointers(void)
{
    char text[] = "first line\nsecond line\n";
    FILE *f = fmemopen(text, strlen(text), "r");
    CHECK(f != NULL, "fmemopen");
    if (f) {
        char *line = NULL;
        size_t cap = 0;
        ssize_t len = getline(&line, &cap, f);
        CHECK(len == 11 && line && strcmp(line, "first line\n") == 0, "getline");
        CHECK(line && !ckpt_heap_owns(line), "getline's buffer comes from libc");
        CHECK(malloc_usable_size(line) >= 12, "malloc_usable_size of a libc block");
        line = realloc(line, 10000); /* forwarded to libc's realloc */
        CHECK(line && strcmp(line, "first line\n") == 0 && !ckpt_heap_owns(line), "realloc of a libc block");
        free(line);
        fclose(f);
    }
    char *buf = NULL;
    size_t size = 0;
    FILE *ms = open_memstream(&buf, &size);
    CHECK(ms != NULL, "open_memstream");
    if (ms) {
        for (int i = 0; i < 1000; i++)
            fprintf(ms, "%d,", i);
        fclose(ms);
        CHECK(buf && size > 1000 && strncmp(buf, "0,1,2,", 6) == 0, "open_memstream contents");
        CHECK(!ckpt_heap_owns(buf), "open_memstream's buffer comes from libc");
        free(buf);
    }
    char *path = realpath("/", NULL);
    CHECK(path && strcmp(path, "/") == 0, "realpath");
    free(path);
    check_heap("after libc pointers");
}

/* ---- random stress ------------------------------------------------------------- */

#define STRESS_SLOTS 4096
#define STRESS_OPS 200000

static unsigned char *string_source; /* "abc...xyzabc..." for strdup */

static size_t random_size(void)
{
    uint64_t r = rnd() % 10000;
    if (r < 6000)
        return rnd() % 257;
    if (r < 9000)
        return rnd() % (16 << 10);
    if (r < 9950)
        return rnd() % (1 << 20);
    if (r < 9995)
        return (1 << 20) + rnd() % (1 << 20);
    return (2 << 20) + rnd() % (14 << 20); /* a few larger ones */
}

static size_t random_alignment(void)
{
    return (size_t)32 << (rnd() % (rnd() % 8 == 0 ? 16 : 8));
}

/* Allocate a new block in *b with a randomly chosen function. */
static void stress_allocate(struct block *b)
{
    size_t n = random_size();
    size_t align = 16;
    unsigned char *p = NULL;
    int kind = (int)(rnd() % 10);
    switch (kind) {
    case 0: case 1: case 2: case 3:
        p = malloc(n);
        break;
    case 4:
        p = calloc(1 + n % 7, n / (1 + n % 7) + 1);
        n = (1 + n % 7) * (n / (1 + n % 7) + 1);
        CHECK(p && all_zero(p, n), "calloc(%zu bytes) not zeroed", n);
        break;
    case 5:
        align = random_alignment();
        CHECK(posix_memalign((void **)&p, align, n) == 0, "posix_memalign(%zu, %zu)", align, n);
        break;
    case 6:
        align = random_alignment();
        n = (n + align - 1) / align * align;
        p = aligned_alloc(align, n);
        break;
    case 7:
        n = n % 20000 + 1;
        string_source[n - 1] = '\0';
        p = (unsigned char *)strdup((char *)string_source);
        CHECK(p && memcmp(p, string_source, n) == 0, "strdup of %zu bytes", n);
        string_source[n - 1] = (unsigned char)('a' + (n - 1) % 26);
        break;
    case 8: {
        size_t len = n % 20000;
        p = (unsigned char *)strndup((char *)string_source, len);
        CHECK(p && memcmp(p, string_source, len) == 0 && p[len] == '\0', "strndup of %zu bytes", len);
        n = len + 1;
        break;
    }
    default:
        p = realloc(NULL, n);
        break;
    }
    CHECK(p != NULL, "allocation %d of %zu bytes failed", kind, n);
    if (!p) {
        b->p = NULL;
        return;
    }
    CHECK(((uintptr_t)p % align) == 0 && ((uintptr_t)p % 16) == 0, "block %p not aligned to %zu", (void *)p, align);
    CHECK(ckpt_heap_owns(p), "block %p not in the heap", (void *)p);
    CHECK(malloc_usable_size(p) >= n, "usable size %zu < requested %zu", malloc_usable_size(p), n);
    b->p = p;
    b->size = n;
    b->id = next_id++;
    b->align = align;
    fill(p, b->id, 0, n);
}

static void stress_realloc(struct block *b)
{
    size_t n;
    uint64_t r = rnd() % 4;
    if (r == 0)
        n = b->size / 2; /* shrink */
    else if (r == 1)
        n = b->size + rnd() % 64; /* a little more: often in place */
    else
        n = random_size();
    if (n == 0)
        n = 1;
    unsigned char *p = realloc(b->p, n);
    CHECK(p != NULL, "realloc to %zu failed", n);
    if (!p)
        return;
    CHECK(((uintptr_t)p % 16) == 0, "realloc result %p not 16-aligned", (void *)p);
    size_t kept = n < b->size ? n : b->size;
    long bad = find_damage(p, b->id, 0, kept);
    CHECK(bad < 0, "realloc %zu -> %zu lost contents at offset %ld", b->size, n, bad);
    fill(p, b->id, kept, n);
    b->p = p;
    b->size = n;
    b->align = 16;
}

static void verify_all(const struct block *slots, size_t nslots, const char *when)
{
    for (size_t i = 0; i < nslots; i++)
        if (slots[i].p)
            check_block(&slots[i], when);
}

static void test_stress(void)
{
    struct block *slots = ckpt_untracked_malloc(STRESS_SLOTS * sizeof *slots);
    memset(slots, 0, STRESS_SLOTS * sizeof *slots);
    size_t used_before = ckpt_heap_used(), live_before = ckpt_heap_live_bytes(), peak = 0;
    double t0 = now_ns();
    for (long op = 1; op <= STRESS_OPS; op++) {
        struct block *b = &slots[rnd() % STRESS_SLOTS];
        if (!b->p) {
            stress_allocate(b);
        } else {
            check_block(b, "before free/realloc");
            uint64_t r = rnd() % 20;
            if (r < 11) {
                free(b->p);
                b->p = NULL;
            } else if (r < 18) {
                stress_realloc(b);
            } else if (r == 18) {
                CHECK(realloc(b->p, 0) == NULL, "realloc(p, 0)");
                b->p = NULL;
            } /* else: only verified */
        }
        if (ckpt_heap_used() > peak)
            peak = ckpt_heap_used();
        if (op % 4000 == 0) {
            check_heap("during stress");
            size_t requested = 0;
            for (size_t i = 0; i < STRESS_SLOTS; i++)
                if (slots[i].p)
                    requested += slots[i].size;
            CHECK(ckpt_heap_live_bytes() - live_before >= requested, "live bytes %zu below requested %zu",
                  ckpt_heap_live_bytes() - live_before, requested);
        }
        if (op % 50000 == 0)
            verify_all(slots, STRESS_SLOTS, "stress verification pass");
        if (checks_failed > 30)
            break;
    }
    double t1 = now_ns();
    verify_all(slots, STRESS_SLOTS, "end of stress");
    for (size_t i = 0; i < STRESS_SLOTS; i++)
        if (slots[i].p)
            free(slots[i].p);
    check_heap("after stress");
    CHECK(peak > used_before + (16 << 20), "stress should have grown the heap (peak %zu)", peak);
    CHECK(ckpt_heap_used() == used_before, "used back to %zu after freeing everything, is %zu", used_before,
          ckpt_heap_used());
    CHECK(ckpt_heap_live_bytes() == live_before, "live bytes back to %zu, is %zu", live_before,
          ckpt_heap_live_bytes());
    printf("test_heap: stress: %d ops in %.2f s (with pattern fill/verify), peak used %.1f MiB\n", STRESS_OPS,
           (t1 - t0) / 1e9, peak / 1048576.0);
    ckpt_untracked_free(slots);
}

/* Memory far above top is given back, and comes back zeroed. */
static void test_trim(void)
{
    size_t used_before = ckpt_heap_used();
    size_t n = (size_t)300 << 20;
    unsigned char *p = malloc(n);
    CHECK(p != NULL, "malloc 300 MiB");
    if (!p)
        return;
    for (size_t i = 0; i < n; i += 4096)
        p[i] = 0xC3;
    uintptr_t last_page = address_of(p + n - 1) & ~(uintptr_t)4095;
    free(p);
    CHECK(ckpt_heap_used() == used_before, "used back after the 300 MiB block");
    unsigned char resident = 1;
    CHECK(mincore((void *)last_page, 4096, &resident) == 0 && !(resident & 1),
          "the pages of a freed 300 MiB block above top are given back to the kernel");
    p = calloc(1, n);
    CHECK(p && all_zero(p, n), "calloc after trimming is zero");
    free(p);
    check_heap("after trim");
}

/* ---- threads ------------------------------------------------------------------- */

#define THREADS 4
#define THREAD_OPS 100000

static void *thread_main(void *arg)
{
    uint64_t seed = (uintptr_t)arg * 7919 + 17;
    struct block blocks[64] = {{0}};
    long *damaged = ckpt_untracked_malloc(sizeof *damaged);
    *damaged = 0;
    for (int op = 0; op < THREAD_OPS; op++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        struct block *b = &blocks[(seed >> 33) % 64];
        if (b->p) {
            if (find_damage(b->p, b->id, 0, b->size) >= 0)
                (*damaged)++;
            free(b->p);
            b->p = NULL;
        } else {
            b->size = (seed >> 40) % 2000;
            b->id = ((uint64_t)(uintptr_t)arg << 40) + (uint64_t)op;
            b->p = malloc(b->size);
            if (b->p)
                fill(b->p, b->id, 0, b->size);
            else
                (*damaged)++;
        }
    }
    for (int i = 0; i < 64; i++)
        free(blocks[i].p);
    return damaged;
}

static void test_threads(void)
{
    size_t used_before = ckpt_heap_used();
    pthread_t threads[THREADS];
    for (uintptr_t i = 0; i < THREADS; i++)
        CHECK(pthread_create(&threads[i], NULL, thread_main, (void *)(i + 1)) == 0, "pthread_create");
    for (int i = 0; i < THREADS; i++) {
        void *damaged = NULL;
        pthread_join(threads[i], &damaged);
        CHECK(damaged && *(long *)damaged == 0, "thread %d saw %ld damaged or failed blocks", i,
              damaged ? *(long *)damaged : -1L);
        ckpt_untracked_free(damaged);
    }
    check_heap("after threads");
    CHECK(ckpt_heap_used() == used_before, "used back after threads");
}

/* Bad frees are caught, not silently corrupting the heap. */
static void expect_abort(void (*action)(void), const char *what)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr)) {
            /* keep the child's message then */
        }
        action();
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "%s should abort (status %#x)", what, status);
}

static void double_free(void)
{
    void *p = malloc(32);
    uintptr_t address = address_of(p);
    free(p);
    free((void *)address);
}

static void interior_free(void)
{
    char *p = malloc(256);
    escape(p);
    free((void *)(address_of(p) + 64));
}

static void test_bad_frees(void)
{
    expect_abort(double_free, "double free");
    expect_abort(interior_free, "free of an interior pointer");
    check_heap("after bad frees (in children)");
}

/* ---- save / restore -------------------------------------------------------------- */

struct node {
    struct node *next;
    uint64_t value;
    char *name;
};

/* A save as a checkpoint makes it: only the ranges ckpt_heap_saved_ranges
 * gives, so free blocks' insides are not saved and are garbage on restore. */
struct saved_heap {
    unsigned char *bytes; /* untracked copy of the ranges, back to back */
    uintptr_t *starts;
    size_t *sizes, nranges, covered;
    size_t used, live;
};

static void count_range(void *ctx, uintptr_t start, size_t size)
{
    struct saved_heap *s = ctx;
    (void)start;
    s->nranges++;
    s->covered += size;
}

static void copy_range(void *ctx, uintptr_t start, size_t size)
{
    struct saved_heap *s = ctx;
    memcpy(s->bytes + s->covered, (void *)start, size);
    s->starts[s->nranges] = start;
    s->sizes[s->nranges++] = size;
    s->covered += size;
}

static struct saved_heap save_heap(void)
{
    struct saved_heap s = {0};
    s.used = ckpt_heap_used();
    s.live = ckpt_heap_live_bytes();
    size_t covered = ckpt_heap_saved_ranges(count_range, &s);
    CHECK(covered == s.covered && covered <= s.used, "ranges cover %zu bytes of %zu", covered,
          s.used);
    s.bytes = ckpt_untracked_malloc(covered);
    s.starts = ckpt_untracked_malloc(s.nranges * sizeof *s.starts);
    s.sizes = ckpt_untracked_malloc(s.nranges * sizeof *s.sizes);
    size_t n = s.nranges;
    s.nranges = s.covered = 0;
    ckpt_heap_saved_ranges(copy_range, &s);
    CHECK(s.nranges == n && s.covered == covered, "the second walk differs from the first");
    CHECK(s.starts[0] == ckpt_heap_base(), "the first range is not at the heap's base");
    CHECK(s.starts[n - 1] + s.sizes[n - 1] == ckpt_heap_base() + s.used,
          "the last range does not end at the used extent");
    for (size_t i = 1; i < n; i++)
        CHECK(s.starts[i] > s.starts[i - 1] + s.sizes[i - 1], "ranges %zu and %zu touch or overlap",
              i - 1, i);
    return s;
}

static void restore_heap(const struct saved_heap *s)
{
    char err[256] = "";
    int rc = ckpt_heap_prepare_restore(s->used, 1, err, sizeof err);
    CHECK(rc == 0, "ckpt_heap_prepare_restore(%zu): %s", s->used, err);
    for (size_t i = 0, at = 0; rc == 0 && i < s->nranges; at += s->sizes[i++])
        memcpy((void *)s->starts[i], s->bytes + at, s->sizes[i]);
}

static struct node *build_list(int n)
{
    struct node *head = NULL;
    char name[32];
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        snprintf(name, sizeof name, "node-%d", i);
        x->name = strdup(name);
        x->value = (uint64_t)i * i;
        x->next = head;
        head = x;
    }
    return head;
}

static void check_list(const struct node *head, int n, const char *when)
{
    char name[32];
    int i = n - 1, ok = 1;
    for (; head && i >= 0; head = head->next, i--) {
        snprintf(name, sizeof name, "node-%d", i);
        if (head->value != (uint64_t)i * i || strcmp(head->name, name) != 0)
            ok = 0;
    }
    CHECK(ok && i == -1 && head == NULL, "%s: linked list through heap pointers intact", when);
}

static void free_list(struct node *head)
{
    while (head) {
        struct node *next = head->next;
        free(head->name);
        free(head);
        head = next;
    }
}

static int compare_blocks(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct block *)a)->p, y = (uintptr_t)((const struct block *)b)->p;
    return x < y ? -1 : x > y;
}

/* Does [p, p + n) intersect a block of the address-sorted table? */
static int overlaps_any(const struct block *sorted, size_t count, const unsigned char *p, size_t n)
{
    size_t lo = 0, hi = count;
    while (lo < hi) { /* first block starting at or after p + n */
        size_t mid = (lo + hi) / 2;
        if (sorted[mid].p < p + (n ? n : 1))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && sorted[lo - 1].p + (sorted[lo - 1].size ? sorted[lo - 1].size : 1) > p;
}

#define OLD_BLOCKS 3000
#define LIST_NODES 500

/* A large freed block in the middle of the heap is not saved. */
static void test_saved_ranges_skip_free(void)
{
    size_t big = (size_t)32 << 20;
    unsigned char *a = malloc(big), *b = malloc(100);
    memset(a, 1, big);
    __asm__ volatile("" : : "r"(a), "r"(b) : "memory"); /* keep gcc from eliding them */
    struct saved_heap with = save_heap();
    free(a);
    struct saved_heap without = save_heap();
    CHECK(without.used == with.used, "freeing a block below another moved the top");
    CHECK(with.covered >= big && without.covered + big - 64 <= with.covered,
          "after freeing %zu bytes the ranges cover %zu bytes (before: %zu)", big,
          without.covered, with.covered);
    free(b);
    ckpt_untracked_free(with.bytes);
    ckpt_untracked_free(without.bytes);
}

static void test_save_restore(void)
{
    size_t used_start = ckpt_heap_used(), live_start = ckpt_heap_live_bytes();

    /* The state to save: blocks with holes between them, and a linked list. */
    struct block *old = ckpt_untracked_malloc(OLD_BLOCKS * sizeof *old);
    size_t nold = 0;
    for (int i = 0; i < OLD_BLOCKS; i++) {
        struct block b = {0};
        b.size = rnd() % 3 == 0 ? rnd() % 65536 : rnd() % 512;
        b.id = next_id++;
        if (i % 10 == 0) {
            b.align = (size_t)64 << (rnd() % 6);
            CHECK(posix_memalign((void **)&b.p, b.align, b.size) == 0, "posix_memalign");
        } else {
            b.p = malloc(b.size);
        }
        fill(b.p, b.id, 0, b.size);
        if (i % 3 == 1)
            free(b.p); /* a hole */
        else
            old[nold++] = b;
    }
    struct node *list = build_list(LIST_NODES);
    check_heap("before saving");
    struct saved_heap saved = save_heap();

    /* Change everything: free, overwrite, reallocate, grow well past the saved top. */
    struct block *scratch = ckpt_untracked_malloc(4000 * sizeof *scratch);
    size_t nscratch = 0;
    for (size_t i = 0; i < nold; i++) {
        if (i % 2) {
            free(old[i].p);
        } else if (i % 4 == 0) {
            memset(old[i].p, 0x77, old[i].size);
        } else {
            unsigned char *p = realloc(old[i].p, old[i].size + 100000);
            memset(p, 0x66, old[i].size + 100000);
            scratch[nscratch++] = (struct block){p, old[i].size + 100000, 0, 16};
        }
    }
    free_list(list);
    for (int i = 0; i < 2000; i++) {
        size_t n = i % 100 == 0 ? (2 << 20) : rnd() % 4096;
        unsigned char *p = malloc(n);
        memset(p, 0x55, n);
        scratch[nscratch++] = (struct block){p, n, 0, 16};
    }
    CHECK(ckpt_heap_used() > saved.used, "the heap grew past the saved top (%zu vs %zu)", ckpt_heap_used(),
          saved.used);
    check_heap("after changing the saved state");

    /* Restore: the old blocks, the list and the allocator come back. */
    restore_heap(&saved);
    check_heap("after restore");
    CHECK(ckpt_heap_used() == saved.used, "used after restore %zu, saved %zu", ckpt_heap_used(), saved.used);
    CHECK(ckpt_heap_live_bytes() == saved.live, "live bytes after restore");
    for (size_t i = 0; i < nold; i++)
        check_block(&old[i], "after restore");
    check_list(list, LIST_NODES, "after restore");

    /* New allocations must not land on restored live blocks. */
    qsort(old, nold, sizeof *old, compare_blocks);
    struct block *fresh = ckpt_untracked_malloc(3000 * sizeof *fresh);
    size_t nfresh = 0, overlapping = 0;
    for (int i = 0; i < 3000; i++) {
        struct block b = {0};
        b.size = i % 500 == 0 ? (3 << 20) : rnd() % 70000;
        b.id = next_id++;
        b.p = i % 4 == 0 ? calloc(1, b.size) : malloc(b.size);
        CHECK(b.p != NULL, "allocation after restore");
        if (i % 4 == 0)
            CHECK(all_zero(b.p, b.size), "calloc after restore (dirty memory above the restored top) is zero");
        if (overlaps_any(old, nold, b.p, b.size))
            overlapping++;
        fill(b.p, b.id, 0, b.size);
        if (i % 5 == 2)
            free(b.p);
        else
            fresh[nfresh++] = b;
    }
    CHECK(overlapping == 0, "%zu allocations after restore overlap restored live blocks", overlapping);
    for (size_t i = 0; i < nold; i++)
        check_block(&old[i], "restored block after new allocations");
    for (size_t i = 0; i < nfresh; i++)
        check_block(&fresh[i], "block allocated after restore");
    check_list(list, LIST_NODES, "after new allocations");
    check_heap("after allocating on the restored heap");
    ckpt_untracked_free(saved.bytes);

    /* Second round: save a heap with a large block on top, then free
     * everything (top falls far below the saved top and the memory above it
     * is given back to the kernel), then restore into the smaller heap: as in
     * a new process, the restore must make the region writable again. */
    size_t ballast_size = (size_t)200 << 20;
    unsigned char *ballast = malloc(ballast_size);
    CHECK(ballast != NULL, "malloc 200 MiB");
    for (size_t off = 0; off < ballast_size; off += 4096)
        ballast[off] = (unsigned char)((off >> 12) | 1);
    uintptr_t ballast_address = address_of(ballast);
    saved = save_heap();
    for (size_t i = 0; i < nold; i++)
        free(old[i].p);
    for (size_t i = 0; i < nfresh; i++)
        free(fresh[i].p);
    free_list(list);
    free(ballast);
    ballast = (unsigned char *)ballast_address; /* dangling until the restore */
    CHECK(ckpt_heap_used() == used_start, "everything freed: used %zu, expected %zu", ckpt_heap_used(), used_start);
    restore_heap(&saved);
    check_heap("after the second restore");
    int ballast_ok = 1;
    for (size_t off = 0; off < ballast_size; off += 4096)
        ballast_ok &= ballast[off] == (unsigned char)((off >> 12) | 1);
    CHECK(ballast_ok, "the 200 MiB block is back after the second restore");
    /* The restored bytes above a freed block are not zero: calloc must clear them. */
    free(ballast);
    unsigned char *zeroed = calloc(1, ballast_size);
    CHECK(zeroed && all_zero(zeroed, ballast_size), "calloc over restored, freed memory is zero");
    free(zeroed);
    for (size_t i = 0; i < nold; i++)
        check_block(&old[i], "after the second restore");
    for (size_t i = 0; i < nfresh; i++)
        check_block(&fresh[i], "after the second restore");
    check_list(list, LIST_NODES, "after the second restore");

    /* Finally the restored heap frees back to where this test started. */
    for (size_t i = 0; i < nold; i++)
        free(old[i].p);
    for (size_t i = 0; i < nfresh; i++)
        free(fresh[i].p);
    free_list(list);
    check_heap("after freeing the restored heap");
    CHECK(ckpt_heap_used() == used_start, "used %zu after freeing the restored heap, expected %zu",
          ckpt_heap_used(), used_start);
    CHECK(ckpt_heap_live_bytes() == live_start, "live bytes back to the start");
    ckpt_untracked_free(saved.bytes);
    ckpt_untracked_free(old);
    ckpt_untracked_free(fresh);
    ckpt_untracked_free(scratch);
}

/* ---- timing (reported, not checked) ---------------------------------------------- */

/* Best of several short trials: the machine may be busy with other work. */
static void time_allocators(void)
{
    enum { TRIALS = 20, PAIRS = 200000, BATCH = 1000, ROUNDS = 50 };
    void **ptrs = ckpt_untracked_malloc(BATCH * sizeof *ptrs);
    size_t *sizes = ckpt_untracked_malloc(BATCH * sizeof *sizes);
    size_t *order = ckpt_untracked_malloc(BATCH * sizeof *order);
    for (int i = 0; i < BATCH; i++) {
        sizes[i] = 16 + rnd() % 500;
        order[i] = (size_t)i;
    }
    for (int i = BATCH - 1; i > 0; i--) {
        size_t j = rnd() % (size_t)(i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int lib = 0; lib < 2; lib++) {
        void *(*alloc)(size_t) = lib ? ckpt_untracked_malloc : malloc;
        void (*release)(void *) = lib ? ckpt_untracked_free : free;
        double best_pair = 1e30, best_batch = 1e30;
        for (int trial = 0; trial < TRIALS; trial++) {
            double t0 = now_ns();
            for (int i = 0; i < PAIRS; i++) {
                void *p = alloc(64);
                escape(p);
                release(p);
            }
            double t1 = now_ns();
            for (int r = 0; r < ROUNDS; r++) {
                for (int i = 0; i < BATCH; i++)
                    ptrs[i] = alloc(sizes[i]);
                escape(ptrs);
                for (int i = 0; i < BATCH; i++)
                    release(ptrs[order[i]]);
            }
            double t2 = now_ns();
            if ((t1 - t0) / PAIRS < best_pair)
                best_pair = (t1 - t0) / PAIRS;
            if ((t2 - t1) / ((double)ROUNDS * BATCH) < best_batch)
                best_batch = (t2 - t1) / ((double)ROUNDS * BATCH);
        }
        printf("test_heap: timing, %s: malloc(64)+free %.1f ns/pair; 1000 blocks of 16..515 bytes freed in "
               "random order: %.1f ns per malloc+free (best of %d)\n",
               lib ? "libc malloc, for comparison" : "checkpoint heap", best_pair, best_batch, TRIALS);
    }
    ckpt_untracked_free(ptrs);
    ckpt_untracked_free(sizes);
    ckpt_untracked_free(order);
    check_heap("after timing");
}

/* The heap through an image file (heap_image.c): long ranges' bytes sit at
 * page-congruent offsets, so loading moves their pages (a local disk: /tmp)
 * and copies the rest; what comes back is what was saved, and the heap
 * works on. A malformed padding record is refused before anything is
 * loaded. */
static void test_image_round_trip(void)
{
    /* Long blocks separated by freed small ones: each long block is a range
     * of its own, at an offset that needs padding. */
    size_t sizes[] = {100 * 1024, 40, 300 * 1024 + 8, 3000, (1 << 20) + 24, 72,
                      64 * 1024, 200, 150 * 1024 + 40, 16};
    enum { N = sizeof sizes / sizeof sizes[0] };
    struct block b[N];
    for (int i = 0; i < N; i++) {
        b[i] = (struct block){malloc(sizes[i]), sizes[i], next_id++, 16};
        fill(b[i].p, b[i].id, 0, b[i].size);
    }
    for (int i = 1; i < N - 1; i += 2) { /* the last one keeps the free space from top */
        free(b[i].p);
        b[i].p = NULL;
    }
    char err[512] = "", path[] = "/tmp/aalc-test-heap-image-XXXXXX";
    struct ckpt_image_buffer buf = {0};
    struct ckpt_image_header h = {.checkpoint = 1, .rank = 0, .nranks = 1};
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, sizeof err);
    size_t saved = 0, same = 0;
    CHECK(w && ckpt_heap_image_add(w, 0, &saved, &same, err, sizeof err) == 0 &&
              ckpt_image_finish(w, err, sizeof err) == 0,
          "saving the heap into an image: %s", err);
    ckpt_image_seal(&buf);
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, buf.data, buf.size) == (ssize_t)buf.size && close(fd) == 0,
          "writing %s: %s", path, strerror(errno));
    ckpt_image_buffer_release(&buf);

    for (int i = 0; i < N; i += 2)
        memset(b[i].p, 0x33, b[i].size);
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, NULL, 0, &img, err, sizeof err) == 0, "open: %s", err);
    const struct ckpt_image_section *sec = ckpt_image_find(&img, CKPT_SECTION_HEAP_RANGES, 0);
    size_t used = 0, page = (size_t)sysconf(_SC_PAGESIZE);
    CHECK(sec && ckpt_heap_image_check(sec, &used, err, sizeof err) == 0, "check: %s", err);
    CHECK(used == ckpt_heap_used(), "the image's heap extent %zu, the heap's %zu", used,
          ckpt_heap_used());
    /* The records as heap_image.h describes them: every long range's bytes
     * at a file offset congruent to its address. */
    int long_ranges = 0, paddings = 0;
    const uint8_t *d = sec->data;
    for (uint64_t at = 0; sec && at < sec->size;) {
        uint64_t head[2];
        memcpy(head, d + at, sizeof head);
        at += 16;
        if (head[0] == UINT64_MAX) {
            paddings++;
            at += head[1];
            continue;
        }
        if (head[1] >= 64 * 1024) {
            long_ranges++;
            CHECK(((uintptr_t)(d + at) - (ckpt_heap_base() + head[0])) % page == 0,
                  "range at heap offset %llu (%llu bytes) is not page-congruent in the file",
                  (unsigned long long)head[0], (unsigned long long)head[1]);
        }
        at += (head[1] + 7) / 8 * 8;
    }
    CHECK(long_ranges >= 5 && paddings >= 1, "%d long ranges, %d padding records: the blocks "
          "were not saved as ranges of their own", long_ranges, paddings);
    CHECK(ckpt_heap_prepare_restore(used, 0, err, sizeof err) == 0, "prepare: %s", err);
    size_t moved = 0;
    CHECK(ckpt_heap_image_load(&img, sec, &CKPT_HEAP_LOAD_BUDGET, &moved, err, sizeof err) == 0,
          "load: %s", err);
    int can_move = img.pages_movable && kernel_moves_file_pages();
    ckpt_image_close(&img);
    unlink(path);
    size_t whole_pages = 0; /* of the long blocks */
    for (int i = 0; i < N; i += 2) {
        uintptr_t first = ((uintptr_t)b[i].p + page - 1) & ~(page - 1);
        uintptr_t last = ((uintptr_t)b[i].p + b[i].size) & ~(page - 1);
        whole_pages += sizes[i] >= 64 * 1024 && last > first ? last - first : 0;
    }
    if (can_move)
        CHECK(moved >= whole_pages && moved % page == 0 && moved <= saved,
              "moved %zu bytes: the long blocks' whole pages are %zu", moved, whole_pages);
    else
        printf("test_heap: /tmp is not on a local disk, or Linux is older than 5.13: the "
               "image's pages were copied, not moved (%zu bytes moved)\n", moved);
    for (int i = 0; i < N; i += 2)
        check_block(&b[i], "after loading from an image");
    check_heap("after loading from an image");
    for (int i = 0; i < N; i += 2) { /* moved pages are the heap's own: written, freed, reused */
        memset(b[i].p, 0x44, b[i].size);
        free(b[i].p);
    }
    free(b[N - 1].p);
    unsigned char *again = malloc(2 << 20);
    memset(again, 0x45, 2 << 20);
    free(again);
    check_heap("after writing and freeing moved blocks");

    /* A padding record whose length is not a multiple of 8. */
    uint64_t crafted[6] = {UINT64_MAX, 12, 0, 0, 0, 0};
    struct ckpt_image_section bad = {CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(),
                                     sizeof crafted, crafted};
    CHECK(ckpt_heap_image_check(&bad, &used, err, sizeof err) != 0 && strstr(err, "padding"),
          "a malformed padding record was accepted (%s)", err);
    crafted[1] = 4096; /* longer than the section */
    CHECK(ckpt_heap_image_check(&bad, &used, err, sizeof err) != 0 && strstr(err, "padding"),
          "a padding record past the section was accepted (%s)", err);
    /* A range whose length, rounded up to 8, wraps around to 0: its bytes
     * are not in the section. */
    uint64_t wrapping[2] = {0, UINT64_MAX - 2};
    bad.size = sizeof wrapping;
    bad.data = wrapping;
    CHECK(ckpt_heap_image_check(&bad, &used, err, sizeof err) != 0 && strstr(err, " record "),
          "a range longer than its section was accepted (%s)", err);
}

/* Pages the program never touched are zero records in the image, no bytes
 * (heap_image.c, untouched_pages.c): a block of 8 MiB with 100 KiB and one
 * page written costs the image about that, and comes back with those bytes
 * and zeros elsewhere, over a heap where all of it had been overwritten. A
 * zero record in first place is refused. */
static void test_untouched_pages(void)
{
    const size_t size = 8 << 20, page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *block = malloc(size);
    CHECK(block != NULL, "malloc of 8 MiB");
    if (!block)
        return;
    /* Never touched: fresh pages (the heap used these before, and an earlier
     * test's load moved pages of an image file in). */
    uintptr_t first = ((uintptr_t)block + page - 1) & ~(page - 1);
    uintptr_t last = ((uintptr_t)block + size) & ~(page - 1);
    CHECK(mmap((void *)first, last - first, PROT_READ | PROT_WRITE,
               MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) != MAP_FAILED,
          "mmap: %s", strerror(errno));
    memset((void *)last, 0, (uintptr_t)block + size - last); /* malloc's bytes: any */
    memset(block, 0x11, 100 * 1024);
    memset(block + (4 << 20), 0x22, page);
    memset(block + size - 10, 0x33, 10);

    char err[512] = "", path[] = "/tmp/aalc-test-heap-untouched-XXXXXX";
    struct ckpt_image_buffer buf = {0};
    struct ckpt_image_header h = {.checkpoint = 1, .rank = 0, .nranks = 1};
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, sizeof err);
    size_t saved = 0, same = 0;
    CHECK(w && ckpt_heap_image_add(w, 0, &saved, &same, err, sizeof err) == 0 &&
              ckpt_image_finish(w, err, sizeof err) == 0,
          "saving the heap into an image: %s", err);
    ckpt_image_seal(&buf);
    CHECK(saved < size / 4 && buf.size < size / 4,
          "an 8 MiB block with 100 KiB and a page written: %zu bytes saved, an image of %zu bytes",
          saved, buf.size);
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, buf.data, buf.size) == (ssize_t)buf.size && close(fd) == 0,
          "writing %s: %s", path, strerror(errno));
    ckpt_image_buffer_release(&buf);

    memset(block, 0x44, size);
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, NULL, 0, &img, err, sizeof err) == 0, "open: %s", err);
    const struct ckpt_image_section *sec = ckpt_image_find(&img, CKPT_SECTION_HEAP_RANGES, 0);
    size_t used = 0, moved = 0;
    CHECK(sec && ckpt_heap_image_check(sec, &used, err, sizeof err) == 0, "check: %s", err);
    int zero_records = 0;
    for (uint64_t at = 0; sec && at < sec->size;) {
        uint64_t head[2];
        memcpy(head, (const uint8_t *)sec->data + at, sizeof head);
        at += 16;
        if (head[1] >> 63) {
            zero_records++;
            continue;
        }
        at += head[0] == UINT64_MAX ? head[1] : (head[1] + 7) / 8 * 8;
    }
    CHECK(zero_records >= 2, "%d zero records: the untouched pages were saved", zero_records);
    CHECK(ckpt_heap_prepare_restore(used, 0, err, sizeof err) == 0, "prepare: %s", err);
    CHECK(ckpt_heap_image_load(&img, sec, &CKPT_HEAP_LOAD_BUDGET, &moved, err, sizeof err) == 0,
          "load: %s", err);
    ckpt_image_close(&img);
    unlink(path);
    size_t wrong = 0;
    for (size_t i = 0; i < size; i++) {
        unsigned char want = i < 100 * 1024                            ? 0x11
                             : i >= (4 << 20) && i < (4 << 20) + page ? 0x22
                             : i >= size - 10                          ? 0x33
                                                                       : 0;
        wrong += block[i] != want;
    }
    CHECK(wrong == 0, "%zu bytes of the block wrong after loading", wrong);
    free(block);
    check_heap("after the untouched pages");

    uint64_t crafted[2] = {0, 8192 | (uint64_t)1 << 63};
    struct ckpt_image_section bad = {CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(), sizeof crafted,
                                     crafted};
    CHECK(ckpt_heap_image_check(&bad, &used, err, sizeof err) != 0 && strstr(err, "zero record"),
          "a zero record in first place was accepted (%s)", err);
}

/* An image of the heap written incrementally into a file at path: 0 with
 * the bytes saved and the same bytes, -1 with a message. */
static int write_heap_image(const char *path, uint64_t number, uint64_t parent, size_t *saved,
                            size_t *same, char *err, size_t errlen)
{
    struct ckpt_image_buffer buf = {0};
    struct ckpt_image_header h = {.checkpoint = number, .rank = 0, .nranks = 1};
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, errlen);
    if (!w || ckpt_heap_delta_begin(number, parent) != 0 ||
        ckpt_heap_image_add(w, 1, saved, same, err, errlen) != 0 ||
        ckpt_image_finish(w, err, errlen) != 0)
        return -1;
    ckpt_image_seal(&buf);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int ok = fd >= 0 && write(fd, buf.data, buf.size) == (ssize_t)buf.size && close(fd) == 0;
    ckpt_image_buffer_release(&buf);
    if (!ok)
        snprintf(err, errlen, "writing %s: %s", path, strerror(errno));
    return ok ? 0 : -1;
}

/* Incremental images (heap_delta.h): the second holds only the pages that
 * changed, and the two loaded in order give the heap of the second. */
static void test_incremental_images(void)
{
    const size_t big = 1 << 20, page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *a = malloc(big), *b = malloc(256 << 10);
    CHECK(a && b, "malloc");
    if (!a || !b)
        return;
    for (size_t i = 0; i < big; i++)
        a[i] = (unsigned char)(i * 7 + 1);
    memset(b, 0x5a, 256 << 10);
    char err[512] = "", path1[] = "/tmp/aalc-test-delta-1-XXXXXX", path2[] = "/tmp/aalc-test-delta-2-XXXXXX";
    close(mkstemp(path1));
    close(mkstemp(path2));
    size_t saved1 = 0, same1 = 0, saved2 = 0, same2 = 0;
    CHECK(write_heap_image(path1, 1, 0, &saved1, &same1, err, sizeof err) == 0, "image 1: %s",
          err);
    CHECK(same1 == 0 && saved1 >= big, "a full image: %zu saved, %zu the same", saved1, same1);

    /* Between the two: a page of a changed, b freed, c allocated and written,
     * a byte of a's last page changed. */
    memset(a + 5 * page + 100, 0xee, 10);
    a[big - 1] ^= 0xff;
    free(b);
    unsigned char *c = malloc(128 << 10);
    CHECK(c != NULL, "malloc");
    if (!c)
        return;
    for (size_t i = 0; i < (128 << 10); i++)
        c[i] = (unsigned char)(i * 13 + 3);
    CHECK(write_heap_image(path2, 2, 1, &saved2, &same2, err, sizeof err) == 0, "image 2: %s",
          err);
    CHECK(same2 >= big - 4 * page && saved2 <= (128 << 10) + 8 * page,
          "the incremental image saved %zu bytes, %zu the same: a page of a changed and c is new",
          saved2, same2);
    unsigned char *want_a = ckpt_untracked_malloc(big), *want_c = ckpt_untracked_malloc(128 << 10);
    memcpy(want_a, a, big);
    memcpy(want_c, c, 128 << 10);
    memset(a, 0x44, big);
    memset(c, 0x44, 128 << 10);

    struct ckpt_image img1, img2;
    CHECK(ckpt_image_open(path1, NULL, 0, &img1, err, sizeof err) == 0, "open 1: %s", err);
    CHECK(ckpt_image_open(path2, NULL, 0, &img2, err, sizeof err) == 0, "open 2: %s", err);
    const struct ckpt_image_section *s1 = ckpt_image_find(&img1, CKPT_SECTION_HEAP_RANGES, 0);
    const struct ckpt_image_section *s2 = ckpt_image_find(&img2, CKPT_SECTION_HEAP_RANGES, 0);
    size_t used1 = 0, used2 = 0, moved = 0;
    CHECK(s1 && ckpt_heap_image_check(s1, &used1, err, sizeof err) == 0, "check 1: %s", err);
    CHECK(s2 && ckpt_heap_image_check(s2, &used2, err, sizeof err) == 0, "check 2: %s", err);
    CHECK(!ckpt_heap_image_has_same(s1) && ckpt_heap_image_has_same(s2),
          "only the second image has same records");
    CHECK(ckpt_heap_image_check_parent(s2, s1, err, sizeof err) == 0, "chain: %s", err);
    /* A parent that holds only the allocator's first 8 bytes: refused. */
    uint64_t short_parent[3] = {0, 8, 0};
    struct ckpt_image_section lacking = {CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(),
                                         sizeof short_parent, short_parent};
    size_t lacking_used = 0;
    CHECK(ckpt_heap_image_check(&lacking, &lacking_used, err, sizeof err) == 0, "check: %s", err);
    CHECK(ckpt_heap_image_check_parent(s2, &lacking, err, sizeof err) != 0 &&
              strstr(err, "previous image"),
          "an image whose same pages its parent lacks was accepted (%s)", err);
    CHECK(ckpt_heap_prepare_restore(used1 > used2 ? used1 : used2, 0, err, sizeof err) == 0,
          "prepare: %s", err);
    struct ckpt_heap_load_budget budget = CKPT_HEAP_LOAD_BUDGET;
    CHECK(ckpt_heap_image_load(&img1, s1, &budget, &moved, err, sizeof err) == 0 &&
              ckpt_heap_image_load(&img2, s2, &budget, &moved, err, sizeof err) == 0,
          "load: %s", err);
    ckpt_image_close(&img1);
    ckpt_image_close(&img2);
    unlink(path1);
    unlink(path2);
    CHECK(memcmp(a, want_a, big) == 0 && memcmp(c, want_c, 128 << 10) == 0,
          "the heap loaded from the chain differs from the heap saved");
    ckpt_untracked_free(want_a);
    ckpt_untracked_free(want_c);

    /* The third against the second, without a change: all the same. And a
     * table of another image than the parent: nothing is the same. */
    size_t saved3 = 0, same3 = 0;
    char path3[] = "/tmp/aalc-test-delta-3-XXXXXX";
    close(mkstemp(path3));
    CHECK(write_heap_image(path3, 3, 2, &saved3, &same3, err, sizeof err) == 0 &&
              saved3 < 4 * page,
          "unchanged: %zu bytes saved (%s)", saved3, err);
    CHECK(write_heap_image(path3, 5, 2, &saved3, &same3, err, sizeof err) == 0 && same3 == 0,
          "against an image the table is not of: %zu bytes the same (%s)", same3, err);
    unlink(path3);

    uint64_t crafted[2] = {0, 8192 | (uint64_t)3 << 62};
    struct ckpt_image_section bad = {CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(), sizeof crafted,
                                     crafted};
    CHECK(ckpt_heap_image_check(&bad, &used1, err, sizeof err) != 0 && strstr(err, "both"),
          "a record both zero and same was accepted (%s)", err);
    free(a);
    free(c);
    check_heap("after incremental images");
}

int main(void)
{
    string_source = ckpt_untracked_malloc(1 << 20);
    for (size_t i = 0; i < (1 << 20); i++)
        string_source[i] = (unsigned char)('a' + i % 26);
    size_t used_at_start = ckpt_heap_used();
    size_t live_at_start = ckpt_heap_live_bytes();
    check_heap("at start");

    test_basics();
    test_alignment();
    test_neighbours();
    test_libc_pointers();
    test_stress();
    test_trim();
    time_allocators(); /* before any thread exists: the single-threaded path */
    test_threads();
    test_bad_frees();
    test_saved_ranges_skip_free();
    test_save_restore();
    test_image_round_trip();
    test_untouched_pages();
    test_incremental_images();

    CHECK(ckpt_heap_used() == used_at_start, "used at the end %zu, at the start %zu", ckpt_heap_used(),
          used_at_start);
    CHECK(ckpt_heap_live_bytes() == live_at_start, "live bytes at the end %zu, at the start %zu",
          ckpt_heap_live_bytes(), live_at_start);
    check_heap("at the end");
    ckpt_untracked_free(string_source);

    return checks_summary("test_heap");
}
