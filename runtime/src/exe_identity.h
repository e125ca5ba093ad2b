/* Identity of the running executable, stored in every image so that a
 * checkpoint from another program (or another build) is refused. */
#ifndef AALC_EXE_IDENTITY_H
#define AALC_EXE_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

/* The GNU build-id of the main executable, or an XXH3-64 of /proc/self/exe
 * when it has none. Returns the length written to out (<= max), 0 on failure. */
uint32_t ckpt_exe_identity(uint8_t *out, uint32_t max);

#endif
