/* Messages of the runtime: always prefixed "aalc: rank R:", so that a user of
 * a many-rank job can tell who said what. */
#ifndef AALC_LOG_H
#define AALC_LOG_H

/* Which rank this process is (0 for serial programs); the coordination layer sets it. */
void ckpt_log_set_rank(int rank);
/* Printed when CKPT_VERBOSE is at least `level`. */
void ckpt_info(int level, const char *format, ...) __attribute__((format(printf, 2, 3)));
void ckpt_warn(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Prints "error: ..." and exits with status 1. */
_Noreturn void ckpt_fatal(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
