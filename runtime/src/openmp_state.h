/* OpenMP state outside the program's variables (CKPT_SECTION_OPENMP): the
 * thread-local variables of the executable (`threadprivate`) of every
 * thread of the OpenMP team, not only the program thread's
 * (CKPT_SECTION_TLS), and the settings the program can change
 * (omp_set_num_threads, omp_set_dynamic, omp_set_schedule,
 * omp_set_max_active_levels).
 *
 * The runtime is not built with OpenMP: it reaches the OpenMP library
 * through weak references, present only in a program linked with one
 * (-fopenmp). A checkpoint is taken outside parallel regions, by the
 * program thread; the other threads' variables are read and written back
 * in a parallel region of the runtime's, thread t of a team as large as the
 * program's by thread t, as OpenMP keeps `threadprivate` values across
 * regions of the same size. */
#ifndef AALC_OPENMP_STATE_H
#define AALC_OPENMP_STATE_H

#include <stddef.h>

struct ckpt_image_writer;
struct ckpt_image;

/* Inside an active OpenMP parallel region (0 without an OpenMP library):
 * no checkpoint starts there. */
int ckpt_openmp_in_parallel(void);

/* Adds the section when the program runs with an OpenMP library; 0 or -1
 * with a message. */
int ckpt_openmp_state_save(struct ckpt_image_writer *w, char *err, size_t errlen);
/* Checks the section of an image before anything is loaded: 0, or -1 with
 * a message (no OpenMP library here, another layout). */
int ckpt_openmp_state_check(const struct ckpt_image *img, char *err, size_t errlen);
/* After the program thread's variables are back: the settings, then the
 * other threads' variables (stops the program if the team cannot be made
 * as large as it was). */
void ckpt_openmp_state_restore(const struct ckpt_image *img);

#endif
