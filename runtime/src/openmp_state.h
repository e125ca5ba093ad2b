/* OpenMP state outside the program's variables (CKPT_SECTION_OPENMP): the
 * settings the program can change (omp_set_num_threads, omp_set_dynamic,
 * omp_set_schedule, omp_set_max_active_levels), so that a recovery runs its
 * parallel regions with the teams it had.
 *
 * Not saved (yet): the thread-local (`threadprivate`) variables of the
 * threads other than the program thread. Reading them needs a parallel
 * region as large as the program's own teams, which the runtime cannot
 * know (a region of another size ends the threads it does not use, and
 * their values with them, in a run that never fails). A checkpoint of a
 * program with thread-locals and more than one OpenMP thread says so, once.
 *
 * The runtime is not built with OpenMP: it reaches the OpenMP library
 * through weak references, present only in a program linked with one. */
#ifndef AALC_OPENMP_STATE_H
#define AALC_OPENMP_STATE_H

#include <stddef.h>

struct ckpt_image_writer;
struct ckpt_image;

/* Inside an OpenMP parallel region, of any size (0 without an OpenMP
 * library): no checkpoint starts there. */
int ckpt_openmp_in_parallel(void);

/* Adds the section when the program runs with an OpenMP library; 0 or -1
 * with a message. */
int ckpt_openmp_state_save(struct ckpt_image_writer *w, char *err, size_t errlen);
/* Checks the section of an image before anything is loaded. */
int ckpt_openmp_state_check(const struct ckpt_image *img, char *err, size_t errlen);
/* After the program thread's variables are back: the settings. */
void ckpt_openmp_state_restore(const struct ckpt_image *img);

#endif
