/*
 * The files by which a checkpoint directory says which job it belongs to:
 * written and checked by the runtime (job.c), read by the public reader
 * (reader.c), named by the store when it removes a checkpoint's files.
 *
 *   DIR/LOCK          flock()ed by the job that uses DIR; says "pid P host H"
 *   DIR/ckpt-N/JOB    "executable PATH\nnranks R\narguments ARGS\n"
 */
#ifndef AALC_JOB_FILE_H
#define AALC_JOB_FILE_H

#include <aalc/ckpt_layer_services.h> /* CKPT_JOB_FILE */
#include <stddef.h>

#define CKPT_LOCK_FILE "LOCK"

/* The value of the line "key VALUE" in text, copied into out (cut to
 * outlen - 1 bytes). 0, or -1 when text has no such line. */
int ckpt_job_field(const char *text, const char *key, char *out, size_t outlen);
/* 1 while a job holds DIR's lock, else 0. */
int ckpt_job_dir_in_use(const char *dir);

#endif
