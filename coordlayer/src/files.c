/* MPI-IO files, open again after a recovery (files.h).
 *
 * The program holds a virtual file handle, an index into this table. The
 * table records how each file was opened (its path made absolute, access
 * mode, communicator), its view and atomicity and, at a checkpoint, the
 * individual file pointer and the file's size.
 *
 * Recovery opens every file that was open at the checkpoint again, on
 * MPI_COMM_SELF: other members of its communicator may have closed it before
 * their own checkpoints, so a collective open could not be matched. A
 * collective call on such a file then writes or reads this rank's part
 * alone, which gives the same bytes (collective I/O only chooses how they
 * are moved), without the collective buffering. The view and the pointer
 * come back, and the file is cut back to the largest size any rank recorded
 * for it (at its checkpoint, or when it closed it): what was appended after
 * the checkpoints goes, as for the program's plain files.
 *
 * Collectives on a file are counted on a pseudo-communicator of its own
 * (coll.h). One that some member passed before its checkpoint is served from
 * the log on recovery, not done again: its data is in the file already, and
 * writing it again could overwrite what other ranks wrote after it and
 * before their checkpoints. What is this process's own (view, atomicity,
 * file pointer) is set again.
 *
 * Shared file pointers are refused: their position is kept by the library
 * in a hidden file, which a rollback would have to restore too. */
#include "files.h"

#include "coll.h"
#include "coord.h"
#include "datatypes.h"
#include "errhandlers.h"
#include "handle_bits.h"
#include "infos.h"
#include "objects.h"
#include "protocol.h"
#include "registries.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FILE_HANDLE_BASE ((uintptr_t)0xF11E000000000000ULL)
#define SHARED_POINTER_WHY                                                                         \
    "shared file pointers are not saved by the coordination layer; use explicit offsets or "       \
    "the individual file pointer"

/* One file the program opened; the part up to `real` is saved as is. */
struct file {
    int32_t open;    /* 0: closed; kept for its size (see agree_sizes) */
    int32_t comm;    /* table index of the communicator it was opened on */
    int32_t counter; /* table index of its pseudo-communicator */
    int32_t amode, atomic, split_pending;
    int32_t path_len;
    int32_t hints_len;
    MPI_Datatype etype, filetype; /* the program's; derived ones are private duplicates */
    MPI_Errhandler errhandler;    /* the program's (it holds a reference to one it made) */
    MPI_Offset disp;
    MPI_Offset position;     /* at the checkpoint, in etypes of the view */
    MPI_Offset size;         /* at the checkpoint, or when closed */
    uint64_t name;           /* the counter's name: the same on every member */
    MPI_Status split_status; /* of a split collective begun and not ended */
    char datarep[MPI_MAX_DATAREP_STRING];
    MPI_File real; /* this run's; not saved */
    char *path;
    /* The hints the program gave (open, set_view, set_info) as "key\0value\0"
     * pairs, the last value of a key only: given again to the reopened file. */
    char *hints;
};
#define SAVED_BYTES offsetof(struct file, real)

static struct file *files;
static int nfiles, files_capacity;
static MPI_Errhandler default_errhandler = MPI_ERRORS_RETURN; /* for files opened later */

/* What a collective that moves data leaves behind: served again on recovery. */
struct outcome {
    MPI_Status status;
    MPI_Offset position;
};

static MPI_File handle_of(int i) { return (MPI_File)(FILE_HANDLE_BASE + (uintptr_t)i); }

/* The entry of a handle the program passes; NULL for MPI_FILE_NULL (the
 * library reports that error). */
static struct file *file_of(MPI_File fh, const char *call)
{
    if (fh == MPI_FILE_NULL)
        return NULL;
    uintptr_t i = (uintptr_t)fh - FILE_HANDLE_BASE;
    if ((uintptr_t)fh < FILE_HANDLE_BASE || i >= (uintptr_t)nfiles || !files[i].open)
        ckpt_fatal("%s: invalid MPI_File handle %p (not one MPI_File_open returned, or closed)",
                   call, (void *)fh);
    return &files[i];
}

