/* What a write to stdout costs: ns per fwrite + fflush of SIZE bytes, stdout
 * being a pipe (tests/bench/output_benchmark.py runs it as
 * `output_write ... | cat > /dev/null`, built with ckptcc, with the
 * runtime's output forwarder and without it, and with plain cc).
 * Per timed block: wall time and this process's CPU time per write. At the
 * end, the CPU time the output forwarder has used (found in /proc: the same
 * program, a session of its own), per write.
 * Arguments: results file (a JSON line is appended), label, size, bytes per
 * timed block (default 4M). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define BLOCKS 9

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v)
{
    double sorted[BLOCKS];
    memcpy(sorted, v, sizeof sorted);
    qsort(sorted, BLOCKS, sizeof sorted[0], by_value);
    return sorted[BLOCKS / 2];
}

/* CPU seconds used so far by this program's output forwarder; -1: none. */
static double forwarder_cpu(void)
{
    char self[64], line[1024];
    snprintf(self, sizeof self, "/proc/%d/exe", (int)getpid());
    char exe[4096], other[4096];
    ssize_t n = readlink(self, exe, sizeof exe - 1);
    if (n < 0)
        return -1;
    exe[n] = 0;
    DIR *d = opendir("/proc");
    double found = -1;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        int pid = atoi(e->d_name);
        if (pid <= 0 || pid == (int)getpid())
            continue;
        snprintf(self, sizeof self, "/proc/%d/exe", pid);
        n = readlink(self, other, sizeof other - 1);
        if (n < 0 || (other[n] = 0, strcmp(other, exe) != 0) || getsid(pid) != pid)
            continue;
        snprintf(self, sizeof self, "/proc/%d/stat", pid);
        FILE *f = fopen(self, "r");
        if (!f)
            continue;
        if (fgets(line, sizeof line, f)) {
            char *p = strrchr(line, ')');
            unsigned long utime = 0, stime = 0;
            /* fields after the name: state ppid ... utime (14th) stime (15th) */
            if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
                            &utime, &stime) == 2)
                found = (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
        }
        fclose(f);
    }
    if (d)
        closedir(d);
    return found;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s RESULTS LABEL SIZE [BYTES_PER_BLOCK]\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[3]);
    long block_bytes = argc > 4 ? atol(argv[4]) : 4L << 20;
    if (size < 1 || size > 65536 || block_bytes < size) {
        fprintf(stderr, "bad size or block\n");
        return 2;
    }
    char *line = malloc((size_t)size);
    memset(line, 'x', (size_t)size - 1);
    line[size - 1] = '\n';
    long writes = block_bytes / size, total = writes / 8;
    for (long i = 0; i < writes / 8; i++) { /* warm-up */
        fwrite(line, 1, (size_t)size, stdout);
        fflush(stdout);
    }
    double wall[BLOCKS], cpu[BLOCKS];
    for (int b = 0; b < BLOCKS; b++) {
        double t0 = now(), c0 = cpu_now();
        for (long i = 0; i < writes; i++) {
            fwrite(line, 1, (size_t)size, stdout);
            fflush(stdout);
        }
        wall[b] = (now() - t0) * 1e9 / (double)writes;
        cpu[b] = (cpu_now() - c0) * 1e9 / (double)writes;
        total += writes;
#pragma ckpt potential
    }
    /* What the forwarder has still to pass on is not counted. */
    double fwd = forwarder_cpu();
    FILE *results = fopen(argv[1], "a");
    if (!results) {
        perror(argv[1]);
        return 1;
    }
    fprintf(results, "{\"label\": \"%s\", \"bytes\": %d, \"writes_per_block\": %ld, "
                     "\"ns_per_write\": %.1f, \"cpu_ns_per_write\": %.1f, "
                     "\"forwarder_cpu_ns_per_write\": %.1f, \"blocks\": [",
            argv[2], size, writes, median(wall), median(cpu),
            fwd < 0 ? -1.0 : fwd * 1e9 / (double)total);
    for (int b = 0; b < BLOCKS; b++)
        fprintf(results, "%s%.1f", b ? ", " : "", wall[b]);
    fprintf(results, "]}\n");
    fclose(results);
    free(line);
    return 0;
}
