/* The object table, the recipes, and building objects again on recovery
 * (objects.h says why). */
#include "objects.h"

#include "coll.h"
#include "coord.h"
#include "errhandlers.h"
#include "files.h"
#include "handle_bits.h"
#include "piggyback.h"
#include "registries.h"
#include "requests.h"
#include "sessions.h"
#include "topologies.h"
#include "type_contents.h"
#include "user_ops.h"

#include <aalc/ckpt_layer_services.h>
#include <string.h>

static const char *const kind_names[CL_OBJ_KINDS] = {"communicator", "group", "datatype",
                                                     "reduction operation", "error handler",
                                                     "session"};

struct cl_object *cl_objects;
int cl_nobjects;
static int objects_capacity;

struct recipe {
    int32_t call, object, nargs;
    int64_t *args;
};
static struct recipe *recipes;
static int nrecipes, recipes_capacity;

/* Slots of reclaimed objects, for the next objects (see "reclaiming freed
 * objects" below, and comm_release.c for communicators). */
static int *free_slots;
static int nfree_slots, free_slots_capacity;
static int frees_since_sweep;
/* The slots that were free when this rank took its checkpoint: the only
 * ones a communicator made while collectives are logged may take, since a
 * recovery puts it back at its index (coll_log.c), which must be free in the
 * table the image holds. Both lists may name slots taken since: skipped. */
static int *window_slots;
static int nwindow_slots, window_slots_capacity;
static int last_freed; /* its slot is handed out first, as MPICH does with its handles */

/* Per communicator, its ranks as world ranks and its size (built when first
 * needed, not saved; forgotten when its slot is, cl_objects_forget). */
static int **world_ranks;
static int *comm_sizes;
static int world_ranks_capacity;


void cl_bad_handle(cl_bits handle, int kind)
{
    ckpt_fatal("invalid %s handle %#lx passed to MPI (not one this program created)",
               kind_names[kind], (unsigned long)handle);
}

int *cl_group_ranks_in(MPI_Group group, MPI_Group other, int *n)
{
    PMPI_Group_size(group, n);
    int *mine = ckpt_untracked_malloc(sizeof(int) * (size_t)(*n + 1));
    int *theirs = ckpt_untracked_malloc(sizeof(int) * (size_t)(*n + 1));
    for (int i = 0; i < *n; i++)
        mine[i] = i;
    PMPI_Group_translate_ranks(group, *n, mine, other, theirs);
    ckpt_untracked_free(mine);
    return theirs;
}

int *cl_group_world_ranks(MPI_Group group, int *n)
{
    MPI_Group world;
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    int *ranks = cl_group_ranks_in(group, world, n);
    PMPI_Group_free(&world);
    return ranks;
}

static void know_ranks(int comm)
{
    if (comm >= world_ranks_capacity) {
        int old = world_ranks_capacity, sizes_capacity = world_ranks_capacity;
        world_ranks = cl_grow(world_ranks, &world_ranks_capacity, comm + 1, sizeof *world_ranks);
        comm_sizes = cl_grow(comm_sizes, &sizes_capacity, world_ranks_capacity,
                             sizeof *comm_sizes);
        memset(world_ranks + old, 0, sizeof *world_ranks * (size_t)(world_ranks_capacity - old));
    }
    if (!world_ranks[comm]) {
        MPI_Group group;
        /* Point-to-point on an inter-communicator names the remote group's ranks. */
        if (cl_is_inter(cl_comm_at(comm)))
            PMPI_Comm_remote_group(cl_comm_at(comm), &group);
        else
            PMPI_Comm_group(cl_comm_at(comm), &group);
        world_ranks[comm] = cl_group_world_ranks(group, &comm_sizes[comm]);
        PMPI_Group_free(&group);
    }
}

int cl_world_rank_slow(int comm, int rank)
{
    know_ranks(comm);
    return world_ranks[comm][rank];
}

int cl_comm_size(int comm)
{
    know_ranks(comm);
    return comm_sizes[comm];
}

MPI_Datatype *cl_real_types(const MPI_Datatype *types, int n)
{
    MPI_Datatype *t = ckpt_untracked_malloc(sizeof *t * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        t[i] = cl_real_type(types[i]);
    return t;
}

int cl_comm_index_slow(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD)
        return CL_WORLD;
    if (comm == MPI_COMM_SELF)
        return CL_SELF;
    if (!cl_is_virtual(comm, CL_OBJ_COMM))
        ckpt_fatal("communicator handle %#lx is %s", (unsigned long)CL_BITS(comm),
                   comm == MPI_COMM_NULL ? "MPI_COMM_NULL" : "not one this program created");
    int i = cl_index_of(comm);
    if (i >= cl_nobjects || cl_objects[i].kind != CL_OBJ_COMM)
        cl_bad_handle(CL_BITS(comm), CL_OBJ_COMM);
    if (cl_objects[i].freed)
        ckpt_fatal("communicator handle %#lx was freed", (unsigned long)CL_BITS(comm));
    return i;
}

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void sweep_for_last_freed(int kind);
static void push_free_slot(int i);

/* The top free slot of a list, or -1. */
static int pop_free(int *slots, int *n)
{
    while (*n > 0) {
        int i = slots[--*n];
        if (cl_objects[i].freed == CL_RECLAIMED)
            return i;
    }
    return -1;
}

void cl_objects_window_opened(void)
{
    window_slots = cl_grow(window_slots, &window_slots_capacity, nfree_slots + 1,
                           sizeof *window_slots);
    nwindow_slots = 0;
    for (int k = 0; k < nfree_slots; k++) /* the list may name slots taken since */
        if (cl_objects[free_slots[k]].freed == CL_RECLAIMED)
            window_slots[nwindow_slots++] = free_slots[k];
}

static int append_slot(void)
{
    cl_objects = cl_grow(cl_objects, &objects_capacity, cl_nobjects + 1, sizeof *cl_objects);
    if (cl_nobjects > CL_VIRTUAL_INDEX)
        ckpt_fatal("more than %d MPI objects alive or needed to rebuild others: the "
                   "coordination layer's table is full", (int)CL_VIRTUAL_INDEX);
    return cl_nobjects++;
}