static MPI_File real_of(MPI_File fh, const char *call)
{
    struct file *f = file_of(fh, call);
    return f ? f->real : MPI_FILE_NULL;
}

/* ---- what the file records ---- */

/* The file's name in the process's working directory of now: recovery may
 * start elsewhere. ROMIO's prefixes ("ufs:", "nfs:") are kept in front. */
static char *absolute_path(const char *filename)
{
    const char *colon = strchr(filename, ':'), *slash = strchr(filename, '/');
    size_t prefix = colon && (!slash || colon < slash) && colon - filename > 1
                        ? (size_t)(colon - filename) + 1
                        : 0;
    const char *rest = filename + prefix;
    char cwd[PATH_MAX] = "";
    if (rest[0] != '/' && !getcwd(cwd, sizeof cwd))
        cwd[0] = '\0';
    size_t n = strlen(filename) + strlen(cwd) + 2;
    char *path = ckpt_untracked_malloc(n);
    snprintf(path, n, "%.*s%s%s%s", (int)prefix, filename, cwd, cwd[0] ? "/" : "", rest);
    return path;
}

/* Keep the program's hints (a key given again replaces its value). */
static void note_hint(struct file *f, const char *key, const char *value)
{
    size_t key_len = strlen(key) + 1, value_len = strlen(value) + 1;
    char *kept = ckpt_untracked_malloc((size_t)f->hints_len + key_len + value_len);
    size_t n = 0;
    for (const char *p = f->hints, *end = p + f->hints_len; p < end;) {
        size_t pair = strlen(p) + 1;
        pair += strlen(p + pair) + 1;
        if (strcmp(p, key) != 0) {
            memcpy(kept + n, p, pair);
            n += pair;
        }
        p += pair;
    }
    memcpy(kept + n, key, key_len);
    memcpy(kept + n + key_len, value, value_len);
    ckpt_untracked_free(f->hints);
    f->hints = kept;
    f->hints_len = (int32_t)(n + key_len + value_len);
}

static void note_hints(struct file *f, MPI_Info info)
{
    MPI_Info real = cl_real_info(info);
    int nkeys = 0;
    if (real == MPI_INFO_NULL || PMPI_Info_get_nkeys(real, &nkeys) != MPI_SUCCESS)
        return;
    for (int k = 0; k < nkeys; k++) {
        char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
        int found = 0;
        if (PMPI_Info_get_nthkey(real, k, key) == MPI_SUCCESS &&
            PMPI_Info_get(real, key, MPI_MAX_INFO_VAL, value, &found) == MPI_SUCCESS && found)
            note_hint(f, key, value);
    }
}

/* The library's info holding the hints the program gave (MPI_INFO_NULL: none). */
static MPI_Info hints_info(const struct file *f)
{
    MPI_Info info = MPI_INFO_NULL;
    if (f->hints_len == 0 || PMPI_Info_create(&info) != MPI_SUCCESS)
        return MPI_INFO_NULL;
    for (const char *p = f->hints, *end = p + f->hints_len; p < end;) {
        const char *key = p, *value = p + strlen(p) + 1;
        PMPI_Info_set(info, key, value);
        p = value + strlen(value) + 1;
    }
    return info;
}

/* A view's type the file keeps: the program may free its own handle. */
static MPI_Datatype kept_type(MPI_Datatype t)
{
    return cl_is_virtual(t, CL_OBJ_TYPE) ? cl_type_dup_private(t) : t;
}

static void release_type(MPI_Datatype t)
{
    if (cl_is_virtual(t, CL_OBJ_TYPE))
        MPI_Type_free(&t);
}

static uint64_t file_name(int comm, uint64_t seq)
{
    uint64_t x = cl_objects[comm].name ^ (seq * 0x9e3779b97f4a7c15ULL) ^ 0xf11e0f11e0f11eULL;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x ? x : 1;
}

