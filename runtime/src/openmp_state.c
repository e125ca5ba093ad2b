/* OpenMP settings and threads' thread-locals across a recovery
 * (openmp_state.h). */
#include "openmp_state.h"

#include "globals.h"
#include "image.h"
#include "log.h"
#include "openmp_threads.h"

#include <aalc/ckpt_layer_services.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The OpenMP library's interface (libgomp; LLVM's libomp has the same
 * names), weak: NULL in a program without it. GOMP_parallel is how code
 * compiled with -fopenmp starts a parallel region. */
extern int omp_get_max_threads(void) __attribute__((weak));
extern int omp_get_thread_num(void) __attribute__((weak));
extern int omp_get_num_threads(void) __attribute__((weak));
extern void omp_set_num_threads(int) __attribute__((weak));
extern int omp_get_dynamic(void) __attribute__((weak));
extern void omp_set_dynamic(int) __attribute__((weak));
extern void omp_get_schedule(int *, int *) __attribute__((weak));
extern void omp_set_schedule(int, int) __attribute__((weak));
extern int omp_get_max_active_levels(void) __attribute__((weak));
extern void omp_set_max_active_levels(int) __attribute__((weak));
extern int omp_get_level(void) __attribute__((weak));
extern void GOMP_parallel(void (*)(void *), void *, unsigned, unsigned) __attribute__((weak));

static int have_openmp(void)
{
    return omp_get_max_threads && omp_get_thread_num && omp_get_num_threads &&
           omp_set_num_threads && omp_get_dynamic && omp_set_dynamic && omp_get_schedule &&
           omp_set_schedule && omp_get_max_active_levels && omp_set_max_active_levels &&
           omp_get_level && GOMP_parallel;
}

/* The section: this record, then (team - 1) blocks of tls_size bytes, the
 * thread-locals of threads 1 to team - 1 (thread 0, the program thread, is
 * in CKPT_SECTION_TLS). */
struct openmp_record {
    int32_t num_threads, dynamic, schedule_kind, schedule_chunk, max_active_levels;
    uint32_t team;
    uint64_t tls_size; /* the executable's thread-locals, per thread */
};

int ckpt_openmp_in_parallel(void)
{
    return omp_get_level && omp_get_level() > 0; /* omp_in_parallel is 0 in a team of one */
}

/* The shared data of the runtime's region: blocks[t - 1] is thread t's. */
struct team_copy {
    unsigned char *blocks;
    size_t size;
    unsigned team;       /* asked for */
    unsigned made;       /* the team OpenMP made (thread 0 says) */
    int to_threads;      /* 1: write the blocks into the threads */
};

static void copy_thread_locals(void *data)
{
    struct team_copy *c = data;
    unsigned t = (unsigned)omp_get_thread_num();
    if (t == 0) {
        c->made = (unsigned)omp_get_num_threads();
        return;
    }
    struct ckpt_range tls = ckpt_globals_tls();
    if (t >= c->team || tls.size != c->size)
        return;
    unsigned char *block = c->blocks + (size_t)(t - 1) * c->size;
    if (c->to_threads)
        memcpy(tls.start, block, c->size);
    else
        memcpy(block, tls.start, c->size);
}

/* Runs copy_thread_locals in a team of c->team threads, dynamic adjustment
 * off so that OpenMP does not make it smaller of its own accord. */
static void run_copy_region(struct team_copy *c, int dynamic)
{
    omp_set_dynamic(0);
    GOMP_parallel(copy_thread_locals, c, c->team, 0);
    omp_set_dynamic(dynamic);
}

/* Once per process: the threads cannot be counted, so their thread-locals
 * are not saved. */
static void say_threads_not_counted(int threads)
{
    static atomic_flag said = ATOMIC_FLAG_INIT;
    if (threads > 1 && !atomic_flag_test_and_set(&said))
        ckpt_warn("the OpenMP library was not loaded with the program, or does not call the "
                  "runtime's pthread_create (linked with -Wl,--exclude-libs?): its threads' "
                  "thread-local (threadprivate) variables are not saved, only the program "
                  "thread's (docs/limitations.md)");
}

