/*
 * Optional compression of whole images (CKPT_COMPRESS=zstd[:level]), with
 * Debian's libzstd. An image is compressed as one zstd frame after it is
 * sealed, so its own checksum still guards the decompressed bytes, and a
 * reader tells the two kinds of file apart by their first four bytes.
 */
#ifndef AALC_IMAGE_COMPRESS_H
#define AALC_IMAGE_COMPRESS_H

#include "image.h"

#include <stddef.h>
#include <stdint.h>

/* Compress in into out (grown as needed, reusable). 0, or -1 with a message. */
int ckpt_image_compress(const struct ckpt_image_buffer *in, struct ckpt_image_buffer *out,
                        int level, char *err, size_t errlen);
/* Does this file start like a compressed image? */
int ckpt_image_is_compressed(const uint8_t *file, size_t size);
/* Decompress a whole file into a new private mapping of *out_size bytes
 * (munmap it when done). NULL with a reason in err if the file is damaged. */
void *ckpt_image_decompress(const uint8_t *file, size_t size, size_t *out_size, char *err,
                            size_t errlen);

#endif
