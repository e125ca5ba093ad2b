/* Output printed once across a recovery when stdout or stderr is a pipe or a
 * socket (every rank under mpiexec, `prog | tee log`), or a pseudo-terminal
 * the parent opened for the process (Open MPI's mpiexec gives ranks one for
 * stdout): what
 * reached it cannot be taken back, so the recovered run must not print it
 * again.
 *
 * At start the runtime puts a pipe of its own in place of such a descriptor
 * and a forwarder process copies from it to the original one, keeping a
 * durable count of the bytes that got there (a small file per rank in the
 * checkpoint directory, mapped shared: every update is one store, and it
 * survives the death of the program and of the forwarder). A checkpoint
 * records how many bytes the program had written to each stream; the
 * recovered run's forwarder drops what it gets until that count reaches the
 * count of bytes already printed, then forwards again.
 *
 * A process rather than a thread: it outlives the program, so what the
 * program wrote just before it crashed (an assertion's message, say) still
 * comes out; and a crash of the program loses nothing that a plain run
 * would have printed. */
#ifndef AALC_OUTPUT_FORWARD_H
#define AALC_OUTPUT_FORWARD_H

#include <stdint.h>

/* Where the program's output stood at a checkpoint: bytes written to stdout
 * ([0]) and stderr ([1]) through the forwarder since the run began (counting
 * the runs it recovers from). valid[i] = 0: that stream was not forwarded. */
struct ckpt_output_positions {
    uint64_t valid[2], bytes[2];
};

/* At the start of the process, before any thread or MPI: forward stdout and
 * stderr if they are pipes or sockets. Nothing happens otherwise. */
void ckpt_output_forward_start(void);
/* Once, on recovery, the checkpoint is loaded (until then the forwarder
 * forwards nothing): the forwarder starts, and counts in dir. rank_pending:
 * the count file is named after the rank, which a layer gives later;
 * dir_exists 0: it goes in dir once the first checkpoint has made it. */
void ckpt_output_forward_begin(const char *dir, int rank_pending, int dir_exists);
/* The directory exists now (the first checkpoint made it): the count file
 * can be opened in it. Returns once the forwarder has opened it. */
void ckpt_output_forward_dir_ready(void);
/* The layer knows this process's rank (in a fresh MPI run, once the
 * program's MPI_Init is done; when recovering, before the checkpoint loads). */
void ckpt_output_forward_rank(uint32_t rank);
/* At a checkpoint, after stdio is flushed. */
void ckpt_output_forward_positions(struct ckpt_output_positions *p);
/* On recovery, before ckpt_output_forward_begin: where the restored
 * program's output stands. */
void ckpt_output_forward_resume_at(const struct ckpt_output_positions *p);
/* On recovery, while MPI starts and the checkpoint is loaded (on: 1, then
 * 0): descriptors 1 and 2 write straight where they wrote at start, past
 * the forwarder, and are given back as they were. What MPI prints meanwhile
 * (an MPI error while the layer builds its communicators again) is not the
 * program's output, which the forwarder counts to drop what the failed run
 * printed; and the forwarder prints nothing before it is told where the
 * program's output starts, so a job torn down in between lost it. Off while
 * the program's files are restored: they may be put on 1 and 2. */
void ckpt_output_direct(int on);
/* The job succeeded (status 0, every rank past MPI_Finalize) and keeps
 * its checkpoints: a --recover after it runs the program again from a
 * checkpoint and prints what it prints, so the counts of ranks
 * 0 .. nranks-1 in dir say so. Said for the whole job at once: one rank
 * that ends while another is killed has not ended the job, and the
 * recovery must drop what that rank printed. */
void ckpt_output_forward_mark_ended(const char *dir, uint32_t nranks);
/* The job is over: remove the count files of ranks 0 .. nranks-1 in dir (a
 * forwarder still printing keeps its own open). */
void ckpt_output_forward_remove_counts(const char *dir, uint32_t nranks);
/* A descriptor that writes where fd (1 or 2) wrote at start, past the
 * forwarder: for the runtime's own messages, which are not the program's
 * output and must never be dropped. */
int ckpt_output_original_fd(int fd);

#endif
