/* What asks for a checkpoint: CKPT_INTERVAL (a timer thread), CKPT_EVERY
 * (the potential-point countdown), SIGUSR1, or ckpt_request_checkpoint(). */
#ifndef AALC_TRIGGERS_H
#define AALC_TRIGGERS_H

void ckpt_triggers_start(void);
/* A checkpoint is starting: clear the request and restart the countdown. */
void ckpt_triggers_consume(void);
/* A checkpoint has been written: the next interval starts now. */
void ckpt_triggers_checkpoint_done(void);

#endif