static MPI_File add_file(int comm, uint64_t seq, char *path, int amode, MPI_File real)
{
    files = cl_grow(files, &files_capacity, nfiles + 1, sizeof *files);
    struct file *f = &files[nfiles];
    memset(f, 0, sizeof *f);
    f->open = 1;
    f->comm = comm;
    f->name = file_name(comm, seq);
    int known = cl_nobjects;
    f->counter = cl_comm_pseudo(f->name);
    if (f->counter >= known) {
        cl_coll_join_window(f->counter);
        cl_coll_join_replay(f->counter);
    }
    f->amode = amode;
    f->etype = f->filetype = MPI_BYTE;
    snprintf(f->datarep, sizeof f->datarep, "native");
    f->errhandler = default_errhandler;
    cl_errhandler_hold(f->errhandler);
    f->path = path;
    f->path_len = (int32_t)strlen(path);
    f->real = real;
    return handle_of(nfiles++);
}

/* ---- opening and closing ---- */

int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    if (amode & MPI_MODE_SEQUENTIAL)
        cl_unsupported("MPI_File_open with MPI_MODE_SEQUENTIAL", SHARED_POINTER_WHY);
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_File_open"), rc;
    char *path = absolute_path(filename);
    MPI_File real = MPI_FILE_NULL;
    /* Served from the log: the other members opened it before their
     * checkpoints and have it open again alone; so does this rank. */
    if (replay)
        rc = PMPI_File_open(MPI_COMM_SELF, path, amode & ~MPI_MODE_EXCL, cl_real_info(info), &real);
    else
        rc = PMPI_File_open(c.real, path, amode, cl_real_info(info), &real);
    if (rc == MPI_SUCCESS) {
        *fh = add_file(c.comm, c.seq, path, amode, real);
        note_hints(file_of(*fh, "MPI_File_open"), info);
    } else {
        *fh = MPI_FILE_NULL;
        ckpt_untracked_free(path);
    }
    if (replay)
        cl_coll_replay(&c, NULL, 0);
    else
        cl_coll_end(&c, NULL, 0);
    return rc;
}

int MPI_File_close(MPI_File *fh)
{
    struct file *f = file_of(*fh, "MPI_File_close");
    if (!f)
        return PMPI_File_close(fh);
    struct cl_coll c;
    int replay = cl_coll_begin_at(&c, f->counter, "MPI_File_close");
    MPI_Offset size = 0;
    PMPI_File_get_size(f->real, &size); /* before a delete on close */
    int rc = PMPI_File_close(&f->real); /* on recovery this rank's own handle */
    f->open = 0;
    f->size = size;
    cl_errhandler_release(f->errhandler);
    f->errhandler = MPI_ERRORS_RETURN;
    release_type(f->etype);
    release_type(f->filetype);
    if (replay)
        cl_coll_replay(&c, NULL, 0);
    else
        cl_coll_end(&c, NULL, 0);
    *fh = MPI_FILE_NULL;
    return rc;
}

int MPI_File_delete(const char *filename, MPI_Info info)
{
    return PMPI_File_delete(filename, cl_real_info(info));
}

/* ---- collectives that change no data ---- */

/* A collective whose effect is this process's own: done on recovery too. */
static int own_collective_end(struct cl_coll *c, int replay, int rc)
{
    if (replay)
        cl_coll_replay(c, NULL, 0);
    else
        cl_coll_end(c, NULL, 0);
    return rc;
}

int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                      const char *datarep, MPI_Info info)
{
    struct file *f = file_of(fh, "MPI_File_set_view");
    if (!f)
        return PMPI_File_set_view(fh, disp, cl_real_type(etype), cl_real_type(filetype), datarep,
                                  cl_real_info(info));
    struct cl_coll c;
    int replay = cl_coll_begin_at(&c, f->counter, "MPI_File_set_view");
    int rc = PMPI_File_set_view(f->real, disp, cl_real_type(etype), cl_real_type(filetype), datarep,
                                cl_real_info(info));
    if (rc == MPI_SUCCESS) {
        note_hints(f, info);
        release_type(f->etype);
        release_type(f->filetype);
        f->etype = kept_type(etype);
        f->filetype = kept_type(filetype);
        f->disp = disp;
        snprintf(f->datarep, sizeof f->datarep, "%s", datarep ? datarep : "native");
    }
    return own_collective_end(&c, replay, rc);
}

