/* mpiio: MPI-IO files open across the potential checkpoint, written and read
 * back with collective and independent calls.
 *
 * Three kinds of files, in the working directory:
 *   - mpiio.dat, opened by every rank (MPI_COMM_WORLD) before the loop, with
 *     a hint (cb_buffer_size) given at the open and again with the view, and
 *     cut to 0 bytes (MPI_File_set_size). Its view (a contiguous type of BLK
 *     doubles resized to the blocks of all ranks, displaced by the rank's
 *     block; the program frees both types right after MPI_File_set_view)
 *     interleaves the ranks: every step each rank appends its block with
 *     MPI_File_write_all (individual file pointer), then reads back the
 *     block it wrote in the previous step with MPI_File_read_at_all
 *     (explicit offset, in the view's etypes) and folds it into its state.
 *     Every 16 steps a rank also re-reads its own first block with
 *     MPI_File_iread_at and MPI_Wait;
 *   - mpiio.rank<R>.log, opened by each rank alone (MPI_COMM_SELF): a text
 *     line per step appended at the end the file has (MPI_File_get_size,
 *     MPI_File_write_at), so lines written after the checkpoint and not cut
 *     back on recovery would stay in the file;
 *   - mpiio.part<K>.dat, every 7 steps: opened collectively with hints (an
 *     MPI_Info made before the loop, read and changed at each use), each rank's
 *     row of an array written through a subarray view with
 *     MPI_File_write_all, synced and closed within the step, so that opens
 *     and closes fall on both sides of the ranks' checkpoints.
 * One MPI_Allreduce per step mixes the ranks' states. A potential
 * checkpoint is at the top of the step.
 *
 * At the end rank 0 prints the hint mpiio.dat has (a file reopened on
 * recovery without the program's hints would have the library's default),
 * every file is closed and rank 0 prints, per file, its size and
 * a checksum of its bytes: a recovered run that kept what was written after
 * the checkpoint, or lost what was written before it, prints other lines.
 *
 *   mpiexec -n N mpiio [steps] [work]     default: 200 steps, 20000 work
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLK 64

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* FNV-1a of a file's bytes, and its size (-1 when missing). */
static uint64_t file_checksum(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    uint64_t h = 1469598103934665603ULL;
    *size = -1;
    if (!f)
        return 0;
    int c;
    long n = 0;
    while ((c = fgetc(f)) != EOF) {
        h = (h ^ (unsigned char)c) * 1099511628211ULL;
        n++;
    }
    fclose(f);
    *size = n;
    return h;
}