int ckpt_openmp_state_save(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    if (!have_openmp())
        return 0;
    struct openmp_record r;
    memset(&r, 0, sizeof r);
    r.num_threads = omp_get_max_threads();
    r.dynamic = omp_get_dynamic();
    int kind = 0, chunk = 0;
    omp_get_schedule(&kind, &chunk);
    r.schedule_kind = kind;
    r.schedule_chunk = chunk;
    r.max_active_levels = omp_get_max_active_levels();
    r.tls_size = ckpt_globals_tls().size;
    int threads = ckpt_openmp_threads_alive();
    if (r.tls_size && !ckpt_openmp_threads_counted())
        say_threads_not_counted(r.num_threads);
    r.team = r.tls_size && threads > 0 ? (uint32_t)threads + 1 : 1;
    struct team_copy c = {.size = (size_t)r.tls_size, .team = r.team, .made = 1};
    if (r.team > 1) {
        c.blocks = ckpt_untracked_malloc((size_t)(r.team - 1) * c.size);
        if (!c.blocks) {
            snprintf(err, errlen, "out of memory for the thread-locals of %u OpenMP threads",
                     r.team);
            return -1;
        }
        run_copy_region(&c, r.dynamic);
        /* A thread limit below the count (a thread that was ending) keeps
         * the threads that are still the team's. */
        if (c.made < r.team)
            r.team = c.made > 0 ? c.made : 1;
    }
    size_t blocks = (size_t)(r.team - 1) * c.size;
    int rc = ckpt_image_begin_section(w, CKPT_SECTION_OPENMP, 0, sizeof r + blocks, err, errlen);
    if (rc == 0)
        rc = ckpt_image_append(w, &r, sizeof r, err, errlen);
    if (rc == 0)
        rc = ckpt_image_append(w, c.blocks, blocks, err, errlen);
    ckpt_untracked_free(c.blocks);
    return rc;
}

static int read_record(const struct ckpt_image *img, struct openmp_record *r,
                       const unsigned char **blocks)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_OPENMP, 0);
    if (!s)
        return 0;
    if (s->size < sizeof *r)
        return -1;
    memcpy(r, s->data, sizeof *r);
    uint64_t threads = r->team > 0 ? r->team - 1 : 0, rest = s->size - sizeof *r;
    if (r->team < 1 || (threads && r->tls_size > rest / threads) || rest != threads * r->tls_size)
        return -1;
    *blocks = (const unsigned char *)s->data + sizeof *r;
    return 1;
}

int ckpt_openmp_state_check(const struct ckpt_image *img, char *err, size_t errlen)
{
    struct openmp_record r;
    const unsigned char *blocks;
    int found = read_record(img, &r, &blocks);
    if (found < 0) {
        snprintf(err, errlen, "saved OpenMP state is inconsistent");
        return -1;
    }
    if (found && r.team > 1 && !have_openmp()) {
        snprintf(err, errlen, "the checkpoint holds the thread-locals of %u OpenMP threads, and "
                 "this program runs without an OpenMP library", r.team);
        return -1;
    }
    if (found && r.team > 1 && r.tls_size != ckpt_globals_tls().size) {
        snprintf(err, errlen, "the saved thread-locals of the OpenMP threads (%llu bytes each) "
                 "do not match this program's (%zu bytes)", (unsigned long long)r.tls_size,
                 ckpt_globals_tls().size);
        return -1;
    }
    return 0;
}

void ckpt_openmp_state_restore(const struct ckpt_image *img)
{
    struct openmp_record r;
    const unsigned char *blocks;
    if (read_record(img, &r, &blocks) != 1 || !have_openmp())
        return;
    omp_set_num_threads(r.num_threads);
    omp_set_schedule(r.schedule_kind, r.schedule_chunk);
    omp_set_max_active_levels(r.max_active_levels);
    if (r.team > 1) {
        struct team_copy c = {.blocks = (unsigned char *)blocks, .size = (size_t)r.tls_size,
                              .team = r.team, .to_threads = 1};
        run_copy_region(&c, r.dynamic);
        if (c.made < r.team)
            ckpt_fatal("OpenMP made a team of %u threads, not %u as at the checkpoint, to put "
                       "their threadprivate variables back (is OMP_THREAD_LIMIT lower than it "
                       "was?)", c.made, r.team);
    }
    omp_set_dynamic(r.dynamic);
}