static int new_entry(int kind, cl_bits real)
{
    if (kind != CL_OBJ_COMM)
        sweep_for_last_freed(kind);
    int i = kind == CL_OBJ_COMM && cl_coll_busy ? pop_free(window_slots, &nwindow_slots)
                                                 : pop_free(free_slots, &nfree_slots);
    if (i < 0)
        i = append_slot();
    struct cl_object *o = &cl_objects[i];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->real = real;
    return i;
}

void cl_objects_init(void)
{
    cl_nobjects = 0;
    nrecipes = 0;
    nfree_slots = 0;
    frees_since_sweep = 0;
    new_entry(CL_OBJ_COMM, CL_BITS(MPI_COMM_WORLD));
    new_entry(CL_OBJ_COMM, CL_BITS(MPI_COMM_SELF));
    cl_objects[CL_WORLD].name = 1;
    cl_objects[CL_SELF].name = mix64(2 + (uint64_t)cl.rank); /* one per rank */
}

static void append_recipe(int call, int object, const int64_t *args, int nargs)
{
    recipes = cl_grow(recipes, &recipes_capacity, nrecipes + 1, sizeof *recipes);
    struct recipe *r = &recipes[nrecipes++];
    r->call = call;
    r->object = object;
    r->nargs = nargs;
    r->args = ckpt_untracked_malloc(sizeof *args * (size_t)(nargs + 1));
    memcpy(r->args, args, sizeof *args * (size_t)nargs);
}

static void check_recorded(int call, int kind, const int64_t *args, int nargs);

void cl_recipe_add(int call, int object, const int64_t *args, int nargs)
{
    check_recorded(call, cl_objects[object].kind, args, nargs);
    append_recipe(call, object, args, nargs);
}

cl_bits cl_object_add(int kind, cl_bits real, int call, const int64_t *args, int nargs)
{
    check_recorded(call, kind, args, nargs);
    int i = new_entry(kind, real);
    append_recipe(call, i, args, nargs);
    return cl_handle_of(i);
}

const int64_t *cl_recipe_find(int index, int call, int *nargs)
{
    for (int j = nrecipes - 1; j >= 0; j--)
        if (recipes[j].object == index && recipes[j].call == call) {
            *nargs = recipes[j].nargs;
            return recipes[j].args;
        }
    return NULL;
}

int64_t cl_recipe_arg(int index, int call, int k)
{
    int nargs = 0;
    const int64_t *args = cl_recipe_find(index, call, &nargs);
    if (args && k < nargs)
        return args[k];
    ckpt_fatal("internal error: no recipe %d for MPI object %d", call, index);
}

int cl_comm_named(uint64_t name)
{
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].name == name)
            return i;
    return -1;
}

int cl_comm_pseudo(uint64_t name)
{
    int i = cl_comm_named(name);
    if (i >= 0)
        return i;
    /* A new slot: a recovery makes the pseudo-communicators of the
     * creations it rebuilds before it puts those at their logged indices. */
    i = cl_object_add_placeholder();
    cl_objects[i].name = name;
    cl_objects[i].freed = 1; /* no handle ever reaches the program */
    return i;
}

uint64_t cl_pseudo_name(int parent, int tag, const int *members, int n)
{
    uint64_t h = mix64(cl_objects[parent].name ^ 0x67726f7570ULL) ^ mix64((uint64_t)tag + 7);
    for (int i = 0; i < n; i++)
        h = mix64(h ^ (uint64_t)members[i]);
    return h;
}

cl_bits cl_virtual_of(cl_bits real, int kind)
{
    for (int i = CL_SELF + 1; i < cl_nobjects; i++)
        if (cl_objects[i].kind == kind && !cl_objects[i].freed && cl_objects[i].real == real)
            return cl_handle_of(i);
    return real;
}

/* Slot i made an empty communicator entry, nothing of what it held left. */
static void clear_comm_slot(int i)
{
    memset(&cl_objects[i], 0, sizeof cl_objects[i]);
    cl_objects[i].kind = CL_OBJ_COMM;
    cl_objects[i].real = CL_BITS(MPI_COMM_NULL);
}

/* Slot i given to the free list. */
static void release_comm_slot(int i)
{
    clear_comm_slot(i);
    cl_objects[i].freed = CL_RECLAIMED;
    push_free_slot(i);
}

int cl_object_place(int index)
{
    while (cl_nobjects <= index) /* free slots up to it */
        release_comm_slot(append_slot());
    if (index <= CL_SELF || cl_objects[index].freed != CL_RECLAIMED)
        return -1;
    clear_comm_slot(index); /* the free lists skip it from now on */
    return 0;
}

int cl_object_add_placeholder(void)
{
    int i = append_slot();
    clear_comm_slot(i);
    return i;
}

int cl_comm_free_real(int index)
{
    MPI_Comm real = cl_comm_at(index);
    int rc = PMPI_Comm_free(&real);
    cl_objects[index].real = CL_BITS(real);
    return rc;
}

void cl_object_free(int index)
{
    if (cl_objects[index].freed != CL_FREED_IN_USE)
        cl_objects[index].freed = 1;
    last_freed = index;
    if (cl_objects[index].kind != CL_OBJ_COMM && ++frees_since_sweep >= CL_SWEEP_EVERY)
        cl_objects_sweep();
}

int64_t *cl_string_args(const char *s, int *words)
{
    size_t length = strlen(s), n = (length + 7) / 8;
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (n + 1));
    memset(args, 0, sizeof *args * (n + 1));
    memcpy(args, s, length);
    *words = (int)n;
    return args;
}

char *cl_args_string(const int64_t *args, int words)
{
    char *s = ckpt_untracked_malloc(sizeof(int64_t) * (size_t)words + 1);
    memcpy(s, args, sizeof(int64_t) * (size_t)words);
    s[sizeof(int64_t) * (size_t)words] = 0;
    return s;
}

