/* The collapsed stack: one record per instrumented frame, appended innermost
 * first while collapsing, consumed outermost first while rebuilding.
 * Record layout: u64 function id, i32 label, u32 size of the locals, locals. */
#ifndef AALC_FRAMES_H
#define AALC_FRAMES_H

#include <stddef.h>

void ckpt_frames_reset(void);
/* The saved records, for the image. */
const void *ckpt_frames_bytes(size_t *size);
/* Replace the records with ones read from an image; 0 or -1 when malformed. */
int ckpt_frames_load(const void *bytes, size_t size, char *err, size_t errlen);
/* Start handing records out, outermost first. */
void ckpt_frames_begin_restore(void);
/* Frames saved by the last collapse. */
size_t ckpt_frames_count(void);
/* Have all records been handed out? */
int ckpt_frames_all_restored(void);

#endif
