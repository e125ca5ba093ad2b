/* The program's environment, kept where a checkpoint saves it.
 *
 * getenv returns pointers into the strings environ points to, which the
 * kernel puts on the initial process stack: a different place in every
 * process. A program that keeps such a pointer across a checkpoint (a
 * directory name read at start, say) would read another process's stack
 * after a restart. So environ is pointed at a copy in the checkpoint heap,
 * and a recovered process gets the saved copy back: old pointers stay
 * valid, and getenv answers as it did before the failure. */
#ifndef CKPT_ENVIRONMENT_H
#define CKPT_ENVIRONMENT_H

#include <stdint.h>

/* count strings and a terminating NULL, copied into the checkpoint heap
 * (the program's arguments live on the initial stack too). */
char **ckpt_strings_to_heap(char **strings, int count, const char *what);
/* Copies envp into the checkpoint heap and returns the copy, but for the
 * variables CKPT_ENV_EXCLUDE keeps out of images (env_exclude.h): their
 * slots point to the process's own strings, outside the heap. Unless
 * `recovering`, environ points to it from now on; a recovering process keeps
 * its own environ until the saved one is back (ckpt_environment_restore),
 * because the heap is being overwritten meanwhile, while MPI starts and reads
 * its variables. */
char **ckpt_environment_adopt(char **envp, int recovering);
/* What a checkpoint records: environ's address when it and every string it
 * points to, but excluded ones, lie in memory the checkpoint saves, else 0 (setenv and putenv
 * put strings, or a new array, in memory that is not saved). */
uint64_t ckpt_environment_saved(void);
/* After the state is loaded: environ as recorded (0: left as it is), with
 * the excluded variables the recovering process's own (an excluded variable
 * the recovering process does not have is then unset). */
void ckpt_environment_restore(uint64_t saved);

#endif
