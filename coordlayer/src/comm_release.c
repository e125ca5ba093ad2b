/* Letting go of freed communicators (comm_release.h says when and why). */
#include "comm_release.h"

#include "files.h"
#include "handle_bits.h"
#include "objects.h"

#include <aalc/ckpt_layer_services.h>
#include <string.h>

/* Creation keys (never 0), each with a flag and two counts, in an
 * open-addressing table. */
struct key_entry {
    unsigned char flag;
    uint32_t members, votes;
};
struct key_table {
    uint64_t *keys;
    struct key_entry *at;
    size_t capacity, n; /* capacity: a power of two, or 0 */
};

static size_t slot_of(const struct key_table *t, uint64_t key)
{
    size_t i = (size_t)(key * 0x9e3779b97f4a7c15ULL) & (t->capacity - 1);
    while (t->keys[i] && t->keys[i] != key)
        i = (i + 1) & (t->capacity - 1);
    return i;
}

static void table_clear(struct key_table *t)
{
    ckpt_untracked_free(t->keys);
    ckpt_untracked_free(t->at);
    memset(t, 0, sizeof *t);
}

static void table_grow(struct key_table *t)
{
    struct key_table bigger = {NULL, NULL, t->capacity ? 2 * t->capacity : 64, 0};
    bigger.keys = ckpt_untracked_malloc(sizeof *bigger.keys * bigger.capacity);
    bigger.at = ckpt_untracked_malloc(sizeof *bigger.at * bigger.capacity);
    memset(bigger.keys, 0, sizeof *bigger.keys * bigger.capacity);
    for (size_t i = 0; i < t->capacity; i++)
        if (t->keys[i]) {
            size_t j = slot_of(&bigger, t->keys[i]);
            bigger.keys[j] = t->keys[i];
            bigger.at[j] = t->at[i];
            bigger.n++;
        }
    table_clear(t);
    *t = bigger;
}

/* The key's entry, added (zeroed) if new. */
static struct key_entry *table_at(struct key_table *t, uint64_t key)
{
    if (2 * (t->n + 1) > t->capacity)
        table_grow(t);
    size_t i = slot_of(t, key);
    if (!t->keys[i]) {
        t->keys[i] = key;
        memset(&t->at[i], 0, sizeof t->at[i]);
        t->n++;
    }
    return &t->at[i];
}

static int table_has(const struct key_table *t, uint64_t key)
{
    return t->capacity && t->keys[slot_of(t, key)] == key;
}

static struct key_table votes;  /* this rank's, at its checkpoint: flag = keep */
static struct key_table tally;  /* coordinator: flag = some rank keeps */
static struct key_table agreed; /* nobody keeps these: forgotten at the commit */

void cl_comm_release_vote(void)
{
    table_clear(&votes);
    unsigned char *needed = cl_objects_needed(1);
    cl_files_keep_comms(needed);
    for (int i = CL_SELF + 1; i < cl_nobjects; i++) {
        const struct cl_object *o = &cl_objects[i];
        if (o->kind != CL_OBJ_COMM || !o->made_by || o->freed == CL_RECLAIMED)
            continue;
        struct key_entry *e = table_at(&votes, o->made_by);
        e->flag |= needed[i] != 0;
        e->members = o->made_by_members;
    }
    ckpt_untracked_free(needed);
}

void cl_comm_release_report(void (*send)(uint64_t key, int keep, uint32_t members))
{
    for (size_t i = 0; i < votes.capacity; i++)
        if (votes.keys[i])
            send(votes.keys[i], votes.at[i].flag, votes.at[i].members);
    table_clear(&votes);
}

void cl_comm_release_tally(uint64_t key, int keep, uint32_t members)
{
    struct key_entry *e = table_at(&tally, key);
    e->flag |= keep != 0;
    e->votes++;
    if (members > e->members)
        e->members = members;
}

void cl_comm_release_announce(void (*send)(int rank, uint64_t key), int nranks)
{
    /* Only when every rank that made it voted: one that had not made it
     * yet at its checkpoint (it was behind) may keep it. */
    for (int r = 0; r < nranks; r++)
        for (size_t i = 0; i < tally.capacity; i++)
            if (tally.keys[i] && !tally.at[i].flag && tally.at[i].votes == tally.at[i].members)
                send(r, tally.keys[i]);
    table_clear(&tally);
}

void cl_comm_release_tally_reset(void)
{
    table_clear(&tally);
}

void cl_comm_release_agreed(uint64_t key)
{
    table_at(&agreed, key)->flag = 1;
}

void cl_comm_release_settled(int committed)
{
    if (committed && agreed.n) {
        unsigned char *gone = ckpt_untracked_malloc((size_t)cl_nobjects + 1);
        memset(gone, 0, (size_t)cl_nobjects + 1);
        for (int i = CL_SELF + 1; i < cl_nobjects; i++) {
            const struct cl_object *o = &cl_objects[i];
            /* Every holder voted it may go: freed and unused then, so now. */
            gone[i] = o->kind == CL_OBJ_COMM && o->freed == 1 && o->made_by &&
                      table_has(&agreed, o->made_by);
        }
        cl_objects_forget(gone);
        ckpt_untracked_free(gone);
    }
    table_clear(&agreed);
}
