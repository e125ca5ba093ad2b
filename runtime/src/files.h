/* The program's open files (CKPT_SECTION_FILES). Descriptors the program
 * opens (open, openat, creat, dup, dup2, dup3, fopen, fdopen, freopen,
 * tmpfile: wrappers its calls are linked to) are numbered from
 * CKPT_FILES_FIRST_FD up, out of the way of the descriptors that MPI and
 * the runtime open in a recovering process; the FILE of a stream it opens,
 * and its buffer, are made in the checkpoint heap, so they are saved with it
 * and are at the same address after a recovery.
 *
 * A checkpoint records, for each descriptor still open, the file's path,
 * open flags, offset and length; a recovery opens the same files again on
 * the same numbers, at the same offsets, cuts the files the program writes
 * back to their length at the checkpoint, and puts the streams back in the
 * C library's list of streams. What cannot be opened again (pipes, sockets,
 * removed files, shared or file mappings, other threads) is reported with
 * the descriptor or mapping and what it is, when a checkpoint is taken and
 * after a recovery. */
#ifndef AALC_FILES_H
#define AALC_FILES_H

#include <stddef.h>

#define CKPT_FILES_FIRST_FD 512

struct ckpt_image_writer;
struct ckpt_image;

/* Adds the section (call after stdio has been flushed); 0 or -1 with a message. */
int ckpt_files_save(struct ckpt_image_writer *w, char *err, size_t errlen);
/* Checks an image's section before anything is loaded. */
int ckpt_files_check(const struct ckpt_image *img, char *err, size_t errlen);
/* After the program's memory is back: the files, open again. Stops the
 * program with a message naming the file when one cannot be. */
void ckpt_files_restore(const struct ckpt_image *img);

#endif
