/* Preloaded by library_moved.py: a library loaded before all others moves
 * every shared library of the program (the C library, the MPI library) to
 * other addresses, as another installation would. Its size is the shift. */
char aalc_shift_libraries_pad[1 << 20];
