/*
 * Which job a checkpoint directory belongs to.
 *
 * Every checkpoint records the job that wrote it in DIR/ckpt-N/JOB (the
 * executable's path, the rank count, the arguments), and --recover refuses a
 * checkpoint of another job: resuming it would print that job's results as
 * this one's. While a job runs, it holds a lock on DIR/LOCK (flock), and a
 * second job that points CKPT_DIR at the same directory stops at its start
 * (or at its first checkpoint, if the directory was made after its start:
 * dir_claim.h).
 */
#ifndef AALC_JOB_H
#define AALC_JOB_H

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>
#include <stdint.h>

/* This run's identity, from the arguments as the program sees them (without
 * --recover). Called once at start, before anything is recovered. */
void ckpt_job_note(int argc, char **argv);
/* --recover: -1 with a message showing both jobs when checkpoint n was
 * written by a job with another rank count, or with other arguments (unless
 * CKPT_RECOVER_ANY_ARGS=1); else 0. Checkpoints without a JOB file pass. */
int ckpt_job_check(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen);
/* Take DIR/LOCK for the rest of the process's life; exit with a message
 * naming the holder if another job holds it. One process per job calls it. */
void ckpt_job_lock(const char *dir);
/* The same, returning -1 with the message instead of stopping. */
int ckpt_job_try_lock(const char *dir, char *err, size_t errlen);
/* on 1: a child forked from now on keeps the lock (daemon(3): it goes on
 * with the job); 0: children do not (helpers that may outlive the job). */
void ckpt_job_lock_follows_fork(int on);
/* The job is over and its checkpoints are gone: remove DIR/LOCK (the lock
 * itself lasts until the process ends). */
void ckpt_job_unlock(const char *dir);

/* ckpt_job_record: aalc/ckpt_layer_services.h. */
#endif
