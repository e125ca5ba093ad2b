/* Things a checkpoint cannot save: a pipe, a shared mapping, a thread
 * still running. Each must be reported when the checkpoint is taken
 * (unsaved_things.py checks the messages), never silently lost. An
 * anonymous private mapping is saved (from the checkpoint heap): not
 * reported. */
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static void *sleeper(void *arg)
{
    sleep(1);
    return arg;
}

int main(void)
{
    char *p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    char *own = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int fds[2];
    pthread_t t;
    if (p == MAP_FAILED || own == MAP_FAILED || pipe(fds) != 0 || pthread_create(&t, NULL, sleeper, NULL) != 0)
        return 1;
    for (int i = 0; i < 5; i++) {
#pragma ckpt potential
        p[i] = own[i] = (char)i;
        if (write(fds[1], "x", 1) != 1)
            return 1;
    }
    pthread_join(t, NULL);
    printf("mapped at %p, pipe %d %d, private at %p\n", (void *)p, fds[0], fds[1], (void *)own);
    munmap(own, 1 << 16);
    return 0;
}
