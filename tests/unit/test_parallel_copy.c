/*
 * Unit test of the threaded copy (runtime/src/parallel_copy.c): every byte of
 * every piece lands where it should, whatever the number of threads, however
 * the chunks cut the pieces (empty pieces, pieces smaller than a chunk, a
 * chunk inside one piece), and nothing outside the pieces is written; helpers
 * do take part, block the program's signals, and a child of fork copies too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parallel_copy.h"
#include "test_support.h"

static const char *prog = "test_parallel_copy";

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
    return xorshift64(&rng_state);
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
            at = n = 0;
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

/* With two CPUs to run on, a helper takes part in a large copy (asked up to
 * 200 times: on a busy machine the scheduler may run it late). */
static void helpers_take_part(const uint8_t *src, uint8_t *dst)
{
    cpu_set_t cpus;
    if (sched_getaffinity(0, sizeof cpus, &cpus) != 0 || CPU_COUNT(&cpus) < 2) {
        printf("%s: one CPU: not checking that helpers take part\n", prog);
        return;
    }
    struct ckpt_copy_piece all = {0, src, SRC_SIZE};
    unsigned most = 1;
    for (int attempt = 0; attempt < 200 && most < 2; attempt++) {
        unsigned used = ckpt_parallel_copy(dst, &all, 1, 2, 0);
        most = used > most ? used : most;
    }
    CHECK(most == 2, "in 200 copies of %zu bytes with 2 threads, no helper took part", SRC_SIZE);
    CHECK(memcmp(dst, src, SRC_SIZE) == 0, "the copy with a helper differs");
}

/* Every thread of this process but the first blocks the signals a program
 * uses (they are the copy's helpers). */
static void helpers_block_signals(void)
{
    DIR *d = opendir("/proc/self/task");
    CHECK(d != NULL, "/proc/self/task: %s", strerror(errno));
    int helpers = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || atoi(e->d_name) == getpid())
            continue;
        char path[300], line[256];
        snprintf(path, sizeof path, "/proc/self/task/%s/status", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue; /* gone meanwhile */
        unsigned long long blocked = 0;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "SigBlk: %llx", &blocked) == 1)
                break;
        fclose(f);
        const int signals[] = {SIGINT, SIGTERM, SIGUSR1, SIGALRM, SIGCHLD};
        for (int i = 0; i < 5; i++)
            CHECK(blocked & (1ull << (signals[i] - 1)), "thread %s does not block signal %d",
                  e->d_name, signals[i]);
        helpers++;
    }
    closedir(d);
    CHECK(helpers > 0, "no helper thread found");
}

/* A child of fork, which has none of the helpers, copies with "4 threads". */
static void copy_after_fork(const uint8_t *src, uint8_t *dst)
{
    pid_t pid = fork();
    CHECK(pid >= 0, "fork: %s", strerror(errno));
    if (pid == 0) {
        alarm(20); /* a deadlock fails the test instead of hanging it */
        memset(dst, 0, SRC_SIZE);
        struct ckpt_copy_piece all = {0, src, SRC_SIZE};
        unsigned used = ckpt_parallel_copy(dst, &all, 1, 4, 0);
        _exit(used >= 1 && used <= 4 && memcmp(dst, src, SRC_SIZE) == 0 ? 0 : 3);
    }
    int status;
    CHECK(waitpid(pid, &status, 0) == pid, "waitpid: %s", strerror(errno));
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "the child of fork could not copy (status 0x%x)", status);
}

int main(void)
{
    checks_stop = 1;
    uint8_t *src = map_anon(SRC_SIZE);
    uint8_t *dst = map_anon(SRC_SIZE * 2);
    uint8_t *expect = map_anon(SRC_SIZE * 2);
    fill_random(src, SRC_SIZE, &rng_state);
    for (int round = 0; round < 40; round++) {
        unsigned threads = 1 + (unsigned)(rnd() % 6);
        trial(src, dst, expect, threads, 0, threads);
    }
    /* The helpers already running are reused; more are started when asked. */
    trial(src, dst, expect, CKPT_COPY_THREADS_MAX, 0, CKPT_COPY_THREADS_MAX);
    /* Under the minimum, or with one thread asked for, the caller copies alone. */
    trial(src, dst, expect, 4, SIZE_MAX, 1);
    trial(src, dst, expect, 1, 0, 1);

    helpers_take_part(src, dst);
    helpers_block_signals();
    copy_after_fork(src, dst);

    /* No pieces, and one piece of one byte split among many threads. */
    CHECK(ckpt_parallel_copy(dst, NULL, 0, 4, 0) == 1, "no pieces: the caller alone");
    struct ckpt_copy_piece one = {5, src, 1};
    dst[5] = (uint8_t)~src[0];
    ckpt_parallel_copy(dst, &one, 1, 8, 0);
    CHECK(dst[5] == src[0], "a one-byte piece among 8 threads");

    return checks_summary(prog);
}
