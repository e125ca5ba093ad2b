/* A function of another unit that ckpt-link found to reach a potential
 * checkpoint, called in an OpenMP parallel region: the region is bracketed
 * by ckpt_openmp_construct, and the call is not a site. */
// INSTRUMENT-FLAGS: -fopenmp
// REACHES: step_cells
void step_cells(double *cells, int n);

void run(double *cells, int n, int steps)
{
    for (int s = 0; s < steps; s++) {
#pragma omp parallel
        step_cells(cells, n);
        step_cells(cells, n);
    }
}
// EXPECT-WARNING: 12:9: the call to 'step_cells' may reach a potential checkpoint
