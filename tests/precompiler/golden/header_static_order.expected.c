#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "header_static_order.c"
/* Static functions of headers declared in one header and defined in a later
 * one, with other types in the definition's prototype: each copy is declared
 * as the first header declares it, after that header's #include, where the
 * types of that prototype are known, and the file's code between the two
 * headers calls the copy. The first header is included twice (its guard keeps
 * the second one empty; the first one names it by a macro) and the two
 * headers' functions call each other. */
#define HEADER_A "header_static_order_a.h"
#include HEADER_A
#line 9 "./header_static_order_a.h"
static int ckpt_header_use_box(struct box *b);
#line 10 "./header_static_order_a.h"
static void ckpt_header_pong(int n);
#line 12 "./header_static_order_a.h"
static inline int ckpt_header_first(struct box *b) {
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0x5cdb4f0a152d7ecfull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 12 "./header_static_order_a.h"
                                                     { 
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
    CKPT_RESTORE(ckpt_from, b);
}
#line 12 "./header_static_order_a.h"
                                                       int ckpt_value_2_1 = ckpt_header_use_box(b);
if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
    unsigned char *ckpt_to = ckpt_frame_save(0x5cdb4f0a152d7ecfull, 1, CKPT_SIZE(b));
    CKPT_SAVE(ckpt_to, b);
    return (int){0};
}
#line 12 "./header_static_order_a.h"
                                                                                                    return ckpt_value_2_1 + 1; } }
#line 14 "./header_static_order_a.h"
static void ckpt_header_ping(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xf33a4f1be749f352ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 16 "./header_static_order_a.h"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 16 "./header_static_order_a.h"
    work(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xf33a4f1be749f352ull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 17 "./header_static_order_a.h"
    if (n > 0)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 18 "./header_static_order_a.h"
        ckpt_header_pong(n - 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xf33a4f1be749f352ull, 2, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
        }
#line 19 "./header_static_order_a.h"
}
static __typeof__(ping) *const ckpt_header_ping_original __attribute__((__unused__)) = ping;
#line 10 "header_static_order.c"

static void ckpt_header_pong(int n); /* a declaration in the file names the copy too */

static int early(struct box *b) {
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0x684f7144a79fabf0ull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 13 "header_static_order.c"
                                  { 
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
    CKPT_RESTORE(ckpt_from, b);
}
#line 13 "header_static_order.c"
                                    int ckpt_value_2_2 = ckpt_header_use_box(b);
if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
    unsigned char *ckpt_to = ckpt_frame_save(0x684f7144a79fabf0ull, 1, CKPT_SIZE(b));
    CKPT_SAVE(ckpt_to, b);
    return (int){0};
}
#line 13 "header_static_order.c"
                                                                                 return ckpt_value_2_2 * 2; } }

#include "header_static_order_a.h"
#include "header_static_order_b.h" /* defines what the first one declares,
                                      and the copies go after this comment */
#line 11 "./header_static_order_b.h"
static int ckpt_header_use_box(box_t *b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x18e1f723d7e03ddcull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 13 "./header_static_order_b.h"
#define VALUE(b) ((b)->v)
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, b);
    }
#line 14 "./header_static_order_b.h"
    work(VALUE(b));
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x18e1f723d7e03ddcull, 1, CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 15 "./header_static_order_b.h"
    return VALUE(b);
#undef VALUE
}
static __typeof__(use_box) *const ckpt_header_use_box_original __attribute__((__unused__)) = use_box;
#line 19 "./header_static_order_b.h"
static void ckpt_header_pong(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa587467b7f4588ebull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 21 "./header_static_order_b.h"
    if (n > 0)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 22 "./header_static_order_b.h"
        ckpt_header_ping(n - 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa587467b7f4588ebull, 1, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
        }
#line 23 "./header_static_order_b.h"
}
static __typeof__(pong) *const ckpt_header_pong_original __attribute__((__unused__)) = pong;
#line 18 "header_static_order.c"

void work(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xb70cfd978b5b3db9ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 21 "header_static_order.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xb70cfd978b5b3db9ull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
        ckpt_resume_finished();
    }
#line 22 "header_static_order.c"
    (void)i;
}

int run(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xaa47000e8fb222f4ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 27 "header_static_order.c"
    box_t b = {n};
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 28 "header_static_order.c"
    ckpt_header_ping(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xaa47000e8fb222f4ull, 1, CKPT_SIZE(n) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 29 "header_static_order.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 29 "header_static_order.c"
    ckpt_header_pong(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xaa47000e8fb222f4ull, 2, CKPT_SIZE(n) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 30 "header_static_order.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, b);
    }
#line 30 "header_static_order.c"
      int ckpt_value_2_3 = ckpt_header_first(&b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xaa47000e8fb222f4ull, 3, CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 30 "header_static_order.c"
                                                  
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_2_3));
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, ckpt_value_2_3);
    }
#line 30 "header_static_order.c"
                                                  int ckpt_value_2_4 = early(&b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xaa47000e8fb222f4ull, 4,
            CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_2_3));
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, ckpt_value_2_3);
        return (int){0};
    }
#line 30 "header_static_order.c"
                                                                                  return ckpt_value_2_3 + ckpt_value_2_4; }
}
// NORMALIZED-LINES: 30
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_static_order.c\n"
    "R header_static_order.c#ckpt_header_first\n"
    "R header_static_order.c#ckpt_header_ping\n"
    "R header_static_order.c#ckpt_header_pong\n"
    "R header_static_order.c#ckpt_header_use_box\n"
    "R header_static_order.c#early\n"
    "R run\n"
    "R work\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
