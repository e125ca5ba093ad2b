/* Attributes the program caches on communicators and datatypes, and the keys
 * it makes for them, kept by the layer itself so that they survive recovery.
 *
 * The library's attribute store dies with the process, and the key values it
 * hands out would differ in the next one. So the layer keeps both: a key the
 * program creates is a handle of the layer's (ATTR_KEY_MARK and an index into
 * `keys`); an attribute is (what it is on, the program's handle for that
 * object, key, value); both tables go into the image. The program's copy and
 * delete functions are called where MPI calls them: when the object is
 * duplicated, when a value is replaced or deleted, when the object is freed,
 * and at MPI_Finalize for MPI_COMM_SELF and then MPI_COMM_WORLD. Recovery
 * calls none of them: what they did is in the restored memory already. Keys
 * MPI predefines (MPI_TAG_UB, ...) are the library's and go to it. */
#include "attributes.h"

#include "handle_bits.h"
#include "objects.h"
#include "registries.h"


#include <aalc/ckpt_layer_services.h>
#include <string.h>

/* Key handles: a value no MPICH key has (their top bits give the handle
 * kind, and 00 is no kind), and an index. */
#define ATTR_KEY_MARK 0x0a100000
#define ATTR_KEY_INDEX 0x000fffff
#define ATTR_KEY_SELECT 0xfff00000u

enum attr_on { ON_COMM, ON_TYPE };
enum { COPY_NONE = 0, COPY_DUP = 1 }; /* else the program's copy function */

struct key {
    int32_t on, freed;
    int64_t copy;  /* COPY_NONE, COPY_DUP or the program's function */
    int64_t del;   /* 0 or the program's function */
    int64_t extra; /* the program's extra_state */
};

struct attribute {
    int32_t on, key;
    int64_t object; /* the program's handle (CL_ARG) */
    int64_t value;
};

static struct key *keys;
static int nkeys, keys_capacity;
static struct attribute *attrs;
static int nattrs, attrs_capacity;

static int is_key(int keyval)
{
    return ((unsigned)keyval & ATTR_KEY_SELECT) == ATTR_KEY_MARK &&
           (keyval & ATTR_KEY_INDEX) < nkeys;
}

static int new_key(int on, int64_t copy, int64_t del, void *extra)
{
    if (nkeys > ATTR_KEY_INDEX)
        ckpt_fatal("more than %d attribute keys created", ATTR_KEY_INDEX);
    keys = cl_grow(keys, &keys_capacity, nkeys + 1, sizeof *keys);
    keys[nkeys] = (struct key){on, 0, copy, del, (int64_t)(uintptr_t)extra};
    return ATTR_KEY_MARK | nkeys++;
}

static int find(int on, int64_t object, int key)
{
    for (int i = 0; i < nattrs; i++)
        if (attrs[i].on == on && attrs[i].object == object && attrs[i].key == key)
            return i;
    return -1;
}

static void append(int on, int64_t object, int key, int64_t value)
{
    attrs = cl_grow(attrs, &attrs_capacity, nattrs + 1, sizeof *attrs);
    attrs[nattrs++] = (struct attribute){on, key, object, value};
}

static void drop(int i)
{
    memmove(attrs + i, attrs + i + 1, sizeof *attrs * (size_t)(nattrs - i - 1));
    nattrs--;
}

/* The program's delete function for an attribute, if its key has one. */
static int call_delete(struct attribute a)
{
    struct key *k = &keys[a.key];
    if (!k->del)
        return MPI_SUCCESS;
    void *value = (void *)(uintptr_t)a.value, *extra = (void *)(uintptr_t)k->extra;
    int handle = ATTR_KEY_MARK | a.key;
    if (a.on == ON_COMM)
        return ((MPI_Comm_delete_attr_function *)(uintptr_t)k->del)(
            CL_ARG_HANDLE(MPI_Comm, a.object), handle, value, extra);
    return ((MPI_Type_delete_attr_function *)(uintptr_t)k->del)(
        CL_ARG_HANDLE(MPI_Datatype, a.object), handle, value, extra);
}

/* ---- keys ---- */

int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
                           int *keyval, void *extra_state)
{
    int64_t how = copy == MPI_COMM_NULL_COPY_FN ? COPY_NONE
                  : copy == MPI_COMM_DUP_FN     ? COPY_DUP
                                                : (int64_t)(uintptr_t)copy;
    *keyval = new_key(ON_COMM, how, (int64_t)(uintptr_t)del, extra_state);
    return MPI_SUCCESS;
}

int MPI_Type_create_keyval(MPI_Type_copy_attr_function *copy, MPI_Type_delete_attr_function *del,
                           int *keyval, void *extra_state)
{
    int64_t how = copy == MPI_TYPE_NULL_COPY_FN ? COPY_NONE
                  : copy == MPI_TYPE_DUP_FN     ? COPY_DUP
                                                : (int64_t)(uintptr_t)copy;
    *keyval = new_key(ON_TYPE, how, (int64_t)(uintptr_t)del, extra_state);
    return MPI_SUCCESS;
}

