/* A construct in a header calls a function that reaches a potential
 * checkpoint: the bracket that keeps checkpoints out of it cannot go into
 * the header, so it is refused. */
// INSTRUMENT-FLAGS: -fopenmp
#include "openmp_construct_in_header.h"

void step_cell(int i)
{
#pragma ckpt potential
    (void)i;
}

void run(int n)
{
    each_cell(n);
}
// EXPECT-ERROR: openmp_construct_in_header.h:6:9: inside an OpenMP 'for' construct in a header