/* ---- reclaiming freed objects ----
 *
 * A program that makes and frees a datatype every step would otherwise fill
 * the table, and recovery would build again every type it ever made. So
 * every CL_SWEEP_EVERY frees, the freed objects nothing needs any more lose
 * their recipes and their slots go to new objects. Needed are: objects not
 * freed, every communicator (freeing one is collective, and the protocol
 * keeps counting on its name), the datatypes of requests still in use, and
 * whatever the recipes of needed objects name (a vector built from a freed
 * contiguous type is built from it again on recovery). Recipes come in
 * creation order and name only older objects, so one pass from the newest
 * down marks them all. Not while a non-blocking collective is in flight:
 * its buffers' datatypes are not tracked here. */

/* The table index of a program's handle, or -1 for a predefined one. */
static int index_of(int64_t handle)
{
    for (int kind = 0; kind < CL_OBJ_KINDS; kind++)
        if (cl_bits_virtual((cl_bits)handle, kind)) {
            int i = cl_bits_index((cl_bits)handle);
            return i < cl_nobjects ? i : -1;
        }
    return -1;
}

/* Calls fn with the table index of each object a recipe builds from. */
static void each_ingredient(const struct recipe *r, void (*fn)(void *ctx, int index), void *ctx)
{
    const int64_t *a = r->args;
    int64_t named[3] = {-1, -1, -1};
    switch (r->call) {
    case CL_MAKE_COMM_DUP: case CL_MAKE_COMM_SPLIT: case CL_MAKE_COMM_CART:
    case CL_MAKE_CART_SUB: case CL_MAKE_COMM_GROUP_OF: case CL_MAKE_GROUP_OF_COMM:
    case CL_MAKE_COMM_GRAPH: case CL_MAKE_COMM_DIST_GRAPH: case CL_MAKE_INTERCOMM_MERGE:
    case CL_MAKE_REMOTE_GROUP:
    case CL_MAKE_GROUP_RANKS: case CL_MAKE_TYPE_RESIZED: case CL_MAKE_TYPE_DUP:
    case CL_TYPE_CONTENTS_OF:
        named[0] = a[0];
        break;
    case CL_MAKE_INTERCOMM:
        named[0] = a[0];
        named[1] = (MPI_Comm)a[2] == MPI_COMM_NULL ? -1 : a[2];
        break;
    case CL_MAKE_INTERCOMM_FROM_GROUPS:
        named[0] = a[0];
        named[1] = a[2];
        named[2] = a[4];
        break;
    case CL_SET_ERRHANDLER: case CL_SESSION_SET_ERRHANDLER:
        named[0] = a[1];
        break;
    case CL_MAKE_SESSION: case CL_MAKE_GROUP_FROM_PSET:
        named[0] = a[0];
        break;
    case CL_MAKE_COMM_FROM_GROUP: case CL_MAKE_COMM_FROM_PSET:
        named[0] = a[0];
        named[1] = a[1];
        break;
    case CL_MAKE_GROUP_SET:
        named[0] = a[1];
        named[1] = a[2];
        break;
    case CL_MAKE_TYPE_CONTIGUOUS: named[0] = a[1]; break;
    case CL_MAKE_TYPE_VECTOR: case CL_MAKE_TYPE_HVECTOR: named[0] = a[3]; break;
    case CL_MAKE_TYPE_INDEXED: case CL_MAKE_TYPE_HINDEXED: named[0] = a[1 + 2 * a[0]]; break;
    case CL_MAKE_TYPE_INDEXED_BLOCK: case CL_MAKE_TYPE_HINDEXED_BLOCK:
        named[0] = a[2 + a[0]];
        break;
    case CL_MAKE_TYPE_STRUCT:
        for (int64_t k = 0; k < a[0]; k++)
            if (index_of(a[1 + 2 * a[0] + k]) >= 0)
                fn(ctx, index_of(a[1 + 2 * a[0] + k]));
        break;
    case CL_MAKE_TYPE_SUBARRAY: named[0] = a[2 + 3 * a[0]]; break;
    case CL_MAKE_TYPE_DARRAY: named[0] = a[4 + 4 * a[2]]; break;
    default: break; /* commit names its own type; ops and error handlers name nothing */
    }
    for (int k = 0; k < 3; k++)
        if (index_of(named[k]) >= 0)
            fn(ctx, index_of(named[k]));
}

static void mark(void *needed, int index)
{
    ((unsigned char *)needed)[index] = 1;
}

static void mark_needed_by(const struct recipe *r, unsigned char *needed)
{
    each_ingredient(r, mark, needed);
}

static void push_free_slot(int i)
{
    free_slots = cl_grow(free_slots, &free_slots_capacity, nfree_slots + 1, sizeof *free_slots);
    free_slots[nfree_slots++] = i;
}

/* Gives slot i to the free list if nothing needs what it holds. */
static int reclaim(int i, const unsigned char *needed)
{
    if (i <= CL_SELF || i >= cl_nobjects || needed[i] || cl_objects[i].freed != 1)
        return 0;
    cl_objects[i].freed = CL_RECLAIMED;
    push_free_slot(i);
    return 1;
}

/* Before an object of `kind` is made: when the object freed last is of
 * that kind and still holds its slot, sweep now, which puts that slot on top
 * of the free list if nothing needs it. Its handle then comes back as
 * MPICH's would: programs that keep using a freed datatype's handle for the
 * next type they make (MPICH's own datatype/indexed_misc) work as under
 * MPICH. A sweep per such creation; the table it walks stays small, since
 * every sweep reclaims. */
static void sweep_for_last_freed(int kind)
{
    int i = last_freed;
    if (i > CL_SELF && i < cl_nobjects && cl_objects[i].kind == kind && cl_objects[i].freed == 1)
        cl_objects_sweep();
}

static void mark_datatype(void *needed, MPI_Datatype type)
{
    int index = index_of(CL_ARG(type));
    if (index >= 0)
        mark(needed, index);
}

