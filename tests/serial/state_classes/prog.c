/* One class of state outside the program's variables per build (-DCASE=n),
 * each in the smallest program that shows it: state_classes.py kills the
 * program at step 30 (after the checkpoint of step 21) and recovers it.
 *
 *   1 a global of a header, used only by another file  6 chdir
 *   2 rand                                              7 a log file open all along
 *   3 strtok                                            8 a saved copy of stdout
 *   4 atexit                                            9 a static library built by cc
 *   5 a signal handler
 *
 * usage: prog FLAG_FILE   (killed at step 30 unless FLAG_FILE exists; creates it) */
#define _GNU_SOURCE
#define MAIN_FILE
#include "state.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

long lib_add(long v);
static char text[] = "a b c d e f g h i j k l m n o p q r s t u v w x y z "
                     "a b c d e f g h i j k l m n o p q r s t u v w x y z";
static int hits;
static const char *flag;

static void handler(int s)
{
    (void)s;
    hits++;
}

static void at_end(void) { printf("atexit ran\n"); }

static void maybe_die(int step)
{
    if (step == 30 && access(flag, F_OK) != 0) {
        fclose(fopen(flag, "w"));
        raise(SIGKILL);
    }
}

int main(int argc, char **argv)
{
    FILE *log = NULL, *out = stdout;
    (void)out;
    (void)log;
    if (argc < 2)
        return 2;
    flag = argv[1];
#if CASE == 4
    atexit(at_end);
#elif CASE == 5
    signal(SIGUSR2, handler);
#elif CASE == 6
    mkdir("sub", 0777);
    if (chdir("sub") != 0)
        return 1;
    fclose(fopen("marker", "w"));
#elif CASE == 7
    log = fopen("log.txt", "w");
#endif
    srand(3);
    char *tok = NULL;
#if CASE == 3
    tok = strtok(text, " ");
#endif
    long sum = 0;
    for (int step = 1; step <= 50; step++) {
#pragma ckpt potential
        maybe_die(step);
#if CASE == 1
        bump_elsewhere();
        sum = counter_elsewhere;
#elif CASE == 2
        sum += rand() % 100;
#elif CASE == 3
        tok = strtok(NULL, " ");
        sum += tok ? tok[0] : 0;
#elif CASE == 5
        raise(SIGUSR2);
        sum = hits;
#elif CASE == 6
        sum += access("marker", F_OK) == 0;
#elif CASE == 7
        fprintf(log, "%d\n", step);
#elif CASE == 8
        fprintf(out, "%d\n", step);
#elif CASE == 9
        sum = lib_add(step);
#endif
    }
    printf("case %d: sum=%ld\n", CASE, sum);
#if CASE == 7
    fclose(log);
#endif
    return 0;
}