static void check(int rc, const char *what)
{
    if (rc != MPI_SUCCESS) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        fprintf(stderr, "mpiio: %s failed: %s\n", what, msg);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 200;
    long work = argc > 2 ? atol(argv[2]) : 20000;

    MPI_File data, log;
    MPI_Info data_hints;
    MPI_Info_create(&data_hints);
    MPI_Info_set(data_hints, "cb_buffer_size", "131072");
    check(MPI_File_open(MPI_COMM_WORLD, "mpiio.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, data_hints,
                        &data),
          "MPI_File_open mpiio.dat");
    check(MPI_File_set_size(data, 0), "MPI_File_set_size");
    MPI_Datatype block, filetype;
    MPI_Type_contiguous(BLK, MPI_DOUBLE, &block);
    MPI_Type_create_resized(block, 0, (MPI_Aint)(size * BLK * sizeof(double)), &filetype);
    MPI_Type_commit(&filetype);
    check(MPI_File_set_view(data, (MPI_Offset)(rank * BLK * sizeof(double)), MPI_DOUBLE, filetype,
                            "native", data_hints),
          "MPI_File_set_view");
    MPI_Info_free(&data_hints);
    MPI_Type_free(&block);
    MPI_Type_free(&filetype);

    char name[64];
    snprintf(name, sizeof name, "mpiio.rank%d.log", rank);
    MPI_File_delete(name, MPI_INFO_NULL); /* a file of an earlier run */
    check(
        MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &log),
        "MPI_File_open log");

    /* Hints made before the loop and changed in it: used after a recovery. */
    MPI_Info hints;
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "cb_buffer_size", "65536");

    uint64_t state = mix64((uint64_t)rank + 1);
    double buf[BLK], back[BLK];
    int parts = 0;
    for (int s = 0; s < steps; s++) {
#pragma ckpt potential
        for (long w = 0; w < work; w++)
            state = mix64(state + (uint64_t)w);
        for (int i = 0; i < BLK; i++)
            buf[i] = (double)((state >> (i % 48)) & 0xffff) + s;
        MPI_Status st;
        check(MPI_File_write_all(data, buf, BLK, MPI_DOUBLE, &st), "MPI_File_write_all");
        int got;
        MPI_Get_count(&st, MPI_DOUBLE, &got);
        state = mix64(state ^ (uint64_t)got);
        if (s > 0) {
            MPI_Offset at = (MPI_Offset)(s - 1) * BLK; /* etypes of this rank's view */
            check(MPI_File_read_at_all(data, at, back, BLK, MPI_DOUBLE, &st),
                  "MPI_File_read_at_all");
            for (int i = 0; i < BLK; i++)
                state = mix64(state ^ (uint64_t)back[i]);
        }
        if (s % 16 == 15) {
            MPI_Request req;
            check(MPI_File_iread_at(data, 0, back, BLK, MPI_DOUBLE, &req), "MPI_File_iread_at");
            MPI_Wait(&req, &st);
            state = mix64(state ^ (uint64_t)back[BLK - 1]);
        }
        char line[96];
        int n = snprintf(line, sizeof line, "rank %d step %d state %016llx\n", rank, s,
                         (unsigned long long)state);
        MPI_Offset end;
        MPI_File_get_size(log, &end);
        check(MPI_File_write_at(log, end, line, n, MPI_CHAR, &st), "MPI_File_write_at");
        if (s % 7 == 3) {
            MPI_File part;
            char pname[64];
            snprintf(pname, sizeof pname, "mpiio.part%d.dat", parts++);
            char value[MPI_MAX_INFO_VAL + 1];
            int found;
            MPI_Info_get(hints, "cb_buffer_size", MPI_MAX_INFO_VAL, value, &found);
            state = mix64(state ^ (uint64_t)(found ? atol(value) : 0));
            snprintf(value, sizeof value, "%d", 65536 << (parts % 3));
            MPI_Info_set(hints, "cb_buffer_size", value);
            check(MPI_File_open(MPI_COMM_WORLD, pname, MPI_MODE_CREATE | MPI_MODE_WRONLY, hints,
                                &part),
                  "MPI_File_open part");
            MPI_Info used;
            MPI_File_get_info(part, &used);
            MPI_Info_free(&used);
            check(MPI_File_set_size(part, 0), "MPI_File_set_size part");
            /* A row of a size x 8 array per rank, through a subarray view
             * (the library flattens it with calls of its own). */
            int sizes[2] = {size, 8}, subsizes[2] = {1, 8}, starts[2] = {rank, 0};
            MPI_Datatype row;
            MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_UINT64_T, &row);
            MPI_Type_commit(&row);
            check(MPI_File_set_view(part, 0, MPI_UINT64_T, row, "native", MPI_INFO_NULL),
                  "MPI_File_set_view part");
            MPI_Type_free(&row);
            uint64_t words[8];
            for (int i = 0; i < 8; i++)
                words[i] = mix64(state + (uint64_t)i);
            check(MPI_File_write_all(part, words, 8, MPI_UINT64_T, &st), "MPI_File_write_all part");
            check(MPI_File_sync(part), "MPI_File_sync");
            check(MPI_File_close(&part), "MPI_File_close part");
        }
        uint64_t sum;
        MPI_Allreduce(&state, &sum, 1, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
        state = mix64(state + sum);
        if (rank == 0 && s % 20 == 0)
            printf("step %4d: %016llx\n", s, (unsigned long long)sum);
    }
    MPI_Info used;
    char hint[MPI_MAX_INFO_VAL + 1] = "(none)";
    int found;
    MPI_File_get_info(data, &used);
    MPI_Info_get(used, "cb_buffer_size", MPI_MAX_INFO_VAL, hint, &found);
    MPI_Info_free(&used);
    if (rank == 0)
        printf("mpiio.dat: cb_buffer_size %s\n", hint);
    MPI_Offset pos;
    MPI_File_get_position(data, &pos);
    check(MPI_File_close(&data), "MPI_File_close data");
    check(MPI_File_close(&log), "MPI_File_close log");
    MPI_Info_free(&hints);
    long long positions[2] = {(long long)pos, 0}, all[2];
    MPI_Reduce(positions, all, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("file pointers: %lld etypes in all\n", all[0]);
        long fsize;
        uint64_t h = file_checksum("mpiio.dat", &fsize);
        printf("mpiio.dat: %ld bytes, %016llx\n", fsize, (unsigned long long)h);
        for (int r = 0; r < size; r++) {
            snprintf(name, sizeof name, "mpiio.rank%d.log", r);
            h = file_checksum(name, &fsize);
            printf("%s: %ld bytes, %016llx\n", name, fsize, (unsigned long long)h);
        }
        uint64_t parts_hash = 0;
        long parts_bytes = 0;
        for (int k = 0; k < parts; k++) {
            char pname[64];
            snprintf(pname, sizeof pname, "mpiio.part%d.dat", k);
            h = file_checksum(pname, &fsize);
            parts_hash = mix64(parts_hash ^ h);
            parts_bytes += fsize;
        }
        printf("%d part files: %ld bytes, %016llx\n", parts, parts_bytes,
               (unsigned long long)parts_hash);
    }
    MPI_Finalize();
    return 0;
}
