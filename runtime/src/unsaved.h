/* Memory the program maps itself, and threads it starts. Anonymous private
 * mappings (mmap with MAP_PRIVATE | MAP_ANONYMOUS where the kernel chooses
 * the address) are served from the checkpoint heap, and so saved; munmap,
 * mremap and mprotect on them are handled there. What a checkpoint does not
 * save: shared and file mappings, anonymous ones at a fixed address or
 * beyond the heap's reserve, System V shared memory (shmat), and threads.
 * Wrappers its calls are linked to keep a list; each
 * checkpoint reports, once for each, what is still there, naming the
 * mapping or thread: after a recovery it is gone, and the program must
 * make it again (ckpt_on_recovery). Never silence. */
#ifndef AALC_UNSAVED_H
#define AALC_UNSAVED_H

/* Called while a checkpoint is taken. */
void ckpt_unsaved_report(void);

#endif
