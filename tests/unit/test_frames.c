/* The saved stack's records as the inserted code writes and reads them
 * (runtime/src/frames.c), and the checks that stop a restore which would go
 * on wrongly: a variable-length array that comes back at another address
 * (ckpt_check_address), a frame of another function, a local read past
 * its frame's end. Each stopping case runs in a child process, whose exit
 * status and message are checked. */
#include "frames.h"
#include "test_support.h"

#include <aalc/ckpt.h>

#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

enum { FUNCTION = 0x1234, OTHER_FUNCTION = 0x5678, LABEL = 3 };

/* One frame as a collapse saves it: a VLA's address, then a local. */
static void save_one_frame(int local, const void *vla)
{
    ckpt_frames_reset();
    int saved = local;
    unsigned char *to = ckpt_frame_save(FUNCTION, LABEL, CKPT_ADDRESS_SIZE + CKPT_SIZE(saved));
    CKPT_SAVE_ADDRESS(to, vla);
    CKPT_SAVE(to, saved);
    ckpt_frames_begin_restore();
}

/* Runs step in a child; its exit status and what it printed on stderr. */
static int in_child(void (*step)(void), char *message, size_t size)
{
    int out[2];
    if (pipe(out) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 2);
        close(out[0]);
        step();
        _exit(0);
    }
    close(out[1]);
    size_t n = 0;
    while (n + 1 < size) { /* the runtime's signal handlers may interrupt the read */
        ssize_t got = read(out[0], message + n, size - 1 - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    message[n] = 0;
    close(out[0]);
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static double vla_then[4], vla_now[4];

static void restore_at_other_address(void)
{
    save_one_frame(7, vla_then);
    ckpt_resume_label(FUNCTION);
    int local;
    const unsigned char *from = ckpt_frame_rest(CKPT_ADDRESS_SIZE + CKPT_SIZE(local));
    CKPT_CHECK_ADDRESS(from, vla_now, "'row' in rows()");
    CKPT_RESTORE(from, local);
}

static void restore_other_function(void)
{
    save_one_frame(7, vla_then);
    ckpt_resume_label(OTHER_FUNCTION);
}

static void read_past_frame(void)
{
    save_one_frame(7, vla_then);
    ckpt_resume_label(FUNCTION);
    char too_much[64];
    const unsigned char *from = ckpt_frame_next(CKPT_SIZE(too_much));
    CKPT_RESTORE(from, too_much);
}

/* The locals restored at a label are the whole rest of the frame: fewer
 * bytes than were saved is a program that does not match the checkpoint. */
static void restore_fewer_locals(void)
{
    save_one_frame(7, vla_then);
    ckpt_resume_label(FUNCTION);
    int local;
    ckpt_frame_rest(CKPT_SIZE(local));
}

static void save_too_large(void)
{
    ckpt_frames_reset();
    ckpt_frame_save(FUNCTION, LABEL, (size_t)-1);
}

static void check_stops(void (*step)(void), const char *what, const char *expected)
{
    char message[1024];
    int status = in_child(step, message, sizeof message);
    CHECK(status == 1, "%s: exit status %d, expected 1", what, status);
    CHECK(strstr(message, expected) != NULL, "%s: message \"%s\" lacks \"%s\"", what, message,
          expected);
}

int main(void)
{
    /* The same address: the restore goes on, and reads what was saved. */
    save_one_frame(42, vla_then);
    CHECK(ckpt_frames_count() == 1, "%zu frames saved", ckpt_frames_count());
    CHECK(ckpt_resume_label(FUNCTION) == LABEL, "wrong label");
    int local = 0;
    const unsigned char *from = ckpt_frame_rest(CKPT_ADDRESS_SIZE + CKPT_SIZE(local));
    CKPT_CHECK_ADDRESS(from, vla_then, "'row' in rows()");
    CKPT_RESTORE(from, local);
    CHECK(local == 42, "local restored as %d", local);
    CHECK(from == (const unsigned char *)ckpt_frames_bytes(&(size_t){0}) + 16 /* header */ +
                      CKPT_ADDRESS_SIZE + sizeof local,
          "the cursor is not past the frame's values");
    CHECK(ckpt_frames_all_restored(), "frames left after the only one");

    /* The records survive the image's bytes: loaded back, the same check passes. */
    size_t size;
    const void *bytes = ckpt_frames_bytes(&size);
    char copy[256], err[128];
    CHECK(size <= sizeof copy, "%zu bytes of frames", size);
    memcpy(copy, bytes, size);
    CHECK(ckpt_frames_load(copy, size, err, sizeof err) == 0, "load: %s", err);
    ckpt_frames_begin_restore();
    CHECK(ckpt_resume_label(FUNCTION) == LABEL, "wrong label after load");
    local = 0;
    from = ckpt_frame_rest(CKPT_ADDRESS_SIZE + CKPT_SIZE(local));
    CKPT_CHECK_ADDRESS(from, vla_then, "'row' in rows()");
    CKPT_RESTORE(from, local);
    CHECK(local == 42, "local restored as %d after load", local);
    CHECK(ckpt_frames_load(copy, size - 1, err, sizeof err) == -1, "a truncated stack loads");

    /* A frame in scope of a variable-length array: its size is read at the
     * function's entry (ckpt_frame_next), the rest at the label. */
    ckpt_frames_reset();
    size_t dim = 5;
    int value = 9;
    unsigned char *to = ckpt_frame_save(FUNCTION, LABEL, CKPT_SIZE(dim) + CKPT_SIZE(value));
    CKPT_SAVE(to, dim);
    CKPT_SAVE(to, value);
    ckpt_frames_begin_restore();
    CHECK(ckpt_resume_label(FUNCTION) == LABEL, "wrong label of the VLA frame");
    dim = value = 0;
    from = ckpt_frame_next(CKPT_SIZE(dim));
    CKPT_RESTORE(from, dim);
    from = ckpt_frame_rest(CKPT_SIZE(value));
    CKPT_RESTORE(from, value);
    CHECK(dim == 5 && value == 9, "VLA frame restored as %zu, %d", dim, value);

    /* Another address: stopped, naming the array and both addresses. */
    char then[32], now[32];
    snprintf(then, sizeof then, "%p", (void *)vla_then);
    snprintf(now, sizeof now, "%p", (void *)vla_now);
    check_stops(restore_at_other_address, "VLA moved", "variable-length array 'row' in rows()");
    check_stops(restore_at_other_address, "VLA moved", then);
    check_stops(restore_at_other_address, "VLA moved", now);
    check_stops(restore_other_function, "other function", "belongs to another function");
    check_stops(read_past_frame, "read past the frame", "shorter than the locals");
    char fewer[128];
    snprintf(fewer, sizeof fewer, "holds %zu bytes of locals where this program restores %zu",
             CKPT_ADDRESS_SIZE + sizeof(int), sizeof(int));
    check_stops(restore_fewer_locals, "fewer locals restored", fewer);
    check_stops(save_too_large, "a frame too large", "too large to save");
    return checks_summary("test_frames");
}
