/* Which heap pages changed since the previous image (see heap_delta.h). */
#define XXH_INLINE_ALL
#include "heap_delta.h"

#include "heap.h"

#include <aalc/ckpt_layer_services.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

struct page_entry {
    XXH128_hash_t hash;
    uint64_t image; /* the image whose saved bytes the hash is of; 0: none */
};

static struct {
    struct page_entry *pages;
    size_t count;             /* entries allocated */
    uint64_t number, parent;  /* the image being made (0: none since forgotten), its parent */
    XXH128_hash_t zero_page;
    size_t page_size;
} table;

int ckpt_heap_delta_begin(uint64_t number, uint64_t parent)
{
    if (!table.page_size) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        void *zeros = ckpt_untracked_malloc(page);
        if (!zeros)
            return -1;
        memset(zeros, 0, page);
        table.zero_page = XXH3_128bits(zeros, page);
        ckpt_untracked_free(zeros);
        table.page_size = page;
    }
    /* Saved ranges are rounded out to whole pages: one past the used extent. */
    size_t need = (ckpt_heap_used() + 2 * table.page_size - 1) / table.page_size;
    if (need > table.count) {
        struct page_entry *grown = ckpt_untracked_realloc(table.pages, need * sizeof *grown);
        if (!grown) {
            ckpt_heap_delta_forget();
            return -1;
        }
        memset(grown + table.count, 0, (need - table.count) * sizeof *grown);
        table.pages = grown;
        table.count = need;
    }
    table.number = number;
    table.parent = parent;
    return 0;
}

static struct page_entry *entry_of(uintptr_t page)
{
    size_t i = (page - ckpt_heap_base()) / table.page_size;
    return i < table.count ? &table.pages[i] : NULL;
}

static int record(uintptr_t page, XXH128_hash_t hash)
{
    struct page_entry *e = entry_of(page);
    if (!e)
        return 0;
    int same = table.parent != 0 && e->image == table.parent && XXH128_isEqual(e->hash, hash);
    e->hash = hash;
    e->image = table.number;
    return same;
}

int ckpt_heap_delta_same(uintptr_t page)
{
    return record(page, XXH3_128bits((const void *)page, table.page_size));
}

void ckpt_heap_delta_zero(uintptr_t page)
{
    record(page, table.zero_page);
}

uint64_t ckpt_heap_delta_table_image(void)
{
    return table.number;
}

void ckpt_heap_delta_forget(void)
{
    /* Stamps of no image: nothing matches a parent any more. */
    if (table.pages)
        memset(table.pages, 0, table.count * sizeof *table.pages);
    table.number = 0;
}