int MPI_File_set_atomicity(MPI_File fh, int flag)
{
    struct file *f = file_of(fh, "MPI_File_set_atomicity");
    if (!f)
        return PMPI_File_set_atomicity(fh, flag);
    struct cl_coll c;
    int replay = cl_coll_begin_at(&c, f->counter, "MPI_File_set_atomicity");
    int rc = PMPI_File_set_atomicity(f->real, flag);
    if (rc == MPI_SUCCESS)
        f->atomic = flag != 0;
    return own_collective_end(&c, replay, rc);
}

int MPI_File_set_info(MPI_File fh, MPI_Info info)
{
    struct file *f = file_of(fh, "MPI_File_set_info");
    if (!f)
        return PMPI_File_set_info(fh, cl_real_info(info));
    struct cl_coll c;
    int replay = cl_coll_begin_at(&c, f->counter, "MPI_File_set_info");
    int rc = PMPI_File_set_info(f->real, cl_real_info(info));
    if (rc == MPI_SUCCESS)
        note_hints(f, info);
    return own_collective_end(&c, replay, rc);
}

/* set_size, preallocate, sync: their effect is on the file, there already
 * when served from the log. */
static int file_collective(MPI_File fh, const char *call, int (*op)(MPI_File, MPI_Offset),
                           MPI_Offset arg)
{
    struct file *f = file_of(fh, call);
    if (!f)
        return op(fh, arg);
    struct cl_coll c;
    if (cl_coll_begin_at(&c, f->counter, call))
        return cl_coll_replay(&c, NULL, 0);
    int rc = op(f->real, arg);
    cl_coll_end(&c, NULL, 0);
    return rc;
}

static int sync_op(MPI_File fh, MPI_Offset unused)
{
    (void)unused;
    return PMPI_File_sync(fh);
}

int MPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    return file_collective(fh, "MPI_File_set_size", PMPI_File_set_size, size);
}

int MPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    return file_collective(fh, "MPI_File_preallocate", PMPI_File_preallocate, size);
}

int MPI_File_sync(MPI_File fh) { return file_collective(fh, "MPI_File_sync", sync_op, 0); }

/* ---- collectives that move data ---- */

enum access { READ, WRITE, READ_AT, WRITE_AT };

static int data_call(enum access how, MPI_File real, MPI_Offset at, void *buf, int count,
                     MPI_Datatype type, MPI_Status *st)
{
    MPI_Datatype t = cl_real_type(type);
    switch (how) {
    case READ:
        return PMPI_File_read_all(real, buf, count, t, st);
    case WRITE:
        return PMPI_File_write_all(real, buf, count, t, st);
    case READ_AT:
        return PMPI_File_read_at_all(real, at, buf, count, t, st);
    case WRITE_AT:
        return PMPI_File_write_at_all(real, at, buf, count, t, st);
    }
    return MPI_ERR_INTERN;
}

/* A collective read or write: served from the log on recovery (a read's
 * data with it), the file pointer moved to where it was after it. */
static int data_collective(const char *call, enum access how, MPI_File fh, MPI_Offset at, void *buf,
                           int count, MPI_Datatype type, MPI_Status *status)
{
    struct file *f = file_of(fh, call);
    if (!f)
        return data_call(how, fh, at, buf, count, type, status);
    MPI_Status own;
    if (status == MPI_STATUS_IGNORE)
        status = &own;
    struct outcome o;
    memset(&o, 0, sizeof o);
    struct cl_block out[2] = {{&o, (int)sizeof o, MPI_BYTE}, {buf, count, type}};
    int nout = how == READ || how == READ_AT ? 2 : 1;
    struct cl_coll c;
    if (cl_coll_begin_at(&c, f->counter, call)) {
        int rc = cl_coll_replay(&c, out, nout);
        *status = o.status;
        PMPI_File_seek(f->real, o.position, MPI_SEEK_SET);
        return rc;
    }
    int rc = data_call(how, f->real, at, buf, count, type, status);
    o.status = *status;
    if (c.log) /* only a logged outcome is served again */
        PMPI_File_get_position(f->real, &o.position);
    cl_coll_end(&c, out, nout);
    return rc;
}

int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    return data_collective("MPI_File_read_all", READ, fh, 0, buf, count, datatype, status);
}

