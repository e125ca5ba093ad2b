/*
 * statics.c -- a computation whose state lives in static variables.
 *
 * Shows: static locals in several functions and file-scope statics, both
 * zero-initialised and initialised ones, a static pointer to a heap buffer
 * and a static table of pointers to string literals. They are all updated
 * between checkpoints; the precompiler registers them as globals, so a
 * checkpoint saves their current values and recovery puts them back.
 *
 * Usage: statics [rounds]   (default 300)
 */
#include <stdio.h>
#include <stdlib.h>

/* File-scope statics. */
static long total_samples;                         /* zero-initialised */
static double history[8] = {1, 1, 1, 1, 1, 1, 1, 1}; /* initialised */
static const char *const mood_names[] = {"calm", "busy", "wild"};
static const char *mood = "calm";                  /* points to a string literal */

/* A generator whose state is a static local with an initialiser. */
static unsigned next_rand(void)
{
    static unsigned long long s = 0x2545F4914F6CDD1DULL;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return (unsigned)((s * 0x2545F4914F6CDD1DULL) >> 32);
}

/* Running mean and count in zero-initialised static locals. */
static double running_mean(double v)
{
    static double sum;
    static long n;
    sum += v;
    n++;
    return sum / (double)n;
}

/* A buffer allocated on first use and kept in static locals; it grows with realloc. */
static long *bucket(size_t i)
{
    static long *buf;
    static size_t cap;
    if (i >= cap) {
        size_t old = cap;
        cap = 2 * i + 16;
        buf = realloc(buf, cap * sizeof *buf);
        for (size_t k = old; k < cap; k++)
            buf[k] = 0;
    }
    return &buf[i];
}

/* One round of sampling. The checkpoint may be taken in the middle of it,
 * while this function's own static counter and all the others are in use. */
static double sample_round(int round, int samples)
{
    static int rounds_seen;
    double acc = 0;
    rounds_seen++;
    for (int i = 0; i < samples; i++) {
#pragma ckpt potential
        unsigned r = next_rand();
        double v = (double)(r % 10000) / 100.0;
        acc += running_mean(v);
        *bucket(r % (64u + (unsigned)round)) += 1;
        total_samples++;
    }
    history[round % 8] = acc / samples;
    mood = mood_names[rounds_seen % 3];
    return acc;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 300;
    double total = 0;

    printf("statics: %d rounds\n", rounds);
    for (int round = 0; round < rounds; round++) {
        double acc = sample_round(round, 1000000);
        total += acc;
        if (round % 20 == 19) {
            double h = 0;
            for (int k = 0; k < 8; k++)
                h += history[k];
            printf("round %3d: mood %s, samples %ld, acc %.6f, history %.9f, bucket[7] %ld\n",
                   round + 1, mood, total_samples, acc, h, *bucket(7));
        }
    }
    unsigned long long b = 0;
    for (size_t i = 0; i < 64u + (size_t)rounds; i++)
        b = b * 3 + (unsigned long long)*bucket(i);
    printf("checksum %.6f %016llx\n", total, b);
    return 0;
}
