/* The permissions of what a checkpoint creates.
 *
 * An image holds the whole state of the program: its heap, its globals, the
 * copy of its environment. So checkpoint directories are created 0700 and
 * images, logs and markers 0600, as core dumps and SSH keys are, whatever the
 * umask. CKPT_DIR_MODE (an octal mode such as 0750) opens them up on
 * purpose: directories get that mode, files the same without the x bits.
 * A write bit it grants for the group or others is also what recovery
 * accepts on them (trust.h). */
#ifndef AALC_FILE_MODES_H
#define AALC_FILE_MODES_H

#include <stddef.h>
#include <sys/types.h>

#define CKPT_DEFAULT_DIR_MODE 0700

/* CKPT_DIR_MODE's value: 0, or -1 with a message (the owner must keep rwx). */
int ckpt_file_modes_parse(const char *text, char *err, size_t errlen);
/* The mode of checkpoint directories, and of the files in them. */
mode_t ckpt_dir_mode(void);
mode_t ckpt_file_mode(void);
/* mkdir with the directory mode, exactly (the umask does not apply). */
int ckpt_make_dir(const char *path);
/* open(path, flags | O_CREAT) with the file mode, exactly, also when a
 * regular file was there (a leftover of a crash keeps no older, wider
 * mode); a device such as /dev/full is left as it is. */
int ckpt_create_file(const char *path, int flags);

#endif
