/*
 * global_struct.c -- particles in a box, kept in heap arrays reached from a
 * global pointer.
 *
 * Shows: a global pointer to a heap struct whose members point to more heap
 * blocks: arrays from posix_memalign and calloc, a histogram that grows with
 * realloc, a strdup'ed name. Globals are saved when a checkpoint is taken,
 * the heap comes back at the same addresses, so the whole pointer graph is
 * valid again after recovery.
 *
 * Usage: global_struct [steps]   (default 8000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct world {
    char *name;
    size_t n;           /* particles */
    double *x, *y;      /* positions in [0,1), 64-byte aligned */
    double *vx, *vy;    /* velocities */
    long *bins;         /* histogram of x positions */
    size_t nbins;       /* grows over time with realloc */
    long bounces;
} world;

static world *W; /* the only way to the data */

static double *aligned_doubles(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, n * sizeof(double)) != 0) {
        perror("posix_memalign");
        exit(1);
    }
    return p;
}

static void create_world(size_t n)
{
    W = calloc(1, sizeof *W);
    W->name = strdup("box-of-particles");
    W->n = n;
    W->x = aligned_doubles(n);
    W->y = aligned_doubles(n);
    W->vx = aligned_doubles(n);
    W->vy = aligned_doubles(n);
    W->nbins = 4;
    W->bins = calloc(W->nbins, sizeof *W->bins);
    unsigned long long s = 12345;
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1;
        W->x[i] = (double)(s >> 11) / 9007199254740992.0;
        W->y[i] = (double)((s >> 7) & 0xFFFFF) / 1048576.0;
        W->vx[i] = ((double)(i % 17) - 8.0) * 1e-3;
        W->vy[i] = ((double)(i % 13) - 6.0) * 1e-3;
    }
}

/* Reflects a coordinate into [0,1) and reports whether it bounced. */
static int reflect(double *pos, double *vel)
{
    if (*pos < 0) { *pos = -*pos; *vel = -*vel; return 1; }
    if (*pos >= 1) { *pos = 2 - *pos; *vel = -*vel; return 1; }
    return 0;
}

/* One time step; the checkpoint may be taken here, with all data on the heap. */
static void step(int t)
{
#pragma ckpt potential
    for (size_t i = 0; i < W->n; i++) {
        W->vy[i] -= 1e-5; /* gravity */
        W->x[i] += W->vx[i];
        W->y[i] += W->vy[i];
        W->bounces += reflect(&W->x[i], &W->vx[i]);
        W->bounces += reflect(&W->y[i], &W->vy[i]);
    }
    /* Every 1000 steps the histogram gets finer: twice as many bins. */
    if (t % 1000 == 999 && W->nbins < 1024) {
        W->nbins *= 2;
        W->bins = realloc(W->bins, W->nbins * sizeof *W->bins);
        memset(W->bins, 0, W->nbins * sizeof *W->bins);
    }
    for (size_t i = 0; i < W->n; i += 8)
        W->bins[(size_t)(W->x[i] * (double)W->nbins)]++;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 8000;
    create_world(40000);

    printf("global_struct: '%s', %zu particles, %d steps\n", W->name, W->n, steps);
    for (int t = 0; t < steps; t++) {
        step(t);
        if (t % 500 == 499) {
            double e = 0;
            for (size_t i = 0; i < W->n; i++)
                e += 0.5 * (W->vx[i] * W->vx[i] + W->vy[i] * W->vy[i]) + 1e-5 * W->y[i];
            printf("step %4d: energy %.12e, bounces %ld, %zu bins, bin[0] %ld\n", t + 1, e,
                   W->bounces, W->nbins, W->bins[0]);
        }
    }
    unsigned long long h = 0;
    for (size_t b = 0; b < W->nbins; b++)
        h = h * 31 + (unsigned long long)W->bins[b];
    double sx = 0;
    for (size_t i = 0; i < W->n; i++)
        sx += W->x[i] * (double)(i % 10) + W->y[i];
    printf("checksum %016llx %.9f\n", h, sx);

    free(W->x); free(W->y); free(W->vx); free(W->vy);
    free(W->bins); free(W->name); free(W);
    return 0;
}
