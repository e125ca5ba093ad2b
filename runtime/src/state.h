/* The save/restore state machine shared by the generated code and the runtime. */
#ifndef AALC_STATE_H
#define AALC_STATE_H

/* Called by a layer above the runtime (the coordination layer) at every due
 * potential point: return 0 to postpone the checkpoint. NULL = always take it. */
typedef int (*ckpt_point_hook)(void);
void ckpt_set_point_hook(ckpt_point_hook hook);

/* Called once the stack is rebuilt after a recovery (not after an ordinary checkpoint). */
typedef void (*ckpt_resumed_hook)(void);
void ckpt_set_resumed_hook(ckpt_resumed_hook hook);

/* At start, on the thread that runs main: the only one whose potential
 * points take checkpoints (another thread's stack is not the program's). */
void ckpt_state_mark_program_thread(void);
/* Whether this is the process that runs the job (not a child the program
 * forked), which alone takes checkpoints and ends the job at exit. */
int ckpt_state_in_program_process(void);
/* daemon(3) went on in a child: that one runs the job now. */
void ckpt_state_program_moved(void);

/* Set while the stack is rebuilt from a checkpoint read from disk. */
extern int ckpt_recovering;

#endif
