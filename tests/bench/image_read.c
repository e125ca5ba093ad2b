/* Benchmark reference: the time to read files into memory this process has
 * never touched, as a restarted process must (its pages are allocated on the
 * way). Reading into a buffer used before costs a fraction of that (both are
 * in cg_benchmark.py's Targets table), and is not what a restore can do.
 * Prints the seconds for all the files named. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int read_fresh(const char *path)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        perror(path);
        return -1;
    }
    size_t size = (size_t)st.st_size, at = 0;
    char *to = size ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                    : NULL;
    if (to == MAP_FAILED) {
        perror("mmap");
        return -1;
    }
    while (at < size) {
        ssize_t n = pread(fd, to + at, size - at, (off_t)at);
        if (n <= 0) {
            perror(path);
            return -1;
        }
        at += (size_t)n;
    }
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    double t0 = now();
    for (int i = 1; i < argc; i++)
        if (read_fresh(argv[i]) != 0)
            return 1;
    printf("%.6f\n", now() - t0);
    return 0;
}