int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                       MPI_Status *status)
{
    return data_collective("MPI_File_write_all", WRITE, fh, 0, (void *)buf, count, datatype,
                           status);
}

int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count,
                         MPI_Datatype datatype, MPI_Status *status)
{
    return data_collective("MPI_File_read_at_all", READ_AT, fh, offset, buf, count, datatype,
                           status);
}

int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                          MPI_Datatype datatype, MPI_Status *status)
{
    return data_collective("MPI_File_write_at_all", WRITE_AT, fh, offset, (void *)buf, count,
                           datatype, status);
}

/* Non-blocking collectives: done now, their request complete (MPI allows
 * it), so none is in flight at a checkpoint. */
static int done_now(int rc, const MPI_Status *st, MPI_Request *request)
{
    *request = cl_request_done(st);
    return rc;
}

int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                       MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_read_all(fh, buf, count, datatype, &st), &st, request);
}

int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                        MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_write_all(fh, buf, count, datatype, &st), &st, request);
}

int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count,
                          MPI_Datatype datatype, MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_read_at_all(fh, offset, buf, count, datatype, &st), &st, request);
}

int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                           MPI_Datatype datatype, MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_write_at_all(fh, offset, buf, count, datatype, &st), &st, request);
}

/* Split collectives: the whole collective at _begin, its status kept (in the
 * image too) for _end. */
static int split_begin(MPI_File fh, int rc, const MPI_Status *st)
{
    struct file *f = file_of(fh, "a split collective");
    if (f) {
        f->split_pending = 1;
        f->split_status = *st;
    }
    return rc;
}

static int split_end(MPI_File fh, MPI_Status *status, const char *call)
{
    struct file *f = file_of(fh, call);
    if (!f || !f->split_pending)
        return MPI_ERR_OTHER; /* an end without its begin */
    f->split_pending = 0;
    if (status != MPI_STATUS_IGNORE)
        *status = f->split_status;
    return MPI_SUCCESS;
}

int MPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    MPI_Status st;
    return split_begin(fh, MPI_File_read_all(fh, buf, count, datatype, &st), &st);
}

int MPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_read_all_end");
}

int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    MPI_Status st;
    return split_begin(fh, MPI_File_write_all(fh, buf, count, datatype, &st), &st);
}

int MPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_write_all_end");
}

int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count,
                               MPI_Datatype datatype)
{
    MPI_Status st;
    return split_begin(fh, MPI_File_read_at_all(fh, offset, buf, count, datatype, &st), &st);
}

int MPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_read_at_all_end");
}

int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                MPI_Datatype datatype)
{
    MPI_Status st;
    return split_begin(fh, MPI_File_write_at_all(fh, offset, buf, count, datatype, &st), &st);
}

int MPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)buf;
    return split_end(fh, status, "MPI_File_write_at_all_end");
}

/* ---- independent access: done again on recovery like any other work ---- */

int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    return PMPI_File_read(real_of(fh, "MPI_File_read"), buf, count, cl_real_type(datatype), status);
}

int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                   MPI_Status *status)
{
    return PMPI_File_write(real_of(fh, "MPI_File_write"), buf, count, cl_real_type(datatype),
                           status);
}

int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                     MPI_Status *status)
{
    return PMPI_File_read_at(real_of(fh, "MPI_File_read_at"), offset, buf, count,
                             cl_real_type(datatype), status);
}

int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                      MPI_Datatype datatype, MPI_Status *status)
{
    return PMPI_File_write_at(real_of(fh, "MPI_File_write_at"), offset, buf, count,
                              cl_real_type(datatype), status);
}

int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_read(fh, buf, count, datatype, &st), &st, request);
}

int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                    MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_write(fh, buf, count, datatype, &st), &st, request);
}

int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                      MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_read_at(fh, offset, buf, count, datatype, &st), &st, request);
}

int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                       MPI_Datatype datatype, MPI_Request *request)
{
    MPI_Status st;
    return done_now(MPI_File_write_at(fh, offset, buf, count, datatype, &st), &st, request);
}

int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
    return PMPI_File_seek(real_of(fh, "MPI_File_seek"), offset, whence);
}

/* ---- queries ---- */

int MPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    return PMPI_File_get_position(real_of(fh, "MPI_File_get_position"), offset);
}

int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    return PMPI_File_get_byte_offset(real_of(fh, "MPI_File_get_byte_offset"), offset, disp);
}

int MPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    return PMPI_File_get_size(real_of(fh, "MPI_File_get_size"), size);
}

int MPI_File_get_amode(MPI_File fh, int *amode)
{
    struct file *f = file_of(fh, "MPI_File_get_amode");
    if (!f)
        return PMPI_File_get_amode(fh, amode);
    *amode = f->amode; /* the reopened file's lacks MPI_MODE_CREATE */
    return MPI_SUCCESS;
}

int MPI_File_get_atomicity(MPI_File fh, int *flag)
{
    return PMPI_File_get_atomicity(real_of(fh, "MPI_File_get_atomicity"), flag);
}

/* The group of the communicator it was opened on (a reopened file's own is
 * MPI_COMM_SELF's). */
int MPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    struct file *f = file_of(fh, "MPI_File_get_group");
    if (!f)
        return PMPI_File_get_group(fh, group);
    MPI_Comm comm = f->comm == CL_WORLD  ? MPI_COMM_WORLD
                    : f->comm == CL_SELF ? MPI_COMM_SELF
                                         : CL_HANDLE(MPI_Comm, cl_handle_of(f->comm));
    return MPI_Comm_group(comm, group);
}

int MPI_File_get_info(MPI_File fh, MPI_Info *info)
{
    MPI_Info real;
    int rc = PMPI_File_get_info(real_of(fh, "MPI_File_get_info"), &real);
    *info = rc == MPI_SUCCESS ? cl_info_adopt(real) : MPI_INFO_NULL;
    return rc;
}

int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    return PMPI_File_get_type_extent(real_of(fh, "MPI_File_get_type_extent"),
                                     cl_real_type(datatype), extent);
}

/* Derived types come back as new handles the program frees (MPI says so). */
int MPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                      char *datarep)
{
    struct file *f = file_of(fh, "MPI_File_get_view");
    if (!f)
        return PMPI_File_get_view(fh, disp, etype, filetype, datarep);
    *disp = f->disp;
    *etype = kept_type(f->etype);
    *filetype = kept_type(f->filetype);
    strcpy(datarep, f->datarep);
    return MPI_SUCCESS;
}

/* ---- error handlers ----
 *
 * The program's handler of each file (and of MPI_FILE_NULL, which files
 * opened later start with) is recorded here, and set again on the reopened
 * file. One the program made is, for the library, a trampoline (as for
 * communicators, errhandlers.c): MPI would hand it the library's file
 * handle, which the program never saw. Each file holds a reference to its
 * handler, so that the program may free its own at once, as MPI allows. */

void cl_file_errhandler_trampoline(MPI_File *real, int *code, ...)
{
    MPI_File program = MPI_FILE_NULL;
    MPI_Errhandler handler = default_errhandler;
    for (int i = 0; i < nfiles && *real != MPI_FILE_NULL; i++)
        if (files[i].open && files[i].real == *real) {
            program = handle_of(i);
            handler = files[i].errhandler;
        }
    if (!cl_is_virtual(handler, CL_OBJ_ERRHANDLER))
        ckpt_fatal("MPI error %d on a file whose error handler this layer does not know", *code);
    MPI_File_errhandler_function *function = (MPI_File_errhandler_function *)(uintptr_t)
        cl_recipe_arg(cl_index_of(handler), CL_MAKE_FILE_ERRHANDLER, 0);
    function(&program, code);
}

int MPI_File_create_errhandler(MPI_File_errhandler_function *function,
                               MPI_Errhandler *errhandler)
{
    MPI_Errhandler real;
    int rc = PMPI_File_create_errhandler(cl_file_errhandler_trampoline, &real);
    int64_t args[1] = {(int64_t)(uintptr_t)function};
    *errhandler = CL_HANDLE(MPI_Errhandler, cl_object_add(CL_OBJ_ERRHANDLER, CL_BITS(real),
                                                          CL_MAKE_FILE_ERRHANDLER, args, 1));
    cl_objects[cl_index_of(*errhandler)].slot = 1; /* the program's reference */
    return rc;
}

