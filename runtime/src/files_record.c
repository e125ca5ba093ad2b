#include "files_record.h"

#include "image.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int ckpt_files_each_saved(const struct ckpt_image_section *s,
                          void (*fn)(const struct saved_fd *, const char *,
                                     const struct saved_files *),
                          struct saved_files *header_out)
{
    struct saved_files header;
    if (s->size < sizeof header)
        return -1;
    memcpy(&header, s->data, sizeof header);
    if (header_out)
        *header_out = header;
    size_t at = sizeof header;
    for (uint64_t i = 0; i < header.count; i++) {
        struct saved_fd r;
        if (s->size - at < sizeof r)
            return -1;
        memcpy(&r, (const char *)s->data + at, sizeof r);
        at += sizeof r;
        size_t padded = ((size_t)r.path_length + 7) & ~(size_t)7;
        if (r.fd < 0 || r.fd >= MAX_FD || r.path_length >= PATH_MAX || s->size - at < padded ||
            (r.kind == FD_STD_ALIAS && (r.alias_of < 0 || r.alias_of > 2)))
            return -1;
        char path[PATH_MAX];
        memcpy(path, (const char *)s->data + at, r.path_length);
        path[r.path_length] = '\0';
        at += padded;
        if (fn)
            fn(&r, path, &header);
    }
    return at == s->size ? 0 : -1;
}

int ckpt_files_check(const struct ckpt_image *img, char *err, size_t errlen)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_FILES, 0);
    if (!s || ckpt_files_each_saved(s, NULL, NULL) != 0) {
        snprintf(err, errlen, "saved open files missing or inconsistent");
        return -1;
    }
    return 0;
}
