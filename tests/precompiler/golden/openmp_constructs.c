/* OpenMP constructs (parsed with -fopenmp): no label and no restore code
 * inside a structured block, since no jump may enter one. A construct whose
 * block calls code that may reach a potential checkpoint is bracketed by
 * ckpt_openmp_construct(+1)/(-1), so that none is taken until it ends (with
 * braces where the construct is the body of an if); one that calls nothing
 * of the kind is left as it is. */
// INSTRUMENT-FLAGS: -fopenmp
int omp_get_thread_num(void);
void elsewhere(int); /* of another unit: assumed not to reach */

static long sum;

static void add(long x)
{
#pragma omp atomic
    sum += x;
#pragma ckpt potential
}

/* Its only reaching call is inside the construct: it never reaches. */
static void orphaned(int n)
{
#pragma omp for
    for (int i = 0; i < n; i++) {
        long v = i * 3;
        add(v);
    }
}

int main(void)
{
    long total = 0;
    for (int step = 0; step < 20; step++) {
#pragma ckpt potential
#pragma omp parallel for reduction(+ : total)
        for (int i = 0; i < 50; i++)
            total += i * step;
        if (step % 2)
#pragma omp parallel for
            for (int i = 0; i < 50; i++)
                add(i);
        orphaned(10);
#pragma omp parallel
        {
#pragma omp single
            elsewhere(omp_get_thread_num());
        }
        add(step);
    }
    return (int)(total + sum);
}
// EXPECT-WARNING: 26:9: the call to 'add' may reach a potential checkpoint, and it is inside an OpenMP 'for' construct
// EXPECT-WARNING: 41:17: the call to 'add' may reach a potential checkpoint, and it is inside an OpenMP 'parallel for' construct
