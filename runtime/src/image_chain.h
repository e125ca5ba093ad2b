/*
 * An incremental image's link to its parent (CKPT_INCREMENTAL): which
 * earlier image its heap needs, and whether an image is that one. Used by
 * recovery and by the checkpoint reader, so that `ckpt verify` judges a
 * chain as --recover does.
 */
#ifndef AALC_IMAGE_CHAIN_H
#define AALC_IMAGE_CHAIN_H

#include "image.h"

#include <stddef.h>
#include <stdint.h>

/* The checkpoint number of the parent the image of checkpoint n needs:
 * 0 in *parent for a full image (its heap has no same records). depth: how
 * many newer images of its chain are open; a chain is at most `longest`
 * images. The heap section must have been checked (ckpt_heap_image_check).
 * 0, or -1 with a message (the image is damaged). */
int ckpt_image_chain_parent(const struct ckpt_image *img, uint64_t n, unsigned depth,
                            unsigned longest, uint64_t *parent, char *err, size_t errlen);

/* Whether `parent` (its heap checked too) is the very image img was written
 * against, and holds every byte img's same records say it does. 0, or -1
 * with a message. */
int ckpt_image_chain_check(const struct ckpt_image *img, const struct ckpt_image *parent,
                           char *err, size_t errlen);

#endif
