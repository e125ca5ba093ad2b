/* Environment variables kept out of checkpoint images (CKPT_ENV_EXCLUDE).
 *
 * The environment is copied into the checkpoint heap (environment.h), so
 * every image would hold the tokens and passwords a job was started with.
 * Variables whose names match one of these patterns stay where the kernel
 * put them instead, outside what a checkpoint saves; after a recovery they
 * are the recovering process's own.
 *
 * CKPT_ENV_EXCLUDE is a comma-separated list of shell patterns (fnmatch,
 * case ignored) on the variable's name; `default` stands for the default
 * list, `none` (alone) excludes nothing. Unset: the default list. */
#ifndef AALC_ENV_EXCLUDE_H
#define AALC_ENV_EXCLUDE_H

#define CKPT_ENV_EXCLUDE_DEFAULT \
    "*TOKEN*,*SECRET*,*PASSWORD*,*PASSWD*,*CREDENTIAL*,*_KEY,*API_KEY*,*APIKEY*"

/* Is entry ("NAME=value") one to keep out of images? Reads CKPT_ENV_EXCLUDE
 * on first use (a malformed value stops the program with a message). */
int ckpt_env_excluded(const char *entry);
/* Do two entries name the same variable? */
int ckpt_env_same_name(const char *a, const char *b);

#endif
