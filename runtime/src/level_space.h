/* Where one checkpoint's image goes (docs/levels.md): the local level, unless
 * it has no room for it; then CKPT_DIR, with a warning, for that checkpoint
 * only. Recovery and the flush find an image in either. */
#ifndef AALC_LEVEL_SPACE_H
#define AALC_LEVEL_SPACE_H

#include <stddef.h>
#include <stdint.h>

/* The directory for this rank's image of checkpoint n, of about `expected` bytes. */
const char *ckpt_levels_image_dir(uint64_t n, size_t expected);

#endif
