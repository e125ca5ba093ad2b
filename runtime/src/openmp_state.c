/* OpenMP state across a recovery (openmp_state.h). */
#include "openmp_state.h"

#include "globals.h"
#include "image.h"
#include "log.h"

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
extern int omp_in_parallel(void) __attribute__((weak));
extern void GOMP_parallel(void (*)(void *), void *, unsigned, unsigned) __attribute__((weak));

static int have_openmp(void)
{
    return omp_get_max_threads && omp_get_thread_num && omp_get_num_threads &&
           omp_set_num_threads && omp_get_dynamic && omp_set_dynamic && omp_get_schedule &&
           omp_set_schedule && omp_get_max_active_levels && omp_set_max_active_levels &&
           GOMP_parallel;
}

/* The section: this record, then (team - 1) blocks of tls_size bytes, the
 * thread-locals of threads 1 to team - 1. */
struct openmp_record {
    int32_t num_threads, dynamic, schedule_kind, schedule_chunk, max_active_levels;
    uint32_t team;
    uint64_t tls_size;
};

/* A parallel region's shared data: blocks[t - 1] is thread t's. */
struct team_copy {
    unsigned char *blocks;
    size_t size;
    unsigned team;
    int to_threads;         /* 1: write the blocks into the threads */
    volatile int wrong_team; /* a thread saw another team size */
};

static void copy_thread_locals(void *data)
{
    struct team_copy *c = data;
    int t = omp_get_thread_num();
    if ((unsigned)omp_get_num_threads() != c->team) {
        c->wrong_team = 1;
        return;
    }
    if (t == 0)
        return; /* the program thread: CKPT_SECTION_TLS */
    struct ckpt_range tls = ckpt_globals_tls();
    if (tls.size != c->size)
        return;
    unsigned char *block = c->blocks + (size_t)(t - 1) * c->size;
    if (c->to_threads)
        memcpy(tls.start, block, c->size);
    else
        memcpy(block, tls.start, c->size);
}

int ckpt_openmp_in_parallel(void)
{
    return omp_in_parallel && omp_in_parallel();
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
    r.team = r.tls_size && r.num_threads > 1 ? (uint32_t)r.num_threads : 1;
    struct team_copy c = {NULL, (size_t)r.tls_size, r.team, 0, 0};
    size_t blocks = (size_t)(r.team - 1) * c.size;
    if (blocks) {
        c.blocks = ckpt_untracked_malloc(blocks);
        /* Dynamic adjustment could give a smaller team: not for this one. */
        omp_set_dynamic(0);
        GOMP_parallel(copy_thread_locals, &c, r.team, 0);
        omp_set_dynamic(r.dynamic);
        if (c.wrong_team) {
            ckpt_untracked_free(c.blocks);
            snprintf(err, errlen, "OpenMP made a team of another size than %u threads to read "
                     "their threadprivate variables", r.team);
            return -1;
        }
    }
    int rc = ckpt_image_begin_section(w, CKPT_SECTION_OPENMP, 0, sizeof r + blocks, err,
                                      errlen);
    if (rc == 0)
        rc = ckpt_image_append(w, &r, sizeof r, err, errlen);
    if (rc == 0 && blocks)
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
    if (r->team < 1 || r->tls_size > s->size ||
        s->size - sizeof *r != (uint64_t)(r->team - 1) * r->tls_size)
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
        snprintf(err, errlen, "the checkpoint holds the threadprivate variables of %u OpenMP "
                 "threads, and this program runs without an OpenMP library", r.team);
        return -1;
    }
    if (found && r.team > 1 && r.tls_size != ckpt_globals_tls().size) {
        snprintf(err, errlen, "saved OpenMP threadprivate variables do not match this "
                 "program's layout");
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
        struct team_copy c = {(unsigned char *)blocks, (size_t)r.tls_size, r.team, 1, 0};
        omp_set_dynamic(0);
        GOMP_parallel(copy_thread_locals, &c, r.team, 0);
        if (c.wrong_team)
            ckpt_fatal("OpenMP would not make a team of %u threads, as many as at the "
                       "checkpoint, to put their threadprivate variables back (OMP_THREAD_LIMIT?)",
                       r.team);
    }
    omp_set_dynamic(r.dynamic);
}
