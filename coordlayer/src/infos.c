/* MPI_Info objects under handles that stay valid across recovery (infos.h).
 *
 * An info is a set of key/value strings the program may change at any time
 * (MPI-IO hints, mostly), and a handle it made before a checkpoint is used
 * after the recovery (an MPI_File_open in the loop). So the program holds a
 * virtual handle, an index into this table; a checkpoint saves each live
 * info's keys and values, and a recovery makes each again with them. */
#include "infos.h"

#include "handle_bits.h"
#include "objects.h"
#include "registries.h"
#include "section_bytes.h"


#include <aalc/ckpt_layer_services.h>
#include <stdint.h>
#include <string.h>


struct info {
    MPI_Info real;
    int live;
};
static struct info *infos;
static int ninfos, infos_capacity;

static int index_of(MPI_Info info, const char *call)
{
    int i = cl_index_of(info);
    if (!cl_is_virtual(info, CL_OBJ_INFO) || i >= ninfos || !infos[i].live)
        ckpt_fatal("%s: invalid MPI_Info handle %#lx (not one this program made, or freed)",
                   call, (unsigned long)CL_BITS(info));
    return i;
}

MPI_Info cl_real_info(MPI_Info info)
{
    if (info == MPI_INFO_NULL || info == MPI_INFO_ENV)
        return info;
    return infos[index_of(info, "an MPI call")].real;
}

MPI_Info cl_comm_hints(MPI_Info info, int *made)
{
    static char overtaking[] = "mpi_assert_allow_overtaking";
    MPI_Info real = cl_real_info(info), copy;
    int length = 0, present = 0;
    *made = 0;
    if (real == MPI_INFO_NULL || real == MPI_INFO_ENV ||
        PMPI_Info_get_valuelen(real, overtaking, &length, &present) != MPI_SUCCESS || !present ||
        PMPI_Info_dup(real, &copy) != MPI_SUCCESS)
        return real;
    PMPI_Info_delete(copy, overtaking);
    *made = 1;
    return copy;
}

MPI_Info cl_info_adopt(MPI_Info real)
{
    int i = 0;
    while (i < ninfos && infos[i].live)
        i++;
    if (i == ninfos) {
        infos = cl_grow(infos, &infos_capacity, ninfos + 1, sizeof *infos);
        ninfos++;
    }
    if (i > (int)CL_VIRTUAL_INDEX)
        ckpt_fatal("more than %d MPI_Info objects alive", (int)CL_VIRTUAL_INDEX);
    infos[i] = (struct info){real, 1};
    return CL_HANDLE(MPI_Info, cl_bits_virtual_of(i, CL_OBJ_INFO));
}

/* ---- the calls ---- */

int MPI_Info_create(MPI_Info *info)
{
    MPI_Info real;
    int rc = PMPI_Info_create(&real);
    *info = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}

#if MPI_VERSION >= 4
int MPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    MPI_Info real;
    int rc = PMPI_Info_create_env(argc, argv, &real);
    *info = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}
#endif

int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    MPI_Info real;
    int rc = PMPI_Info_dup(cl_real_info(info), &real);
    *newinfo = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}

int MPI_Info_free(MPI_Info *info)
{
    if (!cl_is_virtual(*info, CL_OBJ_INFO))
        return PMPI_Info_free(info);
    int i = index_of(*info, "MPI_Info_free");
    int rc = PMPI_Info_free(&infos[i].real);
    infos[i].live = 0;
    *info = MPI_INFO_NULL;
    return rc;
}

int MPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    return PMPI_Info_set(cl_real_info(info), key, value);
}

int MPI_Info_delete(MPI_Info info, const char *key)
{
    return PMPI_Info_delete(cl_real_info(info), key);
}

int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    return PMPI_Info_get(cl_real_info(info), key, valuelen, value, flag);
}

int MPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    return PMPI_Info_get_nkeys(cl_real_info(info), nkeys);
}

int MPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    return PMPI_Info_get_nthkey(cl_real_info(info), n, key);
}

int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    return PMPI_Info_get_valuelen(cl_real_info(info), key, valuelen, flag);
}

#if MPI_VERSION >= 4
int MPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    return PMPI_Info_get_string(cl_real_info(info), key, buflen, value, flag);
}
#endif

int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    MPI_Info real;
    int rc = PMPI_Comm_get_info(cl_real_comm(comm), &real);
    *info_used = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}

/* ---- image: per info, live, then its keys and values as strings ---- */

static void put_string(struct cl_section_bytes *b, const char *s)
{
    int32_t len = (int32_t)strlen(s);
    cl_section_put(b, &len, sizeof len);
    cl_section_put(b, s, (size_t)len);
}

void cl_infos_save(void **bytes, size_t *n)
{
    struct cl_section_bytes b = {0};
    int32_t count = ninfos;
    cl_section_put(&b, &count, sizeof count);
    char key[MPI_MAX_INFO_KEY + 1];
    for (int i = 0; i < ninfos; i++) {
        int32_t live = infos[i].live;
        cl_section_put(&b, &live, sizeof live);
        if (!live)
            continue;
        int nkeys = 0;
        PMPI_Info_get_nkeys(infos[i].real, &nkeys);
        int32_t saved_nkeys = nkeys;
        cl_section_put(&b, &saved_nkeys, sizeof saved_nkeys);
        for (int j = 0; j < nkeys; j++) {
            int len = 0, flag = 0;
            PMPI_Info_get_nthkey(infos[i].real, j, key);
            PMPI_Info_get_valuelen(infos[i].real, key, &len, &flag);
            char *value = ckpt_untracked_malloc((size_t)len + 1);
            PMPI_Info_get(infos[i].real, key, len, value, &flag);
            value[len] = '\0';
            put_string(&b, key);
            put_string(&b, value);
            ckpt_untracked_free(value);
        }
    }
    *bytes = b.p;
    *n = b.n;
}

/* A string of the section, into a new buffer (*out NULL when malformed). */
static int take_string(const unsigned char **p, const unsigned char *end, char **out)
{
    int32_t len;
    *out = NULL;
    if (cl_section_take(p, end, &len, sizeof len) || len < 0 || end - *p < len)
        return -1;
    *out = ckpt_untracked_malloc((size_t)len + 1);
    cl_section_take(p, end, *out, (size_t)len);
    (*out)[len] = '\0';
    return 0;
}

int cl_infos_load(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int32_t count;
    if (cl_section_take(&p, end, &count, sizeof count) || count < 0 ||
        count > (int32_t)CL_VIRTUAL_INDEX + 1)
        return -1;
    ninfos = 0;
    infos = cl_grow(infos, &infos_capacity, count, sizeof *infos);
    for (int i = 0; i < count; i++) {
        int32_t live, nkeys;
        if (cl_section_take(&p, end, &live, sizeof live))
            return -1;
        infos[i] = (struct info){MPI_INFO_NULL, live != 0};
        ninfos++;
        if (!live)
            continue;
        if (cl_section_take(&p, end, &nkeys, sizeof nkeys) || nkeys < 0)
            return -1;
        PMPI_Info_create(&infos[i].real);
        for (int k = 0; k < nkeys; k++) {
            char *key, *value = NULL;
            int bad = take_string(&p, end, &key) || take_string(&p, end, &value);
            if (!bad)
                PMPI_Info_set(infos[i].real, key, value);
            ckpt_untracked_free(key);
            ckpt_untracked_free(value);
            if (bad)
                return -1;
        }
    }
    return p == end ? 0 : -1;
}