/* The library's type goes, and what was learnt about its handle. */
static int free_library_type(int index)
{
    cl_type_forget(CL_HANDLE(MPI_Datatype, cl_handle_of(index)));
    MPI_Datatype real = cl_type_at(index);
    int rc = PMPI_Type_free(&real);
    cl_objects[index].real = CL_BITS(real);
    return rc;
}

struct type_search {
    MPI_Datatype type;
    int found;
};

static void find_type(void *ctx, MPI_Datatype type)
{
    struct type_search *s = ctx;
    s->found |= s->type == type;
}

int cl_type_free(int index)
{
    struct type_search search = {CL_HANDLE(MPI_Datatype, cl_handle_of(index)), 0};
    cl_requests_each_datatype(find_type, &search);
    int rc = search.found ? MPI_SUCCESS : free_library_type(index);
    cl_objects[index].freed = search.found ? CL_FREED_IN_USE : 1;
    cl_object_free(index); /* keeps CL_FREED_IN_USE; may sweep */
    return rc;
}

int cl_objects_sweep(void)
{
    if (cl_requests_collective_pending())
        return 0; /* tried again at the next free */
    frees_since_sweep = 0;
    /* Types freed while requests used them: the library's type goes once
     * they are done. */
    unsigned char *in_use = ckpt_untracked_malloc((size_t)cl_nobjects + 1);
    memset(in_use, 0, (size_t)cl_nobjects + 1);
    cl_requests_each_datatype(mark_datatype, in_use);
    for (int i = CL_SELF + 1; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_TYPE && cl_objects[i].freed == CL_FREED_IN_USE &&
            !in_use[i]) {
            free_library_type(i);
            cl_objects[i].freed = 1;
        }
    ckpt_untracked_free(in_use);
    unsigned char *needed = cl_objects_needed(0);
    int kept = 0;
    for (int j = 0; j < nrecipes; j++) {
        if (needed[recipes[j].object])
            recipes[kept++] = recipes[j];
        else
            ckpt_untracked_free(recipes[j].args);
    }
    nrecipes = kept;
    /* The slot freed last goes on top of the free list: a freed handle
     * that comes back at once is what MPICH does too, and what shows a
     * layout remembered past MPI_Type_free (samples/mpi/type_reuse.c). */
    int reclaimed = 0;
    for (int i = cl_nobjects - 1; i > CL_SELF; i--)
        if (i != last_freed)
            reclaimed += reclaim(i, needed);
    reclaimed += reclaim(last_freed, needed);
    ckpt_untracked_free(needed);
    cl.counters.objects_reclaimed += (uint64_t)reclaimed;
    return reclaimed;
}

unsigned char *cl_objects_needed(int comms_by_use)
{
    unsigned char *needed = ckpt_untracked_malloc((size_t)cl_nobjects + 1);
    memset(needed, 0, (size_t)cl_nobjects + 1);
    cl_requests_each_datatype(mark_datatype, needed);
    for (int i = 0; i < cl_nobjects; i++) {
        const struct cl_object *o = &cl_objects[i];
        int comm_kept = o->kind == CL_OBJ_COMM && (!comms_by_use || !o->made_by);
        needed[i] |= o->freed != CL_RECLAIMED &&
                     (comm_kept || !o->freed || o->freed == CL_FREED_IN_USE);
    }
    /* Voting, every communicator still in the table keeps what it is built
     * from, needed or not: whether it goes is agreed by all its holders,
     * so what it is built from may go only once it has (a round later). */
    for (int j = nrecipes - 1; j >= 0; j--) {
        const struct cl_object *o = &cl_objects[recipes[j].object];
        if (needed[recipes[j].object] ||
            (comms_by_use && o->kind == CL_OBJ_COMM && o->freed != CL_RECLAIMED))
            mark_needed_by(&recipes[j], needed);
    }
    return needed;
}

struct gone_search {
    const unsigned char *gone;
    int found;
};

static void find_gone(void *ctx, int index)
{
    struct gone_search *s = ctx;
    s->found |= s->gone[index];
}

/* The slot of a communicator let go: nothing of it stays that a new object
 * in the slot could inherit. */
static void forget_comm(int i)
{
    if (i < world_ranks_capacity) {
        ckpt_untracked_free(world_ranks[i]);
        world_ranks[i] = NULL;
    }
    release_comm_slot(i);
}

int cl_objects_forget(unsigned char *gone)
{
    /* Recipes name only older objects: one pass in creation order finds
     * the freed groups built from what goes, which go with it. Nothing else
     * can be built from it: a needed object, or a communicator, would have
     * kept it (cl_objects_needed). */
    for (int j = 0; j < nrecipes; j++) {
        struct gone_search search = {gone, 0};
        each_ingredient(&recipes[j], find_gone, &search);
        const struct cl_object *o = &cl_objects[recipes[j].object];
        if (search.found && o->freed == 1 && o->kind != CL_OBJ_COMM)
            gone[recipes[j].object] = 1;
    }
    int kept = 0;
    for (int j = 0; j < nrecipes; j++) {
        if (!gone[recipes[j].object])
            recipes[kept++] = recipes[j];
        else
            ckpt_untracked_free(recipes[j].args);
    }
    nrecipes = kept;
    int forgotten = 0;
    for (int i = cl_nobjects - 1; i > CL_SELF; i--) {
        if (!gone[i])
            continue;
        forgotten++;
        if (cl_objects[i].kind == CL_OBJ_COMM) {
            forget_comm(i);
        } else if (cl_objects[i].freed == 1) { /* a group: its slot goes at once */
            cl_objects[i].freed = CL_RECLAIMED;
            push_free_slot(i);
        }
    }
    cl.counters.objects_reclaimed += (uint64_t)forgotten;
    return forgotten;
}

int cl_objects_live(void)
{
    int live = 0;
    for (int i = 0; i < cl_nobjects; i++)
        live += cl_objects[i].freed != CL_RECLAIMED;
    return live;
}

int cl_is_inter(MPI_Comm real)
{
    int inter = 0;
    PMPI_Comm_test_inter(real, &inter);
    return inter;
}

