/* OpenMP state outside the program thread's variables (CKPT_SECTION_OPENMP):
 * the settings the program can change (omp_set_num_threads, omp_set_dynamic,
 * omp_set_schedule, omp_set_max_active_levels) and the thread-locals
 * (`threadprivate` variables) of the other threads of the program's last
 * team, so that a recovery runs its parallel regions with the teams, and the
 * threads' values, it had.
 *
 * The threads' blocks are read and written in a parallel region of the
 * runtime's own, of the size of the last team as counted by
 * openmp_threads.h: libgomp gives pool thread t the same place t in a team
 * as large or larger, and the program's next region (of the last team's
 * size, which is what OpenMP requires for threadprivate values to persist)
 * finds them there.
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
/* After the program thread's variables are back: the settings, and the
 * other threads' thread-locals, in threads made for them. */
void ckpt_openmp_state_restore(const struct ckpt_image *img);

#endif
