/* A program that keeps state the way real codes do, outside the variables
 * the precompiler sees: globals of a header defined here but used by another
 * file, a static library built by the plain compiler, -fcommon tentative
 * definitions, the C library's generators (rand/random with its own table
 * and with initstate's, drand48 with lcong48's parameters), strtok's
 * position, an atexit handler, a signal handler and mask, a working
 * directory, a umask, a locale, a log file opened at start and written all
 * along, a raw descriptor and its duplicate, an input file read line by
 * line, a saved copy of stdout; serial, a helper child forked now and then
 * that ends with exit (running the atexit handlers it inherited). Built
 * serial, and with -DWITH_MPI for 2 ranks.
 *
 * usage: process_state INPUT [STEPS]   (files are written in ./work) */
#define _GNU_SOURCE
#define MAIN_FILE
#include "state.h"

#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef WITH_MPI
#include <mpi.h>
#endif

int shared_tentative; /* also in physics.c: a common symbol */
static char line[512];
static char own_table[128];
static char log_buffer[8192];
static double field[4096];
static int rank;
static int helper_child;

static void on_signal(int sig)
{
    (void)sig;
    signals_seen++;
}

static void at_end(void)
{
    if (rank == 0 && !helper_child)
        printf("rank %d at exit: signals=%d helper=%ld elsewhere=%ld\n", rank, signals_seen,
           helper_total(), counter_elsewhere);
}

static mode_t current_umask(void)
{
    mode_t m = umask(0);
    umask(m);
    return m;
}

static int have_line;

static const char *next_token(FILE *in)
{
    const char *token = have_line ? strtok(NULL, " \t\n") : NULL;
    have_line = 1;
    while (!token) {
        if (!fgets(line, sizeof line, in)) {
            rewind(in);
            continue;
        }
        token = strtok(line, " \t\n");
    }
    return token;
}

static double work(long step)
{
    double sum = 0;
    for (int i = 0; i < 4096; i++) {
        field[i] = field[i] * 0.999 + (double)((step + i) % 13);
        sum += field[i];
    }
    return sum;
}

int main(int argc, char **argv)
{
#ifdef WITH_MPI
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
    if (argc < 2) {
        fprintf(stderr, "usage: %s INPUT [STEPS]\n", argv[0]);
        return 2;
    }
    long steps = argc > 2 ? atol(argv[2]) : 20000;
#ifdef WITH_MPI
    report_every = steps;
#else
    report_every = 500;
#endif
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    mkdir("work", 0777);
    if (chdir("work") != 0) {
        perror("work");
        return 1;
    }
    umask(027);
    setlocale(LC_ALL, "C.UTF-8");
    srand(5 + rank);
    srand48(11);
    unsigned short lcong[7] = {1, 2, 3, 0x1234, 0x5678, 0x9abc, 13};
    lcong48(lcong);
    atexit(at_end);
    signal(SIGUSR2, on_signal);
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGWINCH);
    sigprocmask(SIG_BLOCK, &block, NULL);

    char name[64];
    snprintf(name, sizeof name, "log-%d.txt", rank);
    FILE *log = fopen(name, "w");
    setvbuf(log, log_buffer, _IOFBF, sizeof log_buffer);
    snprintf(name, sizeof name, "raw-%d.bin", rank);
    int raw = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    int raw_copy = dup(raw);
    int raw_reader = open(name, O_RDONLY); /* reads back, behind the writer */
    long read_back = 0, helpers_ok = 0;
    struct report rep = {stdout, rank == 0 ? "state" : NULL};
    if (!log || raw < 0 || raw_copy < 0 || raw_reader < 0) {
        perror("log");
        return 1;
    }

    for (long step = 1; step <= steps; step++) {
#pragma ckpt potential
        if (step == steps / 2)
            initstate(17, own_table, sizeof own_table);
        const char *token = next_token(in);
        long mixed = helper_mix(step + (long)strlen(token));
        double sum = work(step);
        physics_step(step, &rep);
        fprintf(log, "%ld %s %d %ld %.6f %.1f\n", step, token, rand() % 1000, mixed, drand48(),
                sum);
        if (step % 10 == 0) {
            long record[2] = {step, lrand48()};
            if (write((step % 20) ? raw : raw_copy, record, sizeof record) != sizeof record)
                return 1;
        }
        if (step % 100 == 0)
            raise(SIGUSR2);
        if (step % 1000 == 0) {
            long record[2];
            if (read(raw_reader, record, sizeof record) != sizeof record)
                return 1;
            read_back += record[0] + record[1] % 1000;
        }
#ifndef WITH_MPI
        if (step % report_every == 0) {
            fflush(NULL); /* what stdio holds is not printed twice by the child */
            pid_t child = fork();
            if (child == 0) {
                helper_child = 1;
                exit(0);
            }
            int status = -1;
            if (child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                WEXITSTATUS(status) == 0)
                helpers_ok++;
        }
#endif
        if (step % report_every == 0) {
            sigset_t now;
            sigprocmask(SIG_BLOCK, NULL, &now);
            char cwd[256];
            const char *dir = getcwd(cwd, sizeof cwd) ? strrchr(cwd, '/') + 1 : "?";
            long total = signals_seen;
#ifdef WITH_MPI
            MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
#endif
            if (rank == 0)
                fprintf(rep.out, "step %ld: token=%s dir=%s umask=%03o locale=%s winch=%d "
                                 "signals=%ld read_back=%ld helpers=%ld\n",
                        step, token, dir, (unsigned)current_umask(), setlocale(LC_ALL, NULL),
                        sigismember(&now, SIGWINCH), total, read_back, helpers_ok);
        }
    }
    fclose(log);
    close(raw);
    close(raw_copy);
    close(raw_reader);
    fclose(in);
#ifdef WITH_MPI
    MPI_Finalize();
#endif
    return 0;
}
