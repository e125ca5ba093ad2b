/* Included by global_in_header.c. */
int initialised_in_header = 1;
extern int declared_in_header;
const int constant_in_header = 2;
