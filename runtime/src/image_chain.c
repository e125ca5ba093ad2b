/* An incremental image's link to its parent (image_chain.h). */
#include "image_chain.h"

#include "heap_records.h"

#include <stdio.h>
#include <string.h>

/* The image's chain record; a full image written without one reads as zeros. */
static int chain_record(const struct ckpt_image *img, struct ckpt_image_chain *link, char *err,
                        size_t errlen)
{
    const struct ckpt_image_section *c = ckpt_image_find(img, CKPT_SECTION_CHAIN, 0);
    memset(link, 0, sizeof *link);
    if (c && c->size != sizeof *link) {
        snprintf(err, errlen, "its chain record is of the wrong size");
        return -1;
    }
    if (c)
        memcpy(link, c->data, sizeof *link);
    return 0;
}

int ckpt_image_chain_parent(const struct ckpt_image *img, uint64_t n, unsigned depth,
                            unsigned longest, uint64_t *parent, char *err, size_t errlen)
{
    struct ckpt_image_chain link;
    *parent = 0;
    if (chain_record(img, &link, err, errlen) != 0)
        return -1;
    if (!ckpt_heap_image_has_same(ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0)))
        return 0;
    if (link.parent == 0 || link.parent >= n || depth + 1 >= longest) {
        snprintf(err, errlen, "its heap needs an earlier image, and it names none it can have "
                 "(a chain is at most %u images)", longest);
        return -1;
    }
    *parent = link.parent;
    return 0;
}

int ckpt_image_chain_check(const struct ckpt_image *img, const struct ckpt_image *parent,
                           char *err, size_t errlen)
{
    struct ckpt_image_chain link, parent_link;
    char why[256];
    if (chain_record(img, &link, err, errlen) != 0)
        return -1;
    if (chain_record(parent, &parent_link, why, sizeof why) != 0 ||
        parent_link.id != link.parent_id) {
        snprintf(err, errlen, "it is incremental, and checkpoint %llu's image is not the one it "
                 "was written against", (unsigned long long)link.parent);
        return -1;
    }
    if (ckpt_heap_image_check_parent(ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0),
                                     ckpt_image_find(parent, CKPT_SECTION_HEAP_RANGES, 0), why,
                                     sizeof why) != 0) {
        snprintf(err, errlen, "against checkpoint %llu's image: %s",
                 (unsigned long long)link.parent, why);
        return -1;
    }
    return 0;
}
