/*
 * fuzz_image.c -- libFuzzer target over the checkpoint image reader: what
 * --recover does with a file before the program runs again.
 *
 * Each input is written to a memory file and opened with ckpt_image_open
 * (envelope, optional zstd, header, section table), then, as recovery does
 * (recovery.c: check_image, load_state), its open-files section is parsed
 * (files_record.c), its saved stack is parsed (ckpt_frames_load) and its heap ranges
 * checked, the heap made ready for them and loaded (heap_image.c), moving
 * pages out of the file where they line up. The checksum in the trailer is
 * recomputed first: a mutated byte would otherwise only ever reach the
 * checksum test. Every heap section is also tried as if it had been saved
 * at this heap's address, so that its records get parsed whatever `addr`
 * the mutation left.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined (tests/fuzz/CMakeLists.txt);
 * corpus and regression inputs in tests/fuzz/corpus/.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xxhash.h>
#include <zstd.h>

#include "files_record.h"
#include "frames.h"
#include "heap.h"
#include "heap_image.h"
#include "image.h"
#include "image_chain.h"
#include "image_compress.h"
#include "options.h"

#define HEADER_SIZE 104u
#define TRAILER_SIZE 32u
#define HEAP_RESERVE ((size_t)256 << 20)

/* The runtime's own allocations are plain ones here (heap_wrap.c, which
 * defines them for programs built with --wrap=malloc, is not linked). */
void *ckpt_untracked_malloc(size_t n) { return malloc(n); }
void *ckpt_untracked_realloc(void *p, size_t n) { return realloc(p, n); }
void ckpt_untracked_free(void *p) { free(p); }
/* Nor is output_forward.c: messages go to stderr as it is. */
void ckpt_output_forward_failed(void) {}
int ckpt_output_original_fd(int fd) { return fd; }

static int image_fd = -1;
static char image_path[64];
static uint8_t *scratch;
static size_t scratch_size;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[256];
    if (ckpt_heap_init(HEAP_RESERVE, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_image: %s\n", err);
        abort();
    }
    image_fd = memfd_create("image", MFD_CLOEXEC);
    if (image_fd < 0) {
        perror("fuzz_image: memfd_create");
        abort();
    }
    snprintf(image_path, sizeof image_path, "/proc/self/fd/%d", image_fd);
    return 0;
}

/* The heap ranges as recovery loads them. */
static void load_heap(struct ckpt_image *img, const struct ckpt_image_section *heap)
{
    char err[256];
    size_t used, moved;
    if (ckpt_heap_image_check(heap, &used, err, sizeof err) != 0)
        return;
    ckpt_heap_image_has_long_ranges(heap);
    /* An incremental image, as its own parent: its chain record, and every
     * same record against the image's own records. */
    uint64_t parent;
    if (ckpt_image_chain_parent(img, img->header.checkpoint, 0, CKPT_INCREMENTAL_MAX, &parent,
                                err, sizeof err) == 0 &&
        parent != 0)
        ckpt_image_chain_check(img, img, err, sizeof err);
    if (ckpt_heap_image_has_same(heap))
        ckpt_heap_image_check_parent(heap, heap, err, sizeof err);
    if (ckpt_heap_prepare_restore(used, 0, err, sizeof err) != 0)
        return;
    ckpt_heap_image_load(img, heap, &CKPT_HEAP_LOAD_BUDGET, &moved, err, sizeof err);
}

/* A zstd frame of run-length blocks turns kilobytes into gigabytes, all
 * decompressed (and their pages faulted in) before the checksum can refuse
 * them: a second per hundred megabytes here, minutes under ASan. Recovery
 * does that too (docs/limitations.md); the fuzzer skips such inputs so as
 * not to spend its time there. */
#define MAX_DECOMPRESSED_HERE ((unsigned long long)64 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ckpt_image_is_compressed(data, size)) {
        unsigned long long n = ZSTD_getFrameContentSize(data, size);
        if (n != ZSTD_CONTENTSIZE_ERROR && n != ZSTD_CONTENTSIZE_UNKNOWN &&
            n > MAX_DECOMPRESSED_HERE)
            return 0;
    }
    if (size > scratch_size) {
        free(scratch);
        scratch = malloc(size);
        scratch_size = scratch ? size : 0;
        if (!scratch)
            return 0;
    }
    if (size)
        memcpy(scratch, data, size);
    if (size >= HEADER_SIZE + TRAILER_SIZE) {
        uint64_t sum = XXH3_64bits(scratch, size - TRAILER_SIZE);
        for (int i = 0; i < 8; i++)
            scratch[size - TRAILER_SIZE + 16 + i] = (uint8_t)(sum >> (8 * i));
    }
    if (ftruncate(image_fd, 0) != 0 || (size && pwrite(image_fd, scratch, size, 0) != (ssize_t)size))
        abort();

    static const uint8_t some_id[4] = {1, 2, 3, 4};
    struct ckpt_image img;
    char err[512];
    for (int expect = 0; expect < 2; expect++) {
        if (ckpt_image_open(image_path, expect ? some_id : NULL, expect ? sizeof some_id : 0,
                            &img, err, sizeof err) != 0)
            continue;
        ckpt_files_check(&img, err, sizeof err); /* the open-files section's records */
        const struct ckpt_image_section *frames = ckpt_image_find(&img, CKPT_SECTION_FRAMES, 0);
        if (frames)
            ckpt_frames_load(frames->data, frames->size, err, sizeof err);
        for (uint32_t i = 0; i < img.nsections; i++) {
            if (img.sections[i].kind != CKPT_SECTION_HEAP_RANGES)
                continue;
            load_heap(&img, &img.sections[i]);
            struct ckpt_image_section here = img.sections[i];
            here.addr = ckpt_heap_base();
            load_heap(&img, &here);
        }
        ckpt_image_close(&img);
    }
    return 0;
}
