/* State the C library keeps for the program outside the program's variables
 * (CKPT_SECTION_LIBC): the random generators (rand/random and their
 * initstate/setstate buffers, drand48 and its seed48/lcong48 parameters),
 * strtok's position, handlers registered with atexit and on_exit, signal
 * dispositions the program set and its signal mask, the working directory,
 * the umask, the locale, buffering set on the standard streams and what the
 * program assigned to stdin/stdout/stderr, and standard input's position
 * when it is a regular file.
 *
 * Some of it is read off the C library at a checkpoint through its own
 * interface (random, drand48, the mask, the directory, the umask, the
 * locale); what it offers no way to read back is kept as the program sets
 * it, by wrappers its calls are linked to (strtok, atexit, on_exit, signal,
 * sigaction, setvbuf and its relatives: runtime/wrapped-symbols.opt). */
#ifndef AALC_LIBC_STATE_H
#define AALC_LIBC_STATE_H

#include <stddef.h>

struct ckpt_image_writer;
struct ckpt_image;

/* At start, before the program runs (finds drand48's state, notes the
 * standard streams). */
void ckpt_libc_state_init(void);
/* Adds the section; 0 or -1 with a message. */
int ckpt_libc_state_save(struct ckpt_image_writer *w, char *err, size_t errlen);
/* Checks the section of an image before anything is loaded. */
int ckpt_libc_state_check(const struct ckpt_image *img, char *err, size_t errlen);
/* After the program's memory and files are back: puts the C library's state
 * back as it was at the checkpoint. Stops the program with a message naming
 * what cannot come back (a working directory gone, a locale missing). */
void ckpt_libc_state_restore(const struct ckpt_image *img);

#endif
