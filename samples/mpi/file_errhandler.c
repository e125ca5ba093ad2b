/* file_errhandler: error handlers the program makes for MPI-IO files, kept
 * across the potential checkpoint.
 *
 * Before the loop each rank makes two handlers with
 * MPI_File_create_errhandler: `on_open` for MPI_FILE_NULL, which handles
 * errors of MPI_File_open, and `on_file`, for its own file, which it opens
 * (on MPI_COMM_SELF) a third of the way through the loop: checkpoints
 * before that hold no file at all, and the one on MPI_FILE_NULL must still
 * come back. It frees its handle of `on_file` once it is set (the file
 * keeps its own, as MPI allows).
 *
 * Every step with the file open it appends a line to it; every 3rd step it reads from
 * the write-only file (an error: `on_file` must be called with the
 * program's own file handle); every 5th it opens a file that does not
 * exist (`on_open` is called with MPI_FILE_NULL). Each handler counts its
 * calls and checks the handle it is given and the error class; every 50th
 * step MPI_File_get_errhandler must give a handler, and
 * MPI_File_call_errhandler must call `on_file` again. A recovery that did not set
 * the handlers again (MPI would then return the error or abort) or gave them
 * the library's handle changes the counts. Rank 0 prints every rank's
 * counts and its file's size at the end.
 *
 *   mpiexec -n N file_errhandler [steps] [work]     defaults: 300, 20000
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static MPI_File own_file = MPI_FILE_NULL;
static long file_errors, open_errors, wrong_handle, wrong_class, called_by_program;
static int program_calls; /* set around MPI_File_call_errhandler */

static void on_file(MPI_File *fh, int *code, ...)
{
    int cls = 0;
    MPI_Error_class(*code, &cls);
    if (program_calls) {
        called_by_program++;
        wrong_handle += *fh != own_file;
        wrong_class += cls != MPI_ERR_OTHER;
        return;
    }
    file_errors++;
    wrong_handle += *fh != own_file;
    wrong_class += cls != MPI_ERR_ACCESS && cls != MPI_ERR_AMODE && cls != MPI_ERR_UNSUPPORTED_OPERATION;
}

static void on_open(MPI_File *fh, int *code, ...)
{
    int cls = 0;
    MPI_Error_class(*code, &cls);
    open_errors++;
    wrong_handle += *fh != MPI_FILE_NULL;
    wrong_class += cls != MPI_ERR_NO_SUCH_FILE && cls != MPI_ERR_FILE && cls != MPI_ERR_IO;
}

static uint64_t spin(uint64_t h, long work)
{
    for (long i = 0; i < work; i++)
        h = h * 6364136223846793005ULL + 1442695040888963407ULL;
    return h;
}

/* Appends a line, makes an error every 3rd step, and every 50th calls the
 * file's handler through MPI. */
static uint64_t use_file(int step, uint64_t h)
{
    char line[64];
    int n = snprintf(line, sizeof line, "step %d %016llx\n", step, (unsigned long long)h);
    MPI_Offset end = 0;
    MPI_File_get_size(own_file, &end);
    MPI_File_write_at(own_file, end, line, n, MPI_CHAR, MPI_STATUS_IGNORE);
    if (step % 3 == 0) {
        char back[8];
        MPI_File_read_at(own_file, 0, back, 8, MPI_CHAR, MPI_STATUS_IGNORE); /* write-only */
    }
    if (step % 50 == 49) {
        MPI_Errhandler got;
        MPI_File_get_errhandler(own_file, &got);
        program_calls = 1;
        MPI_File_call_errhandler(own_file, MPI_ERR_OTHER);
        program_calls = 0;
        MPI_Errhandler_free(&got);
    }
    return h ^ (uint64_t)end;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 300;
    long work = argc > 2 ? atol(argv[2]) : 20000;

    MPI_Errhandler eh_file, eh_open;
    MPI_File_create_errhandler(on_file, &eh_file);
    MPI_File_create_errhandler(on_open, &eh_open);
    MPI_File_set_errhandler(MPI_FILE_NULL, eh_open);

    uint64_t h = 0x5eed + (uint64_t)rank;
    for (int step = 0; step < steps; step++) {
#pragma ckpt potential
        h = spin(h, work);
        if (step == steps / 3) {
            char name[64];
            snprintf(name, sizeof name, "file_errhandler.rank%d.txt", rank);
            MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                          &own_file);
            MPI_File_set_size(own_file, 0);
            MPI_File_set_errhandler(own_file, eh_file);
            MPI_Errhandler_free(&eh_file);
        }
        if (step % 5 == 0) {
            MPI_File missing;
            if (MPI_File_open(MPI_COMM_SELF, "file_errhandler.no-such-dir/x", MPI_MODE_RDONLY,
                              MPI_INFO_NULL, &missing) == MPI_SUCCESS)
                MPI_File_close(&missing);
        }
        if (own_file != MPI_FILE_NULL)
            h = use_file(step, h);
        uint64_t mixed = 0;
        MPI_Allreduce(&h, &mixed, 1, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
        h ^= mixed >> 7;
    }
    MPI_Offset bytes = 0;
    MPI_File_get_size(own_file, &bytes);
    MPI_File_close(&own_file);
    /* `on_open` stays set, and its handle is not freed: MPICH 4.0 counts the
     * references of a handler set on MPI_FILE_NULL one short, and asserts
     * when it is freed, before or after MPI_File_set_errhandler takes it
     * off. */

    long mine[6] = {file_errors, open_errors, wrong_handle, wrong_class, called_by_program,
                    (long)bytes};
    long *all = malloc(sizeof mine * (size_t)size);
    MPI_Gather(mine, 6, MPI_LONG, all, 6, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("file_errhandler: %d ranks, %d steps\n", size, steps);
        for (int r = 0; r < size; r++)
            printf("rank %d: %ld file errors, %ld open errors, %ld wrong handles, %ld wrong "
                   "classes, %ld calls by the program, file %ld bytes\n",
                   r, all[6 * r], all[6 * r + 1], all[6 * r + 2], all[6 * r + 3], all[6 * r + 4],
                   all[6 * r + 5]);
    }
    free(all);
    MPI_Finalize();
    return 0;
}
