/*
 * AALC runtime: the interface that code inserted by ckpt-instrument uses.
 *
 * Every instrumented translation unit includes this header. It is also the
 * user-facing API (ckpt_request_checkpoint) for programs that want to ask for
 * a checkpoint themselves.
 *
 * The runtime knows nothing of MPI. How the pieces fit together:
 *   - at a potential point, ckpt_point_due() is a cheap inline test; when it
 *     fires, ckpt_begin_collapse() decides whether a checkpoint starts now;
 *   - while ckpt_collapsing is set, every instrumented function saves its
 *     frame (ckpt_frame_save, then CKPT_SAVE per local) and returns;
 *   - the runtime saves globals and the heap once the collapse reaches main,
 *     writes the image, then sets ckpt_restoring and calls main again;
 *   - while ckpt_restoring is set, every instrumented function asks
 *     ckpt_resume_label() where to jump, restores its locals (ckpt_frame_rest,
 *     then CKPT_RESTORE per local) and re-enters the call it was in, until
 *     the potential point calls ckpt_resume_finished().
 */
#ifndef AALC_CKPT_H
#define AALC_CKPT_H

/* Only compiler headers here: this header comes first in every instrumented
 * file, before the user's own #define _GNU_SOURCE and friends, so it must not
 * pull in libc headers that fix the feature-test macros early. */
#include <stdatomic.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero while the stack is being collapsed for a checkpoint. */
extern int ckpt_collapsing;
/* Nonzero while the stack is being rebuilt (after a checkpoint or on recovery). */
extern int ckpt_restoring;
/* Set asynchronously (timer thread, SIGUSR1, coordination layer) to ask for a checkpoint. */
extern atomic_int ckpt_requested;
/* Potential points left before CKPT_EVERY asks for a checkpoint. */
extern long ckpt_points_left;

/* The fast test at every potential point: one decrement and two predictable branches. */
static __inline__ int ckpt_point_due(void)
{
    return __builtin_expect(--ckpt_points_left <= 0 ||
                                atomic_load_explicit(&ckpt_requested, memory_order_relaxed),
                            0);
}

/* Slow path of a due potential point: returns 1 when the stack must collapse now. */
int ckpt_begin_collapse(void);

/* Start saving one frame: which function (an id the precompiler computes),
 * where in it, and room for the size bytes of its saved values, returned. */
unsigned char *ckpt_frame_save(__UINT64_TYPE__ function_id, int label, size_t size);

/* At the entry of an instrumented function while restoring: the label to jump to. */
int ckpt_resume_label(__UINT64_TYPE__ function_id);
/* The next n saved bytes of the frame being restored (the sizes of its
 * variable-length arrays, read at the function's entry). */
const unsigned char *ckpt_frame_next(size_t n);
/* The rest of the frame being restored, which must be n bytes: read at its
 * label, where the frame's locals are restored. */
const unsigned char *ckpt_frame_rest(size_t n);
/* The potential point where the checkpoint was taken has been reached again. */
void ckpt_resume_finished(void);

/* A variable-length array is allocated again while the stack is rebuilt:
 * its address is saved with the frame, and must come back the same (pointers
 * to it may be held anywhere); the runtime stops with a message naming it
 * (e.g. "'row' in rows()") when it does not. saved: the address's saved bytes. */
void ckpt_check_address(const void *address, const unsigned char *saved, const char *what);

/* Around an OpenMP construct whose structured block calls code that may
 * reach a potential checkpoint: +1 before it, -1 after. No jump may enter
 * the block to rebuild the stack, so no checkpoint starts until it ends. */
void ckpt_openmp_construct(int delta);

/* Save and restore one local by value, at a cursor into its frame's bytes
 * (from ckpt_frame_save, ckpt_frame_rest) that moves past it. __builtin_memcpy
 * keeps the variable's address from escaping, so the compiler may still keep
 * it in a register. The cast lets volatile locals be restored too. */
#define CKPT_SAVE(to, var) \
    (__builtin_memcpy((to), (const void *)&(var), CKPT_SIZE(var)), (to) += CKPT_SIZE(var))
#define CKPT_RESTORE(from, var) \
    (__builtin_memcpy((void *)&(var), (from), CKPT_SIZE(var)), (from) += CKPT_SIZE(var))
/* Through the type, so that an array parameter (really a pointer) draws no warning. */
#define CKPT_SIZE(var) sizeof(__typeof__(var))

/* A variable-length array's address, saved with its frame and checked when
 * the stack is rebuilt (ckpt_check_address). */
#define CKPT_ADDRESS_SIZE sizeof(const void *)
#define CKPT_SAVE_ADDRESS(to, array) \
    (__builtin_memcpy((to), &(const void *){(array)}, CKPT_ADDRESS_SIZE), \
     (to) += CKPT_ADDRESS_SIZE)
#define CKPT_CHECK_ADDRESS(from, array, what) \
    (ckpt_check_address((array), (from), (what)), (from) += CKPT_ADDRESS_SIZE)

/* User API: ask for a checkpoint at the next potential point. */
void ckpt_request_checkpoint(void);

/* User API: how many recoveries the state this process runs on has been
 * through: 0 in a run started afresh, 1 after a recovery from a checkpoint
 * of that run, 2 after a recovery from a checkpoint taken after the first
 * recovery, and so on. */
unsigned ckpt_recovered(void);

/* User API: call fn(arg) in every recovered process, once its state is back
 * and before the program goes on from the checkpoint, to redo what no runtime
 * can (reconnect a socket, reopen a device). Registrations are part of the
 * saved state: register at start, before the first checkpoint. Callbacks run
 * in the order they were registered; no checkpoint is taken while they run.
 * Returns 0, or -1 if fn is NULL or 32 are registered already. */
int ckpt_on_recovery(void (*fn)(void *arg), void *arg);

#ifdef __cplusplus
}
#endif

#endif /* AALC_CKPT_H */
