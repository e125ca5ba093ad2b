/* MPI-4 sessions: a session is an object of the layer's (CL_OBJ_SESSION),
 * handed to the program as a virtual handle and recorded with its recipe,
 * and so is every group made from one of its process sets; a communicator
 * made from such a group (MPI_Comm_create_from_group, comms.c) is recorded
 * and counted like any other. A recovery makes them again in creation order
 * (objects.c), so the handles the program kept keep working.
 *
 * A program that uses only sessions never calls MPI_Init; the layer brings
 * the world model up itself at the first MPI_Session_init (layer.c says
 * why). */
#include "sessions.h"

#include "coord.h"
#include "handle_bits.h"
#include "infos.h"
#include "layer.h"
#include "objects.h"

#include <aalc/ckpt_layer_services.h>
#include <string.h>

#if MPI_VERSION >= 4

static const char *const level_names[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
                                          "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"};
static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                             MPI_THREAD_MULTIPLE};

/* The level a session's info asks for in "thread_level" (MPI_THREAD_SINGLE
 * when it does not). */
static int requested_level(MPI_Info real)
{
    char value[MPI_MAX_INFO_VAL + 1] = "";
    int flag = 0;
    if (real != MPI_INFO_NULL)
        PMPI_Info_get(real, "thread_level", MPI_MAX_INFO_VAL, value, &flag);
    for (int i = 0; flag && i < 4; i++)
        if (strcmp(value, level_names[i]) == 0)
            return levels[i];
    return MPI_THREAD_SINGLE;
}

/* What the layer gives: at most CL_MOST_THREAD_LEVEL, as for MPI_Init_thread
 * (coord.h: the layer's tables are not locked). */
static const char *provided_name(int requested)
{
    int provided = requested > CL_MOST_THREAD_LEVEL ? CL_MOST_THREAD_LEVEL : requested;
    for (int i = 0; i < 4; i++)
        if (levels[i] == provided)
            return level_names[i];
    return level_names[0];
}

/* A handler of the program's would be called by the library with the
 * library's session handle (the layer's trampoline takes communicators). */
static void predefined_errhandler(const char *call, MPI_Errhandler errhandler)
{
    if (cl_is_virtual(errhandler, CL_OBJ_ERRHANDLER))
        cl_unsupported(call, "an error handler the program made cannot be set on a session by "
                             "the coordination layer; use MPI_ERRORS_RETURN, "
                             "MPI_ERRORS_ARE_FATAL or MPI_ERRORS_ABORT");
}

static int session_index(MPI_Session session, const char *call)
{
    if (!cl_is_virtual(session, CL_OBJ_SESSION))
        ckpt_fatal("%s: session handle %#lx is %s", call, (unsigned long)CL_BITS(session),
                   session == MPI_SESSION_NULL ? "MPI_SESSION_NULL"
                                               : "not one this program created");
    int i = cl_index_of(session);
    if (i >= cl_nobjects || cl_objects[i].kind != CL_OBJ_SESSION)
        cl_bad_handle(CL_BITS(session), CL_OBJ_SESSION);
    if (cl_objects[i].freed)
        ckpt_fatal("%s: session handle %#lx was finalized", call,
                   (unsigned long)CL_BITS(session));
    return i;
}

int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    predefined_errhandler("MPI_Session_init", errhandler);
    cl_layer_up_for_sessions();
    MPI_Info real_info = cl_real_info(info);
    MPI_Session real = MPI_SESSION_NULL;
    int rc = PMPI_Session_init(real_info, cl_real_errhandler(errhandler), &real);
    if (rc != MPI_SUCCESS)
        return rc;
    int64_t args[2] = {CL_ARG(errhandler), requested_level(real_info)};
    *session = CL_HANDLE(MPI_Session,
                         cl_object_add(CL_OBJ_SESSION, CL_BITS(real), CL_MAKE_SESSION, args, 2));
    return rc;
}

static MPI_Session build_session(const int64_t *a)
{
    MPI_Info info;
    MPI_Session out = MPI_SESSION_NULL;
    PMPI_Info_create(&info);
    PMPI_Info_set(info, "thread_level", provided_name((int)a[1]));
    PMPI_Session_init(info, cl_real_errhandler((MPI_Errhandler)a[0]), &out);
    PMPI_Info_free(&info);
    return out;
}

/* Local in MPICH; communicators made from the session's groups must be freed
 * before it, so nothing is counted. On recovery a finalized session is made
 * again only as long as groups still to be made need it. */
int MPI_Session_finalize(MPI_Session *session)
{
    int index = session_index(*session, "MPI_Session_finalize");
    MPI_Session real = cl_session_at(index);
    int rc = PMPI_Session_finalize(&real);
    cl_objects[index].real = CL_BITS(real);
    cl_object_free(index);
    *session = MPI_SESSION_NULL;
    return rc;
}

int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    return PMPI_Session_get_num_psets(cl_real_session(session), cl_real_info(info), npset_names);
}

int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len,
                             char *pset_name)
{
    return PMPI_Session_get_nth_pset(cl_real_session(session), cl_real_info(info), n, pset_len,
                                     pset_name);
}

int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    MPI_Info real = MPI_INFO_NULL;
    int rc = PMPI_Session_get_pset_info(cl_real_session(session), pset_name, &real);
    *info = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}

