/* Messages of the runtime: always prefixed "aalc: rank R:", so that a user of
 * a many-rank job can tell who said what. */
#ifndef AALC_LOG_H
#define AALC_LOG_H

#include <aalc/ckpt_layer_services.h>

/* Which rank this process is (0 for serial programs); the coordination layer sets it. */
void ckpt_log_set_rank(int rank);
/* ckpt_info, ckpt_warn and ckpt_fatal: aalc/ckpt_layer_services.h. */
/* An error that does not stop the program by itself: one of several to
 * report before ckpt_fatal. */
void ckpt_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Stops as ckpt_fatal does, after the cause was reported with ckpt_error. */
_Noreturn void ckpt_stop_after_error(void);

#endif