/* A freed key stays while attributes use it (MPI says they keep working). */
static int free_key(int *keyval, int (*pfree)(int *))
{
    if (!is_key(*keyval))
        return pfree(keyval);
    keys[*keyval & ATTR_KEY_INDEX].freed = 1;
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

int MPI_Comm_free_keyval(int *keyval)
{
    return free_key(keyval, PMPI_Comm_free_keyval);
}

int MPI_Type_free_keyval(int *keyval)
{
    return free_key(keyval, PMPI_Type_free_keyval);
}

/* ---- set, get, delete ---- */

static int set(int on, int64_t object, int keyval, void *value)
{
    int key = keyval & ATTR_KEY_INDEX;
    if (keys[key].on != on || keys[key].freed)
        return MPI_ERR_KEYVAL;
    int i = find(on, object, key);
    if (i < 0) {
        append(on, object, key, (int64_t)(uintptr_t)value);
        return MPI_SUCCESS;
    }
    int rc = call_delete(attrs[i]); /* of the value it replaces */
    if (rc != MPI_SUCCESS)
        return rc;
    i = find(on, object, key); /* the delete function may have called MPI */
    if (i >= 0)
        attrs[i].value = (int64_t)(uintptr_t)value;
    else
        append(on, object, key, (int64_t)(uintptr_t)value);
    return MPI_SUCCESS;
}

static int get(int on, int64_t object, int keyval, void *value, int *flag)
{
    int i = keys[keyval & ATTR_KEY_INDEX].on == on ? find(on, object, keyval & ATTR_KEY_INDEX)
                                                    : -1;
    *flag = i >= 0;
    if (i >= 0)
        *(void **)value = (void *)(uintptr_t)attrs[i].value;
    return keys[keyval & ATTR_KEY_INDEX].on == on ? MPI_SUCCESS : MPI_ERR_KEYVAL;
}

static int delete_one(int on, int64_t object, int keyval)
{
    int key = keyval & ATTR_KEY_INDEX, i = find(on, object, key);
    if (i < 0)
        return MPI_SUCCESS;
    int rc = call_delete(attrs[i]);
    if (rc == MPI_SUCCESS && (i = find(on, object, key)) >= 0)
        drop(i);
    return rc;
}

int MPI_Comm_set_attr(MPI_Comm comm, int keyval, void *value)
{
    if (!is_key(keyval))
        return PMPI_Comm_set_attr(cl_real_comm(comm), keyval, value);
    cl_comm_index(comm); /* stops the program on a handle it does not have */
    return set(ON_COMM, CL_ARG(comm), keyval, value);
}

int MPI_Comm_get_attr(MPI_Comm comm, int keyval, void *value, int *flag)
{
    if (!is_key(keyval))
        return PMPI_Comm_get_attr(cl_real_comm(comm), keyval, value, flag);
    cl_comm_index(comm);
    return get(ON_COMM, CL_ARG(comm), keyval, value, flag);
}

int MPI_Comm_delete_attr(MPI_Comm comm, int keyval)
{
    if (!is_key(keyval))
        return PMPI_Comm_delete_attr(cl_real_comm(comm), keyval);
    cl_comm_index(comm);
    return delete_one(ON_COMM, CL_ARG(comm), keyval);
}

int MPI_Type_set_attr(MPI_Datatype type, int keyval, void *value)
{
    if (!is_key(keyval))
        return PMPI_Type_set_attr(cl_real_type(type), keyval, value);
    cl_real_type(type);
    return set(ON_TYPE, CL_ARG(type), keyval, value);
}

int MPI_Type_get_attr(MPI_Datatype type, int keyval, void *value, int *flag)
{
    if (!is_key(keyval))
        return PMPI_Type_get_attr(cl_real_type(type), keyval, value, flag);
    cl_real_type(type);
    return get(ON_TYPE, CL_ARG(type), keyval, value, flag);
}

int MPI_Type_delete_attr(MPI_Datatype type, int keyval)
{
    if (!is_key(keyval))
        return PMPI_Type_delete_attr(cl_real_type(type), keyval);
    cl_real_type(type);
    return delete_one(ON_TYPE, CL_ARG(type), keyval);
}

/* MPI-1's names for the communicator calls. */
int MPI_Keyval_create(MPI_Copy_function *copy, MPI_Delete_function *del, int *keyval,
                      void *extra_state)
{
    return MPI_Comm_create_keyval(copy, del, keyval, extra_state);
}

int MPI_Keyval_free(int *keyval)
{
    return MPI_Comm_free_keyval(keyval);
}

int MPI_Attr_put(MPI_Comm comm, int keyval, void *value)
{
    return MPI_Comm_set_attr(comm, keyval, value);
}

int MPI_Attr_get(MPI_Comm comm, int keyval, void *value, int *flag)
{
    return MPI_Comm_get_attr(comm, keyval, value, flag);
}

int MPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return MPI_Comm_delete_attr(comm, keyval);
}