int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
{
    struct file *f = file_of(file, "MPI_File_set_errhandler");
    if (cl_is_virtual(errhandler, CL_OBJ_ERRHANDLER) &&
        cl_recipe_find(cl_index_of(errhandler), CL_MAKE_FILE_ERRHANDLER, &(int){0}) == NULL)
    { /* a communicator's: an error, raised on the file as MPI would */
        PMPI_File_call_errhandler(f ? f->real : file, MPI_ERR_ARG);
        return MPI_ERR_ARG;
    }
    int rc = PMPI_File_set_errhandler(f ? f->real : file, cl_real_errhandler(errhandler));
    if (rc == MPI_SUCCESS) {
        MPI_Errhandler *kept = f ? &f->errhandler : &default_errhandler;
        cl_errhandler_hold(errhandler);
        cl_errhandler_release(*kept);
        *kept = errhandler;
    }
    return rc;
}

int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler)
{
    struct file *f = file_of(file, "MPI_File_get_errhandler");
    *errhandler = f ? f->errhandler : default_errhandler;
    cl_errhandler_hold(*errhandler); /* a new reference for the program, as in MPI */
    return MPI_SUCCESS;
}

int MPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    return PMPI_File_call_errhandler(real_of(fh, "MPI_File_call_errhandler"), errorcode);
}

void cl_files_keep_comms(unsigned char *needed)
{
    for (int i = 0; i < nfiles; i++)
        if (files[i].open)
            needed[files[i].comm] = 1;
}

/* ---- image ---- */

void cl_files_save(void **bytes, size_t *n)
{
    size_t size = 2 * sizeof(int64_t);
    for (int i = 0; i < nfiles; i++) {
        struct file *f = &files[i];
        if (f->open) {
            PMPI_File_get_position(f->real, &f->position);
            PMPI_File_get_size(f->real, &f->size);
        }
        size += SAVED_BYTES + (size_t)f->path_len + (size_t)f->hints_len;
    }
    unsigned char *p = ckpt_untracked_malloc(size), *q = p;
    int64_t head[2] = {nfiles, CL_ARG(default_errhandler)};
    memcpy(q, head, sizeof head);
    q += sizeof head;
    for (int i = 0; i < nfiles; i++) {
        memcpy(q, &files[i], SAVED_BYTES);
        q += SAVED_BYTES;
        memcpy(q, files[i].path, (size_t)files[i].path_len);
        q += files[i].path_len;
        if (files[i].hints_len)
            memcpy(q, files[i].hints, (size_t)files[i].hints_len);
        q += files[i].hints_len;
    }
    *bytes = p;
    *n = size;
}

int cl_files_load(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int64_t head[2];
    if (n < sizeof head)
        return -1;
    memcpy(head, p, sizeof head);
    p += sizeof head;
    if (head[0] < 0 || head[0] > INT_MAX)
        return -1;
    nfiles = 0;
    default_errhandler = CL_ARG_HANDLE(MPI_Errhandler, head[1]);
    for (int i = 0; i < head[0]; i++) {
        files = cl_grow(files, &files_capacity, nfiles + 1, sizeof *files);
        struct file *f = &files[nfiles];
        if ((size_t)(end - p) < SAVED_BYTES)
            return -1;
        memcpy(f, p, SAVED_BYTES);
        p += SAVED_BYTES;
        if (f->path_len < 0 || f->hints_len < 0 || end - p < (int64_t)f->path_len + f->hints_len ||
            f->counter < 0 || f->counter >= cl_nobjects || f->comm < 0 || f->comm >= cl_nobjects)
            return -1;
        f->path = ckpt_untracked_malloc((size_t)f->path_len + 1);
        memcpy(f->path, p, (size_t)f->path_len);
        f->path[f->path_len] = '\0';
        p += f->path_len;
        /* whole pairs of NUL-terminated strings, or hints_info would read past them */
        f->hints = NULL;
        if (f->hints_len) {
            if (p[f->hints_len - 1] != '\0')
                return -1;
            int strings = 0;
            for (int k = 0; k < f->hints_len; k++)
                strings += p[k] == '\0';
            if (strings % 2)
                return -1;
            f->hints = ckpt_untracked_malloc((size_t)f->hints_len);
            memcpy(f->hints, p, (size_t)f->hints_len);
            p += f->hints_len;
        }
        f->datarep[sizeof f->datarep - 1] = '\0';
        f->real = MPI_FILE_NULL;
        nfiles++;
    }
    return p == end ? 0 : -1;
}