/* World rank of rank 0 of a group; frees the group. */
static int first_world_rank_of(MPI_Group group)
{
    MPI_Group world;
    int zero = 0, first = 0;
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    PMPI_Group_translate_ranks(group, 1, &zero, world, &first);
    PMPI_Group_free(&group);
    PMPI_Group_free(&world);
    return first;
}

int cl_first_remote_world_rank(MPI_Comm real)
{
    MPI_Group group;
    PMPI_Comm_remote_group(real, &group);
    return first_world_rank_of(group);
}

int cl_first_world_rank(MPI_Comm real)
{
    MPI_Group group;
    PMPI_Comm_group(real, &group);
    return first_world_rank_of(group);
}

uint64_t cl_comm_name(int parent, uint64_t parent_seq, MPI_Comm real_new)
{
    /* The new communicator's rank 0, as a world rank, tells apart the
     * communicators one split makes; all their members compute the same. */
    uint64_t first = (uint64_t)cl_first_world_rank(real_new);
    return mix64(cl_objects[parent].name ^ mix64(parent_seq * 0x9e3779b97f4a7c15ULL + first + 1));
}

uint64_t cl_creation_key(uint64_t parent_name, uint64_t parent_seq)
{
    return mix64(parent_name ^ mix64(parent_seq * 0xc2b2ae3d27d4eb4fULL + 0x6d616465ULL)) | 1;
}

uint32_t cl_creation_members(MPI_Comm parent, MPI_Comm made)
{
    MPI_Comm comm = parent != MPI_COMM_NULL ? parent : made;
    if (comm == MPI_COMM_NULL)
        return 0;
    int size = 0, remote = 0;
    PMPI_Comm_size(comm, &size);
    if (cl_is_inter(comm))
        PMPI_Comm_remote_size(comm, &remote);
    return (uint32_t)(size + remote);
}

uint64_t cl_comm_name_inter(uint64_t mine, MPI_Comm real_new)
{
    uint64_t theirs = 0;
    PMPI_Allreduce(&mine, &theirs, 1, MPI_UINT64_T, MPI_MAX, real_new);
    uint64_t low = mine < theirs ? mine : theirs, high = mine < theirs ? theirs : mine;
    return mix64(low ^ mix64(high + 1));
}

/* ---- building objects from recipes ---- */

