/* ckpt_recovered() and ckpt_on_recovery(): what a program needs to redo
 * itself after a recovery (reconnect a socket, reopen a device).
 *
 * The table and the count go into every image (CKPT_SECTION_CALLBACKS; the
 * runtime's own variables are not among the saved globals): what was
 * registered before a checkpoint is there in the process that recovers from
 * it, and the count goes on from the checkpoint's. Function and argument
 * pointers stay valid: the executable is not position-independent and the
 * heap comes back at its addresses. */
#include "recovery_callbacks.h"

#include "image.h"
#include "log.h"

#include <aalc/ckpt.h>
#include <stdio.h>
#include <string.h>

#define CALLBACKS_MAX 32

static struct {
    unsigned recoveries;
    unsigned count;
    struct {
        void (*fn)(void *);
        void *arg;
    } at[CALLBACKS_MAX];
} saved;

int ckpt_in_recovery_callbacks;

unsigned ckpt_recovered(void)
{
    return saved.recoveries;
}

int ckpt_on_recovery(void (*fn)(void *), void *arg)
{
    if (!fn || saved.count == CALLBACKS_MAX)
        return -1;
    saved.at[saved.count].fn = fn;
    saved.at[saved.count].arg = arg;
    saved.count++;
    return 0;
}

void ckpt_run_recovery_callbacks(void)
{
    saved.recoveries++;
    /* A callback may run instrumented code: no checkpoint may start inside
     * it, the runtime's own frames are below it. */
    ckpt_in_recovery_callbacks = 1;
    for (unsigned i = 0; i < saved.count; i++)
        saved.at[i].fn(saved.at[i].arg);
    ckpt_in_recovery_callbacks = 0;
    if (saved.count)
        ckpt_info(2, "ran %u recovery callback%s (recovery %u)", saved.count,
                  saved.count == 1 ? "" : "s", saved.recoveries);
}

int ckpt_recovery_callbacks_save(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    return ckpt_image_add_section(w, CKPT_SECTION_CALLBACKS, 0, &saved, sizeof saved, err,
                                  errlen);
}

int ckpt_recovery_callbacks_check(const struct ckpt_image *img, char *err, size_t errlen)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_CALLBACKS, 0);
    if (!s || s->size != sizeof saved ||
        ((const __typeof__(saved) *)s->data)->count > CALLBACKS_MAX) {
        snprintf(err, errlen, "saved recovery callbacks missing or inconsistent");
        return -1;
    }
    return 0;
}

void ckpt_recovery_callbacks_restore(const struct ckpt_image *img)
{
    memcpy(&saved, ckpt_image_find(img, CKPT_SECTION_CALLBACKS, 0)->data, sizeof saved);
}
