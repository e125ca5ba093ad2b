#include "frames.h"

#include "heap.h"
#include "log.h"

#include <aalc/ckpt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct frame_header {
    uint64_t function_id;
    int32_t label;
    uint32_t size;
};

static unsigned char *bytes;     /* all records */
static size_t used, capacity;
static size_t *index_of;         /* record offsets, innermost first */
static size_t frame_count, index_capacity;
static size_t next_frame;        /* while restoring: records left to hand out */
static size_t read_at, read_end; /* while restoring: the current record's locals */

static void *grow(size_t n)
{
    if (used + n > capacity) {
        size_t want = capacity ? capacity * 2 : 64 * 1024;
        while (want < used + n)
            want *= 2;
        unsigned char *p = ckpt_untracked_realloc(bytes, want);
        if (!p)
            ckpt_fatal("out of memory while saving the stack (%zu bytes)", want);
        bytes = p;
        capacity = want;
    }
    void *at = bytes + used;
    used += n;
    return at;
}

static void remember(size_t offset)
{
    if (frame_count == index_capacity) {
        index_capacity = index_capacity ? index_capacity * 2 : 256;
        index_of = ckpt_untracked_realloc(index_of, index_capacity * sizeof *index_of);
        if (!index_of)
            ckpt_fatal("out of memory while saving the stack");
    }
    index_of[frame_count++] = offset;
}

void ckpt_frames_reset(void)
{
    used = 0;
    frame_count = 0;
    next_frame = 0;
}

unsigned char *ckpt_frame_save(uint64_t function_id, int label, size_t size)
{
    if (size > UINT32_MAX - sizeof(struct frame_header))
        ckpt_fatal("a frame of %zu bytes is too large to save (function id %016llx, label %d)",
                   size, (unsigned long long)function_id, label);
    size_t at = used;
    struct frame_header h = {function_id, label, (uint32_t)size};
    memcpy(grow(sizeof h + size), &h, sizeof h);
    remember(at);
    return bytes + at + sizeof h;
}

const void *ckpt_frames_bytes(size_t *size)
{
    *size = used;
    return bytes;
}

size_t ckpt_frames_count(void)
{
    return frame_count;
}

int ckpt_frames_load(const void *data, size_t size, char *err, size_t errlen)
{
    ckpt_frames_reset();
    memcpy(grow(size), data, size);
    for (size_t at = 0; at < size;) {
        struct frame_header h;
        if (size - at < sizeof h) {
            snprintf(err, errlen, "saved stack is truncated");
            return -1;
        }
        memcpy(&h, bytes + at, sizeof h);
        if (h.label <= 0 || h.size > size - at - sizeof h) {
            snprintf(err, errlen, "saved stack record %zu is malformed", frame_count);
            return -1;
        }
        remember(at);
        at += sizeof h + h.size;
    }
    if (frame_count == 0) {
        snprintf(err, errlen, "saved stack is empty");
        return -1;
    }
    return 0;
}

void ckpt_frames_begin_restore(void)
{
    next_frame = frame_count;
    read_at = read_end = 0;
}

int ckpt_frames_all_restored(void)
{
    return next_frame == 0;
}

int ckpt_resume_label(uint64_t function_id)
{
    if (next_frame == 0)
        ckpt_fatal("the saved stack has fewer frames than the program is entering: the "
                   "checkpoint does not match this program");
    struct frame_header h;
    size_t at = index_of[--next_frame];
    memcpy(&h, bytes + at, sizeof h);
    if (h.function_id != function_id)
        ckpt_fatal("saved frame %zu belongs to another function (id %016llx, entering %016llx): "
                   "the checkpoint does not match this program",
                   frame_count - next_frame, (unsigned long long)h.function_id,
                   (unsigned long long)function_id);
    read_at = at + sizeof h;
    read_end = read_at + h.size;
    return h.label;
}

const unsigned char *ckpt_frame_next(size_t n)
{
    if (n > read_end - read_at)
        ckpt_fatal("a saved frame is shorter than the locals it should hold: the checkpoint "
                   "does not match this program");
    const unsigned char *p = bytes + read_at;
    read_at += n;
    return p;
}

const unsigned char *ckpt_frame_rest(size_t n)
{
    if (n != read_end - read_at)
        ckpt_fatal("a saved frame holds %zu bytes of locals where this program restores %zu: "
                   "the checkpoint does not match this program",
                   read_end - read_at, n);
    return ckpt_frame_next(n);
}

void ckpt_check_address(const void *address, const unsigned char *saved_bytes, const char *what)
{
    const void *saved;
    memcpy(&saved, saved_bytes, sizeof saved);
    if (saved != address)
        ckpt_fatal("the variable-length array %s is at %p after the stack was rebuilt, but was "
                   "at %p when the checkpoint was taken, and pointers to it may be held "
                   "elsewhere: the stack was not rebuilt as it was laid out (code that moves "
                   "the stack pointer unseen, such as inline assembly?)",
                   what, address, saved);
}
