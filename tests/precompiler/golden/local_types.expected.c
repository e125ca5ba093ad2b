#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "local_types.c"
/* Locals of every kind of type are saved and restored whole, by value:
 * scalars, structs (also as parameters), unions, arrays (also of arrays),
 * pointers (also to locals of the same frame, which stay valid because the
 * stack is at a fixed address), function pointers, enums, typedefs of
 * anonymous structs, const and volatile locals. */
#include <stddef.h>

struct point {
    double x, y;
};
union value {
    int i;
    double d;
    unsigned char bytes[8];
};
typedef struct {
    int len;
    char text[16];
} label_t;
enum mode { FAST, SLOW };

void consume(const void *p, size_t n);

double shapes(struct point origin, int count, const char *name)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x42b8cd505d57df76ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 26 "local_types.c"
    struct point corner = {origin.x + 1, origin.y + 1};
    union value v;
    int grid[3][4] = {{0}};
    char buf[32];
    int *cursor = &grid[1][2];
    struct point *pp = &corner;
    double (*scale)(double) = NULL;
    enum mode m = SLOW;
    label_t label = {3, "abc"};
    int limit = 10;
    volatile int ticks = 0;
    v.d = 2.5;
    buf[0] = name[0];
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(origin) + CKPT_SIZE(count) + CKPT_SIZE(corner) + CKPT_SIZE(v) +
            CKPT_SIZE(grid) + CKPT_SIZE(buf) + CKPT_SIZE(cursor) + CKPT_SIZE(pp) +
            CKPT_SIZE(scale) + CKPT_SIZE(m) + CKPT_SIZE(label) + CKPT_SIZE(limit) +
            CKPT_SIZE(ticks));
        CKPT_RESTORE(ckpt_from, origin);
        CKPT_RESTORE(ckpt_from, count);
        CKPT_RESTORE(ckpt_from, corner);
        CKPT_RESTORE(ckpt_from, v);
        CKPT_RESTORE(ckpt_from, grid);
        CKPT_RESTORE(ckpt_from, buf);
        CKPT_RESTORE(ckpt_from, cursor);
        CKPT_RESTORE(ckpt_from, pp);
        CKPT_RESTORE(ckpt_from, scale);
        CKPT_RESTORE(ckpt_from, m);
        CKPT_RESTORE(ckpt_from, label);
        CKPT_RESTORE(ckpt_from, limit);
        CKPT_RESTORE(ckpt_from, ticks);
    }
#line 39 "local_types.c"
    consume(buf, sizeof buf);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x42b8cd505d57df76ull, 1,
            CKPT_SIZE(origin) + CKPT_SIZE(count) + CKPT_SIZE(corner) + CKPT_SIZE(v) +
            CKPT_SIZE(grid) + CKPT_SIZE(buf) + CKPT_SIZE(cursor) + CKPT_SIZE(pp) +
            CKPT_SIZE(scale) + CKPT_SIZE(m) + CKPT_SIZE(label) + CKPT_SIZE(limit) +
            CKPT_SIZE(ticks));
        CKPT_SAVE(ckpt_to, origin);
        CKPT_SAVE(ckpt_to, count);
        CKPT_SAVE(ckpt_to, corner);
        CKPT_SAVE(ckpt_to, v);
        CKPT_SAVE(ckpt_to, grid);
        CKPT_SAVE(ckpt_to, buf);
        CKPT_SAVE(ckpt_to, cursor);
        CKPT_SAVE(ckpt_to, pp);
        CKPT_SAVE(ckpt_to, scale);
        CKPT_SAVE(ckpt_to, m);
        CKPT_SAVE(ckpt_to, label);
        CKPT_SAVE(ckpt_to, limit);
        CKPT_SAVE(ckpt_to, ticks);
        return (double){0};
    }
#line 40 "local_types.c"
    ticks++;
    *cursor += count + limit + label.len + (m == SLOW) + ticks;
    if (scale)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(origin) + CKPT_SIZE(corner) + CKPT_SIZE(v) + CKPT_SIZE(grid) +
                CKPT_SIZE(buf) + CKPT_SIZE(pp) + CKPT_SIZE(scale) + CKPT_SIZE(ticks));
            CKPT_RESTORE(ckpt_from, origin);
            CKPT_RESTORE(ckpt_from, corner);
            CKPT_RESTORE(ckpt_from, v);
            CKPT_RESTORE(ckpt_from, grid);
            CKPT_RESTORE(ckpt_from, buf);
            CKPT_RESTORE(ckpt_from, pp);
            CKPT_RESTORE(ckpt_from, scale);
            CKPT_RESTORE(ckpt_from, ticks);
        }
#line 43 "local_types.c"
        double ckpt_result_2 = scale(v.d);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x42b8cd505d57df76ull, 2,
                CKPT_SIZE(origin) + CKPT_SIZE(corner) + CKPT_SIZE(v) + CKPT_SIZE(grid) +
                CKPT_SIZE(buf) + CKPT_SIZE(pp) + CKPT_SIZE(scale) + CKPT_SIZE(ticks));
            CKPT_SAVE(ckpt_to, origin);
            CKPT_SAVE(ckpt_to, corner);
            CKPT_SAVE(ckpt_to, v);
            CKPT_SAVE(ckpt_to, grid);
            CKPT_SAVE(ckpt_to, buf);
            CKPT_SAVE(ckpt_to, pp);
            CKPT_SAVE(ckpt_to, scale);
            CKPT_SAVE(ckpt_to, ticks);
            return (double){0};
        }
        v.d = ckpt_result_2;
        }
#line 44 "local_types.c"
    return pp->x + v.d + grid[1][2] + origin.y;
}
// REACHES: * consume
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U local_types.c\n"
    "R shapes\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
