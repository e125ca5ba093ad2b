/* Where a checkpoint may start (runtime/src/state.c): on the thread that
 * runs main only. A potential point reached on another thread (code the
 * precompiler could not see run there, a library's callback) starts none,
 * and the runtime says so once; the program thread's next one does. */
#include "state.h"
#include "test_support.h"

#include <aalc/ckpt.h>
#include <pthread.h>

static int started_on_other_thread = -1;

static void *other_thread(void *unused)
{
    (void)unused;
    started_on_other_thread = ckpt_begin_collapse();
    return NULL;
}

int main(void)
{
    pthread_t t;
    CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0, "pthread_create");
    pthread_join(t, NULL);
    CHECK(started_on_other_thread == 0, "another thread started a checkpoint (%d)",
          started_on_other_thread);
    CHECK(!ckpt_collapsing, "another thread left the program collapsing");
    int started_here = ckpt_begin_collapse();
    CHECK(started_here == 1, "the program thread could not start one (%d)", started_here);
    ckpt_collapsing = 0; /* no frames to save: nothing more to do */
    return checks_summary("test_state");
}
