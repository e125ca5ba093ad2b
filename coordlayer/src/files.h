/* MPI-IO files (files.c): the program's file handles, open again after a
 * recovery at their state at the checkpoint. */
#ifndef AALC_CL_FILES_H
#define AALC_CL_FILES_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

/* What the library calls for every file error handler the program made:
 * finds the program's function and file handle, and calls the one with
 * the other (as errhandlers.c does for communicators). */
void cl_file_errhandler_trampoline(MPI_File *real, int *code, ...);

/* Marks the communicators open files were opened on (table indices) in
 * `needed`: MPI_File_get_group names them while the file is open. */
void cl_files_keep_comms(unsigned char *needed);

/* Image: the files open at the checkpoint (view, pointer, size) and the
 * sizes of those closed since the last recovery. */
void cl_files_save(void **bytes, size_t *n);
int cl_files_load(const void *bytes, size_t n);
/* Recovery, after the objects are rebuilt: every file open at the
 * checkpoint is open again, alone, and cut back to the size the ranks
 * agree on. Collective over every rank. Stops the program, naming the file,
 * when one cannot be opened again. */
void cl_files_recover(uint64_t checkpoint);

#endif
