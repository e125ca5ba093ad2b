/* Copying a checkpoint's files from one level to another (docs/levels.md).
 * ckpt_store_copy_file is declared in aalc/ckpt_layer_services.h. */
#ifndef AALC_STORE_COPY_H
#define AALC_STORE_COPY_H

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>
#include <stdint.h>

/* Copy what the open descriptor `from` reads, from its start, to
 * TO_DIR/ckpt-n/name: a temporary name, fsync, rename, fsync of the
 * directory. 0 or -1 with a message. */
int ckpt_store_copy_from_fd(int from, const char *to_dir, uint64_t n, const char *name,
                            char *err, size_t errlen);

#endif
