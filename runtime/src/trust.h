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

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>

/* ckpt_trust_path: aalc/ckpt_layer_services.h. */
#endif
