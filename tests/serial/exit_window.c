/* The end of a run: its checkpoints are removed only after the program's
 * atexit handlers have run and stdio has written what it buffered, so a kill
 * at any moment before leaves something to recover from. The handler says
 * on stderr when it starts and then waits, so that the test can kill there.
 * Usage: exit_window [lines] [wait-seconds] */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned wait_seconds;

static void at_end(void)
{
    fprintf(stderr, "exit_window: in the atexit handler\n");
    sleep(wait_seconds);
    printf("the atexit handler ran\n");
}

int main(int argc, char **argv)
{
    int lines = argc > 1 ? atoi(argv[1]) : 2000;
    wait_seconds = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
    atexit(at_end);
    for (int i = 0; i < lines; i++) {
#pragma ckpt potential
        printf("line %d\n", i);
    }
    return 0;
}
