/* What the unit tests share about the machine they run on. */
#ifndef AALC_TEST_SUPPORT_H
#define AALC_TEST_SUPPORT_H

#include <stdio.h>
#include <sys/utsname.h>

/* Moving pages out of an image needs Linux 5.13 for a file's pages
 * (MREMAP_DONTUNMAP on file mappings). */
static inline int kernel_moves_file_pages(void)
{
    struct utsname u;
    int major = 0, minor = 0;
    return uname(&u) == 0 && sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
           (major > 5 || (major == 5 && minor >= 13));
}

#endif
