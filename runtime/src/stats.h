/*
 * CKPT_STATS=file: one JSON line per checkpoint image and per recovery,
 * appended, for benchmarks and for users who want to see what a checkpoint
 * costs them (like SCR's and FTI's summaries). Silent when unset.
 */
#ifndef AALC_STATS_H
#define AALC_STATS_H

#include <stddef.h>
#include <stdint.h>

/* This rank's image of checkpoint n is durable: when its copy began
 * (CLOCK_MONOTONIC seconds), its size, and on disk
 * (compressed, perhaps), how long the program waited for the copy and how
 * many threads made it (and how much of the buffer the interval timer had
 * faulted in before the first one), how long the checksum (and compression) and
 * the write took (in the background), whether the write bypassed the page
 * cache, and how it was written (CKPT_WRITE: copy, through or sync; through:
 * copy_s is the time the program waited for the write into the page cache,
 * write_s the fsync's). */
void ckpt_stats_checkpoint(uint64_t n, double began_at, size_t image_bytes, size_t file_bytes,
                           double copy_seconds, unsigned copy_threads, size_t prefaulted_bytes,
                           double seal_seconds, double write_seconds, int direct,
                           const char *write_mode);
/* Recovery from checkpoint n: reading and checking the image, copying it
 * into place (prefetched: both while MPI started), and the time from the
 * program's start to its resumption. */
void ckpt_stats_restore(uint64_t n, size_t file_bytes, double read_seconds, double load_seconds,
                        int prefetched, size_t moved_bytes, double since_start_seconds);
/* Checkpoint n is committed or given up, as this rank knows it, at `at`
 * (CLOCK_MONOTONIC seconds): the next interval starts. */
void ckpt_stats_settled(uint64_t n, int committed, double at);
/* CKPT_MTBF: checkpoint n cost the program cost_s; with the learned cost,
 * the interval is now interval_s. */
void ckpt_stats_interval(uint64_t n, double cost_s, double learned_cost_s, double mtbf_s,
                         double interval_s);

#endif