int *cl_int_args(const int64_t *args, int n)
{
    int *out = ckpt_untracked_malloc(sizeof *out * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        out[i] = (int)args[i];
    return out;
}

static MPI_Aint *aint_args(const int64_t *args, int n)
{
    MPI_Aint *out = ckpt_untracked_malloc(sizeof *out * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        out[i] = (MPI_Aint)args[i];
    return out;
}

static MPI_Datatype *type_args(const int64_t *args, int n)
{
    MPI_Datatype *out = ckpt_untracked_malloc(sizeof *out * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        out[i] = cl_real_type((MPI_Datatype)args[i]);
    return out;
}

/* A recipe's communicator: the program may have freed it since (a split of
 * a duplicate, then the duplicate freed); it is rebuilt all the same. */
static MPI_Comm comm_arg(int64_t a)
{
    return CL_HANDLE(MPI_Comm, cl_real((cl_bits)a, CL_OBJ_COMM));
}

static MPI_Comm build_comm(int call, const int64_t *a)
{
    MPI_Comm out = MPI_COMM_NULL;
    switch (call) {
    case CL_MAKE_COMM_DUP:
        PMPI_Comm_dup(comm_arg(a[0]), &out);
        break;
    case CL_MAKE_COMM_SPLIT:
        PMPI_Comm_split(comm_arg(a[0]), (int)a[1], (int)a[2], &out);
        break;
    case CL_MAKE_COMM_CART: { /* same members and order, then the topology */
        MPI_Comm members;
        PMPI_Comm_split(comm_arg(a[0]), (int)a[1], (int)a[2], &members);
        if (members != MPI_COMM_NULL) {
            int n = (int)a[3], *dims = cl_int_args(a + 4, n), *periods = cl_int_args(a + 4 + n, n);
            PMPI_Cart_create(members, n, dims, periods, 0, &out);
            PMPI_Comm_free(&members);
            ckpt_untracked_free(dims);
            ckpt_untracked_free(periods);
        }
        break;
    }
    case CL_MAKE_CART_SUB: {
        int *remain = cl_int_args(a + 2, (int)a[1]);
        PMPI_Cart_sub(comm_arg(a[0]), remain, &out);
        ckpt_untracked_free(remain);
        break;
    }
    case CL_MAKE_COMM_GRAPH:
        out = cl_topo_build_graph(comm_arg(a[0]), a);
        break;
    case CL_MAKE_COMM_DIST_GRAPH:
        out = cl_topo_build_dist_graph(comm_arg(a[0]), a);
        break;
    case CL_MAKE_INTERCOMM: /* the peer communicator matters to the leader only */
        PMPI_Intercomm_create(comm_arg(a[0]), (int)a[1],
                              (MPI_Comm)a[2] == MPI_COMM_NULL ? MPI_COMM_NULL : comm_arg(a[2]),
                              (int)a[3], (int)a[4], &out);
        break;
    case CL_MAKE_INTERCOMM_MERGE:
        PMPI_Intercomm_merge(comm_arg(a[0]), (int)a[1], &out);
        break;
    case CL_MAKE_INTERCOMM_FROM_GROUPS: {
#if MPI_VERSION >= 4 /* before, no image holds this recipe */
        char *tag = cl_args_string(a + 6, (int)a[5]);
        PMPI_Intercomm_create_from_groups(cl_real_group((MPI_Group)a[0]), (int)a[1],
                                          cl_real_group((MPI_Group)a[2]), (int)a[3], tag,
                                          MPI_INFO_NULL,
                                          cl_real_errhandler((MPI_Errhandler)a[4]), &out);
        ckpt_untracked_free(tag);
#endif
        break;
    }
    case CL_MAKE_COMM_FROM_GROUP:
        out = cl_session_build_comm(a);
        break;
    case CL_MAKE_COMM_FROM_PSET:
        out = cl_session_build_comm_from_pset(a);
        break;
    case CL_MAKE_COMM_GROUP_OF: {
        MPI_Comm parent = comm_arg(a[0]);
        MPI_Group all, group;
        int n = (int)a[2], *ranks = cl_int_args(a + 3, n);
        PMPI_Comm_group(parent, &all);
        PMPI_Group_incl(all, n, ranks, &group);
        PMPI_Comm_create_group(parent, group, (int)a[1], &out);
        PMPI_Group_free(&group);
        PMPI_Group_free(&all);
        ckpt_untracked_free(ranks);
        break;
    }
    }
    return out;
}

/* How many arguments a recipe has (recipes.def); -1 when malformed. From an
 * image, a recipe is checked before use: counts are bounded, so no formula
 * overflows. */
static int64_t expected_args(int call, const int64_t *a, int nargs)
{
#define N(k) (nargs > (k) && a[k] >= 0 && a[k] <= INT_MAX ? a[k] : -1)
    switch (call) {
#define RECIPE(call, kind, arguments, layout)                                                      \
    case CL_##call:                                                                                \
        return (arguments);
#include "recipes.def"
#undef RECIPE
    }
#undef N
    return -1;
}

static const struct recipe_info {
    const char *name;
    int kind;
    const char *layout;
} recipe_info[CL_RECIPE_CALLS] = {
#define RECIPE(call, kind, arguments, layout) [CL_##call] = {#call, CL_OBJ_##kind, layout},
#include "recipes.def"
#undef RECIPE
};

/* A recipe the layer records must match its line in recipes.def: a wrong
 * layout would only show when a recovery rebuilds the object. */
static void check_recorded(int call, int kind, const int64_t *args, int nargs)
{
    if (call <= CL_RECIPE_NONE || call >= CL_RECIPE_CALLS)
        ckpt_fatal("internal error: unknown MPI object recipe %d", call);
    const struct recipe_info *r = &recipe_info[call];
    if (r->kind != kind || expected_args(call, args, nargs) != nargs)
        ckpt_fatal("internal error: MPI object recipe %s recorded with %d arguments for "
                   "object kind %d; recipes.def says kind %d and arguments: %s",
                   r->name, nargs, kind, r->kind, r->layout);
}

int cl_recipe_valid(int call, const int64_t *args, int nargs)
{
    return expected_args(call, args, nargs) == nargs;
}

cl_bits cl_recipe_build(int call, const int64_t *a, int nargs)
{
    if (!cl_recipe_valid(call, a, nargs))
        ckpt_fatal("internal error: malformed MPI object recipe (call %d, %d arguments)", call,
                   nargs);
    MPI_Group group = MPI_GROUP_NULL;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    MPI_Errhandler errhandler = MPI_ERRHANDLER_NULL;
    switch ((enum cl_recipe_call)call) { /* a case for every recipe: -Werror=switch */
    case CL_RECIPE_NONE: case CL_RECIPE_CALLS:
        break;
    case CL_MAKE_COMM_DUP: case CL_MAKE_COMM_SPLIT: case CL_MAKE_COMM_CART:
    case CL_MAKE_CART_SUB: case CL_MAKE_COMM_GROUP_OF: case CL_MAKE_COMM_GRAPH:
    case CL_MAKE_COMM_DIST_GRAPH: case CL_MAKE_INTERCOMM: case CL_MAKE_INTERCOMM_MERGE:
    case CL_MAKE_INTERCOMM_FROM_GROUPS: case CL_MAKE_COMM_FROM_GROUP:
    case CL_MAKE_COMM_FROM_PSET:
        return CL_BITS(build_comm(call, a));
    case CL_MAKE_SESSION: case CL_MAKE_GROUP_FROM_PSET: case CL_SESSION_SET_ERRHANDLER:
        return cl_session_recipe_build(call, a);
    case CL_MAKE_REMOTE_GROUP:
        PMPI_Comm_remote_group(comm_arg(a[0]), &group);
        return CL_BITS(group);
    case CL_SET_ERRHANDLER:
        PMPI_Comm_set_errhandler(comm_arg(a[0]), cl_real_errhandler((MPI_Errhandler)a[1]));
        return 0;
    case CL_MAKE_GROUP_OF_COMM:
        PMPI_Comm_group(comm_arg(a[0]), &group);
        return CL_BITS(group);
    case CL_MAKE_GROUP_RANKS: {
        int *ranks = cl_int_args(a + 2, (int)a[1]);
        PMPI_Group_incl(cl_real_group((MPI_Group)a[0]), (int)a[1], ranks, &group);
        ckpt_untracked_free(ranks);
        return CL_BITS(group);
    }
    case CL_MAKE_GROUP_SET: {
        int (*op[3])(MPI_Group, MPI_Group, MPI_Group *) = {PMPI_Group_union,
                                                          PMPI_Group_intersection,
                                                          PMPI_Group_difference};
        op[a[0]](cl_real_group((MPI_Group)a[1]), cl_real_group((MPI_Group)a[2]), &group);
        return CL_BITS(group);
    }
    case CL_MAKE_TYPE_CONTIGUOUS:
        PMPI_Type_contiguous((int)a[0], cl_real_type((MPI_Datatype)a[1]), &type);
        return CL_BITS(type);
    case CL_MAKE_TYPE_VECTOR:
        PMPI_Type_vector((int)a[0], (int)a[1], (int)a[2], cl_real_type((MPI_Datatype)a[3]), &type);
        return CL_BITS(type);
    case CL_MAKE_TYPE_HVECTOR:
        PMPI_Type_create_hvector((int)a[0], (int)a[1], (MPI_Aint)a[2],
                                 cl_real_type((MPI_Datatype)a[3]), &type);
        return CL_BITS(type);
    case CL_MAKE_TYPE_INDEXED: case CL_MAKE_TYPE_HINDEXED: {
        int n = (int)a[0], *lengths = cl_int_args(a + 1, n);
        MPI_Datatype old = cl_real_type((MPI_Datatype)a[1 + 2 * n]);
        if (call == CL_MAKE_TYPE_INDEXED) {
            int *displs = cl_int_args(a + 1 + n, n);
            PMPI_Type_indexed(n, lengths, displs, old, &type);
            ckpt_untracked_free(displs);
        } else {
            MPI_Aint *displs = aint_args(a + 1 + n, n);
            PMPI_Type_create_hindexed(n, lengths, displs, old, &type);
            ckpt_untracked_free(displs);
        }
        ckpt_untracked_free(lengths);
        return CL_BITS(type);
    }
    case CL_MAKE_TYPE_INDEXED_BLOCK: case CL_MAKE_TYPE_HINDEXED_BLOCK: {
        int n = (int)a[0];
        MPI_Datatype old = cl_real_type((MPI_Datatype)a[2 + n]);
        if (call == CL_MAKE_TYPE_INDEXED_BLOCK) {
            int *displs = cl_int_args(a + 2, n);
            PMPI_Type_create_indexed_block(n, (int)a[1], displs, old, &type);
            ckpt_untracked_free(displs);
        } else {
            MPI_Aint *displs = aint_args(a + 2, n);
            PMPI_Type_create_hindexed_block(n, (int)a[1], displs, old, &type);
            ckpt_untracked_free(displs);
        }
        return CL_BITS(type);
    }
    case CL_MAKE_TYPE_STRUCT: {
        int n = (int)a[0], *lengths = cl_int_args(a + 1, n);
        MPI_Aint *displs = aint_args(a + 1 + n, n);
        MPI_Datatype *types = type_args(a + 1 + 2 * n, n);
        PMPI_Type_create_struct(n, lengths, displs, types, &type);
        ckpt_untracked_free(lengths);
        ckpt_untracked_free(displs);
        ckpt_untracked_free(types);
        return CL_BITS(type);
    }
    case CL_MAKE_TYPE_SUBARRAY: {
        int n = (int)a[0], *sizes = cl_int_args(a + 1, n), *subsizes = cl_int_args(a + 1 + n, n),
            *starts = cl_int_args(a + 1 + 2 * n, n);
        PMPI_Type_create_subarray(n, sizes, subsizes, starts, (int)a[1 + 3 * n],
                                  cl_real_type((MPI_Datatype)a[2 + 3 * n]), &type);
        ckpt_untracked_free(sizes);
        ckpt_untracked_free(subsizes);
        ckpt_untracked_free(starts);
        return CL_BITS(type);
    }
    case CL_MAKE_TYPE_DARRAY: {
        int size = (int)a[0], rank = (int)a[1], n = (int)a[2];
        int *gsizes = cl_int_args(a + 3, n), *distribs = cl_int_args(a + 3 + n, n),
            *dargs = cl_int_args(a + 3 + 2 * n, n), *psizes = cl_int_args(a + 3 + 3 * n, n);
        PMPI_Type_create_darray(size, rank, n, gsizes, distribs, dargs, psizes,
                                (int)a[3 + 4 * n], cl_real_type((MPI_Datatype)a[4 + 4 * n]),
                                &type);
        ckpt_untracked_free(gsizes);
        ckpt_untracked_free(distribs);
        ckpt_untracked_free(dargs);
        ckpt_untracked_free(psizes);
        return CL_BITS(type);
    }
    case CL_MAKE_TYPE_RESIZED:
        PMPI_Type_create_resized(cl_real_type((MPI_Datatype)a[0]), (MPI_Aint)a[1],
                                 (MPI_Aint)a[2], &type);
        return CL_BITS(type);
    case CL_MAKE_TYPE_DUP:
        PMPI_Type_dup(cl_real_type((MPI_Datatype)a[0]), &type);
        return CL_BITS(type);
    case CL_TYPE_CONTENTS_OF:
        return CL_BITS(cl_type_contents_of(cl_real_type((MPI_Datatype)a[0]), (int)a[1]));
    case CL_TYPE_COMMIT: {
        MPI_Datatype t = cl_real_type((MPI_Datatype)a[0]);
        PMPI_Type_commit(&t);
        return 0;
    }
    case CL_MAKE_OP:
        PMPI_Op_create(cl_user_op_bind((int)a[2], (MPI_User_function *)(uintptr_t)a[0]),
                       (int)a[1], &op);
        return CL_BITS(op);
    case CL_MAKE_ERRHANDLER:
        PMPI_Comm_create_errhandler(cl_errhandler_trampoline, &errhandler); /* calls a[0] */
        return CL_BITS(errhandler);
    case CL_MAKE_FILE_ERRHANDLER:
        PMPI_File_create_errhandler(cl_file_errhandler_trampoline, &errhandler);
        return CL_BITS(errhandler);
    }
    ckpt_fatal("internal error: unknown MPI object recipe %d", call);
}

/* The library's object of a freed one, once the rebuild no longer needs it. */
static void free_real(struct cl_object *o)
{
    switch (o->kind) {
    case CL_OBJ_COMM: { /* a non-member's is null */
        MPI_Comm comm = CL_HANDLE(MPI_Comm, o->real);
        if (comm != MPI_COMM_NULL)
            PMPI_Comm_free(&comm);
        break;
    }
    case CL_OBJ_GROUP: {
        MPI_Group group = CL_HANDLE(MPI_Group, o->real);
        PMPI_Group_free(&group);
        break;
    }
    case CL_OBJ_TYPE: {
        MPI_Datatype type = CL_HANDLE(MPI_Datatype, o->real);
        PMPI_Type_free(&type);
        break;
    }
    case CL_OBJ_OP: {
        MPI_Op op = CL_HANDLE(MPI_Op, o->real);
        PMPI_Op_free(&op);
        /* A reduction made after this one was freed may have its slot. */
        for (int i = CL_SELF + 1; i < cl_nobjects; i++)
            if (cl_objects[i].kind == CL_OBJ_OP && !cl_objects[i].freed &&
                cl_objects[i].slot == o->slot)
                return;
        cl_user_op_release(o->slot);
        break;
    }
    case CL_OBJ_SESSION: cl_session_free_real(o->real); break;
    case CL_OBJ_ERRHANDLER: { /* communicators may still hold it: the trampoline */
        MPI_Errhandler e = CL_HANDLE(MPI_Errhandler, o->real); /* finds it by this handle
                                                                  (errhandlers.c) */
        PMPI_Errhandler_free(&e);
        break;
    }
    default: break;
    }
}

/* Per recipe, the objects whose last use it is: lists threaded through `next`. */
struct last_use {
    int *first; /* per recipe: an object, or -1 */
    int *next;  /* per object: the next one of the same recipe, or -1 */
    int *at;    /* per object: its last recipe so far, or -1 */
    int step;   /* the recipe being looked at */
};

static void used_now(void *ctx, int index)
{
    struct last_use *u = ctx;
    u->at[index] = u->step;
}

static int *filled(int n, int value)
{
    int *a = ckpt_untracked_malloc(sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        a[i] = value;
    return a;
}

void cl_objects_rebuild(void)
{
    /* A freed object is needed only to build the others: it goes as soon
     * as the last recipe that names it is built. Communicators too, or a
     * program that made many from freed parents (a split of a duplicate,
     * the duplicate freed) would run out of the library's context ids. */
    struct last_use u = {filled(nrecipes, -1), filled(cl_nobjects, -1), filled(cl_nobjects, -1),
                         0};
    for (u.step = 0; u.step < nrecipes; u.step++) {
        used_now(&u, recipes[u.step].object);
        each_ingredient(&recipes[u.step], used_now, &u);
    }
    for (int j = CL_SELF + 1; j < cl_nobjects; j++)
        if (u.at[j] >= 0 && cl_objects[j].freed == 1 && /* not CL_FREED_IN_USE, nor a */
            !(cl_objects[j].kind == CL_OBJ_COMM && cl_requests_use_comm(j))) { /* restored */
            u.next[j] = u.first[u.at[j]];                  /* request's communicator */
            u.first[u.at[j]] = j;
        }
    for (int i = 0; i < nrecipes; i++) {
        struct recipe *r = &recipes[i];
        cl_bits real = cl_recipe_build(r->call, r->args, r->nargs);
        if (r->call != CL_SET_ERRHANDLER && r->call != CL_TYPE_COMMIT &&
            r->call != CL_SESSION_SET_ERRHANDLER)
            cl_objects[r->object].real = real;
        for (int j = u.first[i]; j >= 0; j = u.next[j])
            free_real(&cl_objects[j]);
    }
    ckpt_untracked_free(u.first);
    ckpt_untracked_free(u.next);
    ckpt_untracked_free(u.at);
}

/* ---- image ---- */

void cl_objects_save(void **bytes, size_t *n)
{
    size_t size = 2 * sizeof(int32_t) + sizeof *cl_objects * (size_t)cl_nobjects;
    for (int i = 0; i < nrecipes; i++)
        size += 3 * sizeof(int32_t) + sizeof(int64_t) * (size_t)recipes[i].nargs;
    unsigned char *p = ckpt_untracked_malloc(size), *q = p;
    int32_t counts[2] = {cl_nobjects, nrecipes};
    memcpy(q, counts, sizeof counts);
    q += sizeof counts;
    memcpy(q, cl_objects, sizeof *cl_objects * (size_t)cl_nobjects);
    q += sizeof *cl_objects * (size_t)cl_nobjects;
    for (int i = 0; i < nrecipes; i++) {
        memcpy(q, &recipes[i], 3 * sizeof(int32_t));
        q += 3 * sizeof(int32_t);
        memcpy(q, recipes[i].args, sizeof(int64_t) * (size_t)recipes[i].nargs);
        q += sizeof(int64_t) * (size_t)recipes[i].nargs;
    }
    *bytes = p;
    *n = size;
}

int cl_objects_load(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int32_t counts[2];
    if (n < sizeof counts)
        return -1;
    memcpy(counts, p, sizeof counts);
    p += sizeof counts;
    if (counts[0] < 2 || counts[0] > CL_VIRTUAL_INDEX + 1 || counts[1] < 0 ||
        (size_t)(end - p) < sizeof *cl_objects * (size_t)counts[0])
        return -1;
    cl_objects = cl_grow(cl_objects, &objects_capacity, counts[0], sizeof *cl_objects);
    memcpy(cl_objects, p, sizeof *cl_objects * (size_t)counts[0]);
    p += sizeof *cl_objects * (size_t)counts[0];
    cl_nobjects = counts[0];
    nfree_slots = nwindow_slots = 0;
    frees_since_sweep = 0;
    for (int i = 0; i < cl_nobjects; i++) {
        if (cl_objects[i].kind < 0 || cl_objects[i].kind >= CL_OBJ_KINDS)
            return -1;
        if (cl_objects[i].freed == CL_RECLAIMED) {
            if (i <= CL_SELF)
                return -1;
            push_free_slot(i);
        }
    }
    cl_objects[CL_WORLD].real = CL_BITS(MPI_COMM_WORLD);
    cl_objects[CL_SELF].real = CL_BITS(MPI_COMM_SELF);
    nrecipes = 0;
    for (int i = 0; i < counts[1]; i++) {
        int32_t head[3];
        if ((size_t)(end - p) < sizeof head)
            return -1;
        memcpy(head, p, sizeof head);
        p += sizeof head;
        if (head[1] < 0 || head[1] >= cl_nobjects || head[2] < 0 ||
            (size_t)(end - p) < sizeof(int64_t) * (size_t)head[2])
            return -1;
        append_recipe(head[0], head[1], (const int64_t *)(const void *)p, head[2]);
        p += sizeof(int64_t) * (size_t)head[2];
        if (!cl_recipe_valid(head[0], recipes[nrecipes - 1].args, head[2]))
            return -1;
    }
    return p == end ? 0 : -1;
}
