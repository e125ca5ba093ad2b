/* Loading the newest usable committed checkpoint into this fresh process. */
#ifndef AALC_RECOVERY_H
#define AALC_RECOVERY_H

#include <stdint.h>

/* Restores globals, heap and saved frames, rewinds the output, and leaves the
 * runtime ready to rebuild the stack. Exits with a message when there is no
 * usable checkpoint. Returns the checkpoint's number. */
uint64_t ckpt_recover(void);
/* Before the layer starts on --recover: load the newest image of the rank
 * the layer guesses (guess_rank) in the background; ckpt_recover keeps it
 * if it is the agreed one. Does nothing where the layer guesses none. */
void ckpt_recover_prefetch(void);
/* The stack is rebuilt: report (CKPT_STATS) what the recovery cost, counting
 * from started_at (CLOCK_MONOTONIC seconds when the program started). */
void ckpt_recover_report(double started_at);

#endif
