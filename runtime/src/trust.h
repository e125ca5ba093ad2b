/* Which checkpoints recovery may load.
 *
 * Recovery loads an image as the program's own memory, code pointers
 * included: whoever can write a checkpoint directory or an image can make
 * the next --recover run code of their choosing. So, as SSH's strict modes
 * do for keys, a checkpoint directory or file is loaded only if the user
 * running the program owns it and neither its group nor others may write it
 * (unless CKPT_DIR_MODE grants them that on purpose: file_modes.h). */
#ifndef AALC_TRUST_H
#define AALC_TRUST_H

#include <stddef.h>

/* 0 if path (followed if a symbolic link) may be trusted or does not
 * exist; -1 with "path: what is wrong" in err. */
int ckpt_trust_path(const char *path, char *err, size_t errlen);

#endif
