static inline void each_cell(int n)
{
    void step_cell(int);
#pragma omp for
    for (int i = 0; i < n; i++)
        step_cell(i);
}
