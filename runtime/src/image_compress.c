/* Compressed images (see image_compress.h). */
#define _GNU_SOURCE
#include "image_compress.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <zstd.h>

/* Refuse to decompress into more than this: a damaged size field must not
 * make us map absurd amounts of memory. */
#define MAX_DECOMPRESSED ((unsigned long long)1 << 40)

static const uint8_t zstd_magic[4] = {0x28, 0xb5, 0x2f, 0xfd};

int ckpt_image_compress(const struct ckpt_image_buffer *in, struct ckpt_image_buffer *out,
                        int level, char *err, size_t errlen)
{
    static ZSTD_CCtx *cctx; /* only the writing thread compresses, one image at a time */
    if (!cctx && !(cctx = ZSTD_createCCtx())) {
        snprintf(err, errlen, "cannot set up zstd compression");
        return -1;
    }
    /* Room for the worst case, and for O_DIRECT's padding to a whole block. */
    size_t bound = ZSTD_compressBound(in->size) + 4096;
    out->size = 0;
    if (ckpt_image_buffer_reserve(out, bound) != 0) {
        snprintf(err, errlen, "out of memory for a compressed image of up to %zu bytes", bound);
        return -1;
    }
    size_t n = ZSTD_compressCCtx(cctx, out->data, bound - 4096, in->data, in->size, level);
    if (ZSTD_isError(n)) {
        snprintf(err, errlen, "zstd: %s", ZSTD_getErrorName(n));
        return -1;
    }
    out->size = n;
    return 0;
}

int ckpt_image_is_compressed(const uint8_t *file, size_t size)
{
    return size >= sizeof zstd_magic && memcmp(file, zstd_magic, sizeof zstd_magic) == 0;
}

void *ckpt_image_decompress(const uint8_t *file, size_t size, size_t *out_size, char *err,
                            size_t errlen)
{
    unsigned long long n = ZSTD_getFrameContentSize(file, size);
    if (n == ZSTD_CONTENTSIZE_ERROR || n == ZSTD_CONTENTSIZE_UNKNOWN || n == 0 ||
        n > MAX_DECOMPRESSED) {
        snprintf(err, errlen, "damaged (compressed, but its frame header is not sound)");
        return NULL;
    }
    void *p = mmap(NULL, (size_t)n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        snprintf(err, errlen, "cannot map %llu bytes to decompress it into", n);
        return NULL;
    }
    size_t got = ZSTD_decompress(p, (size_t)n, file, size);
    if (ZSTD_isError(got) || got != n) {
        snprintf(err, errlen, "damaged (cannot decompress: %s)",
                 ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short");
        munmap(p, (size_t)n);
        return NULL;
    }
    *out_size = (size_t)n;
    return p;
}
