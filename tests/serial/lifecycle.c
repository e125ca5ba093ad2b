/* A program that does to its process what real codes do: forks helpers,
 * fails with an exit status, puts itself in the background. Each mode is
 * one case of tests/serial/lifecycle.py.
 *
 *   lifecycle children STEPS   forks a helper at the start that lives on
 *                              for 1.5 s with stdout open, and every 50
 *                              steps a child that runs the solver (which
 *                              reaches potential points) and ends with exit
 *   lifecycle fails FLAG STEPS ends with exit(3) at step STEPS/2, once:
 *                              while the file FLAG exists (it removes it)
 *   lifecycle daemon STEPS     daemon(3) first, then the steps
 *   lifecycle steps STEPS      only the steps
 *
 * Every 10th step prints a line; the last line is "done ...". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long solve(unsigned long x, int rounds)
{
    for (int r = 0; r < rounds; r++) {
#pragma ckpt potential
        for (int k = 0; k < 20000; k++)
            x = x * 6364136223846793005UL + 1442695040888963407UL;
    }
    return x;
}

static void helper_that_outlives(void)
{
    fflush(NULL);
    if (fork() == 0) {
        struct timespec t = {1, 500000000};
        nanosleep(&t, NULL);
        _exit(0);
    }
}

static unsigned long child_result(unsigned long x)
{
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        printf("child: %016lx\n", solve(x, 300));
        exit(0);
    }
    int status = -1;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? (unsigned long)WEXITSTATUS(status) : 99;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "steps";
    const char *flag = strcmp(mode, "fails") == 0 && argc > 2 ? argv[2] : NULL;
    int steps = atoi(argv[argc - 1]);
    if (argc < 3 || steps <= 0) {
        fprintf(stderr, "usage: lifecycle children|fails FLAG|daemon|steps STEPS\n");
        return 2;
    }
    if (strcmp(mode, "daemon") == 0 && daemon(1, 1) != 0) {
        perror("daemon");
        return 1;
    }
    if (strcmp(mode, "children") == 0)
        helper_that_outlives();
    unsigned long x = 1;
    for (int step = 1; step <= steps; step++) {
        x = solve(x, 10);
        if (strcmp(mode, "children") == 0 && step % 50 == 0)
            printf("step %d: child ended %lu\n", step, child_result(x));
        if (flag && step == steps / 2 && unlink(flag) == 0)
            exit(3);
        if (step % 10 == 0)
            printf("step %d: %016lx\n", step, x);
        fflush(stdout);
    }
    printf("done %016lx\n", x);
    return 0;
}