/* The library's answer, but for "thread_level": MPICH says
 * MPI_THREAD_MULTIPLE for every session, whatever it provides; the layer
 * says what it provides (at most CL_MOST_THREAD_LEVEL). */
int MPI_Session_get_info(MPI_Session session, MPI_Info *info_used)
{
    int index = session_index(session, "MPI_Session_get_info");
    MPI_Info real = MPI_INFO_NULL;
    int rc = PMPI_Session_get_info(cl_session_at(index), &real);
    if (rc != MPI_SUCCESS) {
        *info_used = MPI_INFO_NULL;
        return rc;
    }
    PMPI_Info_set(real, "thread_level",
                  provided_name((int)cl_recipe_arg(index, CL_MAKE_SESSION, 1)));
    *info_used = cl_info_adopt(real);
    return rc;
}

int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup)
{
    MPI_Group real = MPI_GROUP_NULL;
    int rc = PMPI_Group_from_session_pset(cl_real_session(session), pset_name, &real);
    if (rc != MPI_SUCCESS || real == MPI_GROUP_EMPTY || real == MPI_GROUP_NULL) {
        *newgroup = real;
        return rc;
    }
    int words = 0;
    int64_t *name = cl_string_args(pset_name, &words);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(2 + words));
    args[0] = CL_ARG(session);
    args[1] = words;
    memcpy(args + 2, name, sizeof *args * (size_t)words);
    *newgroup = CL_HANDLE(MPI_Group, cl_object_add(CL_OBJ_GROUP, CL_BITS(real),
                                                   CL_MAKE_GROUP_FROM_PSET, args, 2 + words));
    ckpt_untracked_free(name);
    ckpt_untracked_free(args);
    return rc;
}

static MPI_Group build_group(const int64_t *a)
{
    char *name = cl_args_string(a + 2, (int)a[1]);
    MPI_Group out = MPI_GROUP_NULL;
    PMPI_Group_from_session_pset(cl_real_session((MPI_Session)a[0]), name, &out);
    ckpt_untracked_free(name);
    return out;
}

MPI_Comm cl_session_build_comm(const int64_t *a)
{
    char *tag = cl_args_string(a + 3, (int)a[2]);
    MPI_Comm out = MPI_COMM_NULL;
    PMPI_Comm_create_from_group(cl_real_group((MPI_Group)a[0]), tag, MPI_INFO_NULL,
                                cl_real_errhandler((MPI_Errhandler)a[1]), &out);
    ckpt_untracked_free(tag);
    return out;
}

MPI_Comm cl_session_build_comm_from_pset(const int64_t *a)
{
    int n = (int)a[2], m = (int)a[3 + n];
    char *pset = cl_args_string(a + 3, n), *tag = cl_args_string(a + 4 + n, m);
    MPI_Group group = MPI_GROUP_NULL;
    MPI_Comm out = MPI_COMM_NULL;
    PMPI_Group_from_session_pset(cl_real_session((MPI_Session)a[0]), pset, &group);
    PMPI_Comm_create_from_group(group, tag, MPI_INFO_NULL,
                                cl_real_errhandler((MPI_Errhandler)a[1]), &out);
    PMPI_Group_free(&group);
    ckpt_untracked_free(pset);
    ckpt_untracked_free(tag);
    return out;
}

cl_bits cl_session_recipe_build(int call, const int64_t *a)
{
    switch (call) {
    case CL_MAKE_SESSION:
        return CL_BITS(build_session(a));
    case CL_MAKE_GROUP_FROM_PSET:
        return CL_BITS(build_group(a));
    default: /* CL_SESSION_SET_ERRHANDLER */
        PMPI_Session_set_errhandler(cl_real_session((MPI_Session)a[0]),
                                    cl_real_errhandler((MPI_Errhandler)a[1]));
        return 0;
    }
}

void cl_session_free_real(cl_bits real)
{
    MPI_Session session = CL_HANDLE(MPI_Session, real);
    PMPI_Session_finalize(&session);
}

/* ---- error handlers: the predefined ones ---- */

int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
    predefined_errhandler("MPI_Session_set_errhandler", errhandler);
    int index = session_index(session, "MPI_Session_set_errhandler");
    int rc = PMPI_Session_set_errhandler(cl_session_at(index), errhandler);
    int64_t args[2] = {CL_ARG(session), CL_ARG(errhandler)};
    if (rc == MPI_SUCCESS)
        cl_recipe_add(CL_SESSION_SET_ERRHANDLER, index, args, 2);
    return rc;
}

int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
    return PMPI_Session_get_errhandler(cl_real_session(session), errhandler);
}

int MPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
    return PMPI_Session_call_errhandler(cl_real_session(session), errorcode);
}

#else /* an MPI before MPI-4: no sessions, so no image of this MPI has their recipes */

static _Noreturn void no_sessions(void)
{
    ckpt_fatal("internal error: a session recipe, but this MPI (version %d) has no sessions",
               MPI_VERSION);
}
cl_bits cl_session_recipe_build(int call, const int64_t *args)
{
    (void)call, (void)args;
    no_sessions();
}
MPI_Comm cl_session_build_comm(const int64_t *args)
{
    (void)args;
    no_sessions();
}
MPI_Comm cl_session_build_comm_from_pset(const int64_t *args)
{
    (void)args;
    no_sessions();
}
void cl_session_free_real(cl_bits real)
{
    (void)real;
    no_sessions();
}

#endif
