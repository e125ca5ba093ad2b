/* What asks for a checkpoint: CKPT_INTERVAL (a timer thread), CKPT_EVERY
 * (the potential-point countdown), SIGUSR1, or ckpt_request_checkpoint(). */
#ifndef AALC_TRIGGERS_H
#define AALC_TRIGGERS_H

#include <stdint.h>

void ckpt_triggers_start(void);
/* In the child daemon(3) goes on in: the interval's timer thread stayed
 * with the parent, start another. */
void ckpt_triggers_after_daemon(void);
/* A due potential point that is only half-way to the first CKPT_EVERY
 * checkpoint: a thread faults in that checkpoint's image buffer now, and
 * the countdown goes on. 1 then (no checkpoint here), else 0. */
int ckpt_triggers_halfway(void);
/* A checkpoint is starting: clear the request and restart the countdown. */
void ckpt_triggers_consume(void);
/* A checkpoint has been copied: the timer waits for it to settle. */
void ckpt_triggers_checkpoint_done(void);
/* The checkpoint is committed or given up, its last fsync and pruning done,
 * perhaps on the program's thread (synchronous writes, the MPI coordinator):
 * the interval starts again, and a request the timer made meanwhile is
 * dropped. The program gets CKPT_INTERVAL seconds of its own between
 * checkpoints however long they take to write. */
void ckpt_triggers_checkpoint_settled(void);
/* CKPT_MTBF: checkpoint n made the program stand still this long; the
 * interval follows the cost learned so far (interval_model.h). */
void ckpt_triggers_checkpoint_cost(uint64_t n, double seconds);

#endif