/* ---- duplicates, frees, the end ---- */

static int copy_all(int on, int64_t from, int64_t to)
{
    int n = nattrs; /* copies are appended after them */
    for (int i = 0; i < n; i++) {
        if (attrs[i].on != on || attrs[i].object != from)
            continue;
        struct key *k = &keys[attrs[i].key];
        void *in = (void *)(uintptr_t)attrs[i].value, *out = NULL;
        int flag = 0, rc = MPI_SUCCESS, handle = ATTR_KEY_MARK | attrs[i].key;
        void *extra = (void *)(uintptr_t)k->extra;
        if (k->copy == COPY_DUP) {
            out = in;
            flag = 1;
        } else if (k->copy != COPY_NONE && on == ON_COMM) {
            rc = ((MPI_Comm_copy_attr_function *)(uintptr_t)k->copy)(
                CL_ARG_HANDLE(MPI_Comm, from), handle, extra, in, &out, &flag);
        } else if (k->copy != COPY_NONE) {
            rc = ((MPI_Type_copy_attr_function *)(uintptr_t)k->copy)(
                CL_ARG_HANDLE(MPI_Datatype, from), handle, extra, in, &out, &flag);
        }
        if (rc != MPI_SUCCESS)
            return rc;
        if (flag)
            append(on, to, attrs[i].key, (int64_t)(uintptr_t)out);
    }
    return MPI_SUCCESS;
}

int cl_attributes_comm_dup(MPI_Comm from, MPI_Comm to)
{
    return to == MPI_COMM_NULL ? MPI_SUCCESS : copy_all(ON_COMM, CL_ARG(from), CL_ARG(to));
}

int cl_attributes_type_dup(MPI_Datatype from, MPI_Datatype to)
{
    return to == MPI_DATATYPE_NULL ? MPI_SUCCESS : copy_all(ON_TYPE, CL_ARG(from), CL_ARG(to));
}

/* Every attribute of the object deleted, the last set first; each leaves
 * the table before its delete function runs, which may call MPI. */
static void delete_all(int on, int64_t object)
{
    for (int i = nattrs - 1; i >= 0; i = i < nattrs ? i - 1 : nattrs - 1)
        if (attrs[i].on == on && attrs[i].object == object) {
            struct attribute a = attrs[i];
            drop(i);
            call_delete(a);
        }
}

void cl_attributes_comm_freed(MPI_Comm comm)
{
    delete_all(ON_COMM, CL_ARG(comm));
}

void cl_attributes_type_freed(MPI_Datatype type)
{
    delete_all(ON_TYPE, CL_ARG(type));
}

void cl_attributes_finalize(void)
{
    delete_all(ON_COMM, CL_ARG(MPI_COMM_SELF));
    delete_all(ON_COMM, CL_ARG(MPI_COMM_WORLD));
}

/* ---- image ---- */

void cl_attributes_save(void **bytes, size_t *n)
{
    int32_t counts[2] = {nkeys, nattrs};
    size_t size = sizeof counts + sizeof *keys * (size_t)nkeys + sizeof *attrs * (size_t)nattrs;
    unsigned char *p = ckpt_untracked_malloc(size);
    memcpy(p, counts, sizeof counts);
    memcpy(p + sizeof counts, keys, sizeof *keys * (size_t)nkeys);
    memcpy(p + sizeof counts + sizeof *keys * (size_t)nkeys, attrs,
           sizeof *attrs * (size_t)nattrs);
    *bytes = p;
    *n = size;
}

int cl_attributes_load(const void *bytes, size_t n)
{
    int32_t counts[2];
    if (n < sizeof counts)
        return -1;
    memcpy(counts, bytes, sizeof counts);
    if (counts[0] < 0 || counts[0] > ATTR_KEY_INDEX || counts[1] < 0 ||
        n != sizeof counts + sizeof *keys * (size_t)counts[0] + sizeof *attrs * (size_t)counts[1])
        return -1;
    const unsigned char *p = (const unsigned char *)bytes + sizeof counts;
    keys = cl_grow(keys, &keys_capacity, counts[0], sizeof *keys);
    attrs = cl_grow(attrs, &attrs_capacity, counts[1], sizeof *attrs);
    memcpy(keys, p, sizeof *keys * (size_t)counts[0]);
    memcpy(attrs, p + sizeof *keys * (size_t)counts[0], sizeof *attrs * (size_t)counts[1]);
    nkeys = counts[0];
    nattrs = counts[1];
    for (int i = 0; i < nkeys; i++)
        if ((keys[i].on != ON_COMM && keys[i].on != ON_TYPE) || keys[i].copy < 0)
            return -1;
    for (int i = 0; i < nattrs; i++)
        if (attrs[i].key < 0 || attrs[i].key >= nkeys || attrs[i].on != keys[attrs[i].key].on)
            return -1;
    return 0;
}
