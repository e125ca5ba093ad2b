/* The program's own recovery callbacks (ckpt_on_recovery in aalc/ckpt.h). */
#ifndef AALC_RECOVERY_CALLBACKS_H
#define AALC_RECOVERY_CALLBACKS_H

/* In a recovered process, once its stack is rebuilt and the layer has
 * resumed, before the program goes on: counts the recovery and calls every
 * registered callback, in the order of registration. */
void ckpt_run_recovery_callbacks(void);
/* The table in an image: added at a checkpoint, checked, and put back
 * before the stack is rebuilt. */
#include <stddef.h>
struct ckpt_image_writer;
struct ckpt_image;
int ckpt_recovery_callbacks_save(struct ckpt_image_writer *w, char *err, size_t errlen);
int ckpt_recovery_callbacks_check(const struct ckpt_image *img, char *err, size_t errlen);
void ckpt_recovery_callbacks_restore(const struct ckpt_image *img);
/* Set while they run: no checkpoint starts then. */
extern int ckpt_in_recovery_callbacks;

#endif
