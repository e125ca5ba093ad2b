/* The format of the open-files section (CKPT_SECTION_FILES), and its
 * parser: apart from files.c's wrappers, so that the reader can be checked
 * (and fuzzed) on its own. The section is a header, then one record per
 * descriptor, each followed by its path padded to 8 bytes. */
#ifndef AALC_FILES_RECORD_H
#define AALC_FILES_RECORD_H

#include "files.h"

#include <stddef.h>
#include <stdint.h>

/* Descriptors tracked: the program's from CKPT_FILES_FIRST_FD, plus the
 * standard ones it redirects. */
#define MAX_FD (CKPT_FILES_FIRST_FD + 1536)

enum fd_kind {
    FD_FILE = 1,  /* opened by name: opened again by name */
    FD_STD_ALIAS, /* a duplicate of standard input, output or error */
    FD_PIPE,      /* cannot come back: reported */
    FD_SOCKET,
};

struct saved_fd {
    int32_t fd, description, kind, alias_of;
    int32_t flags;
    uint32_t path_length;
    int64_t offset, length;
    uint64_t device, inode, stream, buffer;
    int64_t changed_s, changed_ns; /* st_ctim: a file only read must not have changed */
};

struct saved_files {
    uint64_t count;
    uint64_t libc_start, libc_end; /* where the C library was (streams point into it) */
};

struct ckpt_image_section;

/* Walks the section: calls fn (if any) for each record with its path, as a
 * string; -1 when the section does not parse. header_out, if given, gets
 * the header. */
int ckpt_files_each_saved(const struct ckpt_image_section *s,
                          void (*fn)(const struct saved_fd *, const char *,
                                     const struct saved_files *),
                          struct saved_files *header_out);

#endif
