/* The cost of the C library calls that a checkpointable program makes
 * through the runtime's wrappers (files, strtok, signal...) or that reach
 * the executable's own malloc from inside the C library (asprintf), built
 * with ckptcc and with plain cc: libc_calls_benchmark.py runs both.
 *
 * usage: libc_calls SCRATCH_FILE   prints "name nanoseconds-per-call" lines */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static volatile long sink;

#define MEASURE(name, n, body)                                                                   \
    do {                                                                                         \
        double t0 = now();                                                                       \
        for (long i = 0; i < (n); i++) {                                                         \
            body;                                                                                \
        }                                                                                        \
        printf("%s %.1f\n", name, (now() - t0) * 1e9 / (double)(n));                            \
    } while (0)

static void on_signal(int sig) { sink += sig; }

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    const char *path = argv[1];
    MEASURE("fopen+fclose", 20000, {
        FILE *f = fopen(path, "w");
        fclose(f);
    });
    FILE *f = fopen(path, "w");
    char block[64] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde";
    MEASURE("fwrite 16 B (buffered)", 5000000, fwrite(block, 1, 16, f));
    MEASURE("fprintf of a short line", 1000000, fprintf(f, "%ld %.3f\n", i, (double)i * 0.5));
    MEASURE("fwrite 64 B + fflush", 200000, {
        fwrite(block, 1, 64, f);
        fflush(f);
    });
    fclose(f);
    MEASURE("open+close", 100000, close(open(path, O_RDONLY)));
    int fd = open(path, O_RDONLY);
    MEASURE("dup+close", 100000, close(dup(fd)));
    close(fd);
    MEASURE("rand", 10000000, sink += rand());
    MEASURE("drand48 (not wrapped)", 10000000, sink += (long)(drand48() * 10));
    char text[1024];
    MEASURE("strtok, per token", 100000, {
        if (i % 100 == 0) {
            for (int k = 0; k < 100; k++)
                memcpy(text + 10 * k, "word word ", 10);
            text[999] = '\0';
        }
        sink += strtok(i % 100 ? NULL : text, " ") != NULL;
    });
    MEASURE("signal", 100000, signal(SIGUSR2, on_signal));
    MEASURE("asprintf+free (libc's malloc)", 1000000, {
        char *s;
        if (asprintf(&s, "%ld", i) > 0)
            free(s);
    });
    unlink(path);
    return 0;
}
