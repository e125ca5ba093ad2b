/* A potential point inside an OpenMP construct, here nested in another:
 * refused, with where to move it. */
// INSTRUMENT-FLAGS: -fopenmp
void work(long *);

void f(long *cells)
{
#pragma omp parallel
    {
        work(cells);
#pragma omp single
        {
#pragma ckpt potential
            work(cells);
        }
    }
}
// EXPECT-ERROR: 13:1: a potential checkpoint cannot be inside an OpenMP construct
// EXPECT-NOTE: 8:1: the OpenMP construct starts here