/* ---- recovery ---- */

static void reopen(struct file *f, uint64_t checkpoint)
{
    MPI_Info hints = hints_info(f);
    int rc = PMPI_File_open(MPI_COMM_SELF, f->path, f->amode & ~(MPI_MODE_CREATE | MPI_MODE_EXCL),
                            hints, &f->real);
    if (rc == MPI_SUCCESS)
        rc = PMPI_File_set_view(f->real, f->disp, cl_real_type(f->etype), cl_real_type(f->filetype),
                                f->datarep, hints);
    if (hints != MPI_INFO_NULL)
        PMPI_Info_free(&hints);
    if (rc == MPI_SUCCESS && f->atomic)
        rc = PMPI_File_set_atomicity(f->real, 1);
    if (rc == MPI_SUCCESS)
        rc = PMPI_File_seek(f->real, f->position, MPI_SEEK_SET);
    if (rc == MPI_SUCCESS)
        rc = PMPI_File_set_errhandler(f->real, cl_real_errhandler(f->errhandler));
    if (rc != MPI_SUCCESS) {
        char why[MPI_MAX_ERROR_STRING] = "";
        int len = 0;
        PMPI_Error_string(rc, why, &len);
        ckpt_fatal("recovering from checkpoint %llu: MPI-IO file %s, open at the checkpoint, "
                   "cannot be opened again as it was (%s); was it removed or moved since?",
                   (unsigned long long)checkpoint, f->path, why);
    }
}

/* The largest size every rank recorded for each file (open at its
 * checkpoint or closed before it); files are known by their counter's name. */
static int64_t agreed_size(const uint64_t *all, int total, uint64_t name)
{
    int64_t size = -1;
    for (int k = 0; k + 1 < total; k += 2)
        if (all[k] == name && (int64_t)all[k + 1] > size)
            size = (int64_t)all[k + 1];
    return size;
}

static void cut_back(uint64_t checkpoint)
{
    uint64_t *mine = ckpt_untracked_malloc(sizeof(uint64_t) * 2 * (size_t)(nfiles + 1));
    for (int i = 0; i < nfiles; i++) {
        mine[2 * i] = files[i].name;
        mine[2 * i + 1] = (uint64_t)files[i].size;
    }
    int total;
    uint64_t *all = cl_allgather_words(mine, 2 * nfiles, &total);
    for (int i = 0; i < nfiles; i++) {
        struct file *f = &files[i];
        MPI_Offset now = 0;
        int64_t size = agreed_size(all, total, f->name);
        if (!f->open || PMPI_File_get_size(f->real, &now) != MPI_SUCCESS || now <= size)
            continue;
        if (PMPI_File_set_size(f->real, size) != MPI_SUCCESS)
            ckpt_fatal("recovering from checkpoint %llu: MPI-IO file %s cannot be cut back to "
                       "%lld bytes, its size at the checkpoint",
                       (unsigned long long)checkpoint, f->path, (long long)size);
    }
    /* No rank writes before every cut is made. */
    PMPI_Barrier(cl.control);
    ckpt_untracked_free(mine);
    ckpt_untracked_free(all);
}

void cl_files_recover(uint64_t checkpoint)
{
    /* Local, and needed before any file is opened again. */
    PMPI_File_set_errhandler(MPI_FILE_NULL, cl_real_errhandler(default_errhandler));
    int any = nfiles > 0, anyone = 0;
    PMPI_Allreduce(&any, &anyone, 1, MPI_INT, MPI_MAX, cl.control);
    if (!anyone)
        return;
    for (int i = 0; i < nfiles; i++)
        if (files[i].open)
            reopen(&files[i], checkpoint);
    cut_back(checkpoint);
}
