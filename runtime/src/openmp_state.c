/* OpenMP settings across a recovery (openmp_state.h). */
#include "openmp_state.h"

#include "globals.h"
#include "image.h"
#include "log.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The OpenMP library's interface (libgomp; LLVM's libomp has the same
 * names), weak: NULL in a program without it. */
extern int omp_get_max_threads(void) __attribute__((weak));
extern void omp_set_num_threads(int) __attribute__((weak));
extern int omp_get_dynamic(void) __attribute__((weak));
extern void omp_set_dynamic(int) __attribute__((weak));
extern void omp_get_schedule(int *, int *) __attribute__((weak));
extern void omp_set_schedule(int, int) __attribute__((weak));
extern int omp_get_max_active_levels(void) __attribute__((weak));
extern void omp_set_max_active_levels(int) __attribute__((weak));
extern int omp_get_level(void) __attribute__((weak));

static int have_openmp(void)
{
    return omp_get_max_threads && omp_set_num_threads && omp_get_dynamic && omp_set_dynamic &&
           omp_get_schedule && omp_set_schedule && omp_get_max_active_levels &&
           omp_set_max_active_levels;
}

struct openmp_record {
    int32_t num_threads, dynamic, schedule_kind, schedule_chunk, max_active_levels;
    uint32_t unused;
    uint64_t tls_size; /* the executable's thread-locals, per thread */
};

int ckpt_openmp_in_parallel(void)
{
    return omp_get_level && omp_get_level() > 0; /* omp_in_parallel is 0 in a team of one */
}

/* Once per process: what a recovery will not give back. */
static void say_threads_not_saved(int threads, uint64_t tls_size, const char *when)
{
    static atomic_flag said = ATOMIC_FLAG_INIT;
    if (threads > 1 && tls_size && !atomic_flag_test_and_set(&said))
        ckpt_warn("%s: the program has thread-local (threadprivate) variables and runs %d "
                  "OpenMP threads; only the program thread's are saved, the other threads' "
                  "start again from their initial values after a recovery (docs/limitations.md)",
                  when, threads);
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
    say_threads_not_saved(r.num_threads, r.tls_size, "checkpoint");
    return ckpt_image_add_section(w, CKPT_SECTION_OPENMP, 0, &r, sizeof r, err, errlen);
}

static int read_record(const struct ckpt_image *img, struct openmp_record *r)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_OPENMP, 0);
    if (!s)
        return 0;
    if (s->size != sizeof *r)
        return -1;
    memcpy(r, s->data, sizeof *r);
    return 1;
}

int ckpt_openmp_state_check(const struct ckpt_image *img, char *err, size_t errlen)
{
    struct openmp_record r;
    if (read_record(img, &r) < 0) {
        snprintf(err, errlen, "saved OpenMP state is inconsistent");
        return -1;
    }
    return 0;
}

void ckpt_openmp_state_restore(const struct ckpt_image *img)
{
    struct openmp_record r;
    if (read_record(img, &r) != 1 || !have_openmp())
        return;
    omp_set_num_threads(r.num_threads);
    omp_set_dynamic(r.dynamic);
    omp_set_schedule(r.schedule_kind, r.schedule_chunk);
    omp_set_max_active_levels(r.max_active_levels);
    say_threads_not_saved(r.num_threads, r.tls_size, "recovery");
}
