#define _GNU_SOURCE /* pipe2, F_DUPFD_CLOEXEC, close_range */
#include "output_forward.h"

#include "file_modes.h"
#include "log.h"
#include "options.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STREAMS 2 /* [0] stdout, [1] stderr */
/* The runtime's descriptors start here, out of the way of the program's. */
#define FD_BASE 500
#define COUNT_MAGIC "AALCOUT2"
/* The forwarder's pipes hold this much (Linux's default limit for a user):
 * a program writing in large blocks then waits for the forwarder less
 * often, and the forwarder reads and passes on larger pieces. */
#define PIPE_BYTES (1 << 20)

/* One page shared with the forwarder. */
struct shared {
    /* Odd while the forwarder takes bytes out of a pipe: a checkpoint reads
     * `taken` and what is still in the pipe while it is even and unchanged. */
    atomic_uint_least64_t seq;
    atomic_uint_least64_t taken[STREAMS]; /* out of each pipe since configured */
    atomic_int pid;
    atomic_int count_open; /* the forwarder has opened its count file (1) or failed to (-1) */
};

/* What the runtime tells the forwarder once the rank is known. */
struct config {
    uint64_t start[STREAMS];  /* where the program's output of each stream starts */
    uint32_t resume[STREAMS]; /* 1: a recovered stream, what was printed is in the count file */
    uint32_t rank, verbose;   /* for its message, with CKPT_VERBOSE >= 1 */
    uint32_t has_path;        /* 0: the rank is not known yet, a second message names it */
    char count_path[PATH_MAX];
};

/* The durable count, per rank: how far each stream has been printed. */
struct count_file {
    char magic[8];
    uint64_t printed[STREAMS];
    /* Set when the job succeeded and kept its checkpoints: a --recover after
     * that runs the program again from a checkpoint, and prints what it
     * prints (cleanup.c). */
    uint64_t ended;
};

static struct {
    int active, begun, rank_given, dir_ready;
    uint32_t rank;
    char dir[PATH_MAX];
    int stream_of_fd[STREAMS]; /* for fd 1 and 2: the stream that carries it, or -1 */
    int original[STREAMS];     /* per stream: a copy of the descriptor it replaced */
    int write_end[STREAMS];    /* per stream: a copy of its pipe's write end */
    int control;
    struct shared *sh;
    uint64_t start[STREAMS];
    struct ckpt_output_positions resume;
} fw = {.stream_of_fd = {-1, -1}, .original = {-1, -1}, .write_end = {-1, -1}, .control = -1};

int ckpt_output_original_fd(int fd)
{
    if (fd < 1 || fd > STREAMS || fw.stream_of_fd[fd - 1] < 0)
        return fd;
    return fw.original[fw.stream_of_fd[fd - 1]];
}

static int dup_high(int fd)
{
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, FD_BASE);
    return copy >= 0 ? copy : fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

static int move_high(int fd)
{
    int copy = dup_high(fd);
    if (copy < 0)
        return fd;
    close(fd);
    return copy;
}

/* ---- the forwarder process ---- */

static char *put_number(char *at, uint64_t v)
{
    char digits[24];
    int n = 0;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *at++ = digits[--n];
    return at;
}

/* "aalc: rank R: output forwarder: <what>" in one write. Only what is
 * async-signal-safe: it is a child of fork. */
static void say(int fd, uint32_t rank, const char *what)
{
    char line[400], *at = stpcpy(line, "aalc: rank ");
    at = put_number(at, rank);
    at = stpcpy(at, ": output forwarder: ");
    for (const char *s = what; *s && at < line + sizeof line - 1; s++)
        *at++ = *s;
    *at++ = '\n';
    if (write(fd, line, (size_t)(at - line)) < 0)
        return;
}

/* "dropped N bytes of standard output, printed before the failure" */
static void say_dropped(int fd, const struct config *c, int s, uint64_t n)
{
    char text[160], *at = stpcpy(text, "dropped ");
    at = put_number(at, n);
    at = stpcpy(at, s ? " bytes of standard error" : " bytes of standard output");
    stpcpy(at, ", printed before the failure");
    say(fd, c->rank, text);
}

static int keep_only(const int *keep, int nkeep)
{
    int sorted[8], n = 0;
    for (int i = 0; i < nkeep; i++)
        if (keep[i] >= 0) {
            int j = n++;
            while (j > 0 && sorted[j - 1] > keep[i]) {
                sorted[j] = sorted[j - 1];
                j--;
            }
            sorted[j] = keep[i];
        }
    unsigned from = 0;
    for (int i = 0; i < n; i++) {
        if ((unsigned)sorted[i] > from)
            close_range(from, (unsigned)sorted[i] - 1, 0);
        from = (unsigned)sorted[i] + 1;
    }
    return close_range(from, ~0U, 0);
}

static void ignore_signals(void)
{
    /* It ends when the program's side of every pipe is closed: a ^C or a
     * SIGTERM meant for the program must not cut its last output off. */
    static const int sigs[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGPIPE, SIGTERM, SIGUSR1, SIGUSR2,
                               SIGALRM, SIGVTALRM, SIGPROF, SIGTSTP, SIGTTIN, SIGTTOU, SIGXFSZ};
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &ign, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static size_t read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    return got;
}

/* Opens the count file. printed: how far each stream has been printed; more,
 * for a recovered stream, if the count file says so. */
static volatile struct count_file *open_count(const struct config *c, uint64_t printed[STREAMS],
                                              int say_to, int *count_fd)
{
    int fd = ckpt_create_file(c->count_path, O_RDWR | O_CLOEXEC); /* private, as every file here */
    if (fd >= 0)
        fd = move_high(fd); /* not 0, 1 or 2, which the forwarder has closed */
    if (fd < 0) {
        say(say_to, c->rank, "cannot open its count file (output printed after the last "
                             "checkpoint will be printed again by a recovery)");
        return NULL;
    }
    /* The failed run's forwarder may still be printing what its program left
     * in the pipe: it holds the lock until it ends. Not forever, though: one
     * stuck on a reader that does not read must not stop this run. */
    int recovering = 0;
    for (int s = 0; s < STREAMS; s++)
        recovering |= c->resume[s] != 0;
    int waited = 0;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        /* A fresh run finding the lock held: another job's live forwarder
         * (the checkpoint directory's own lock stops this job): its count
         * is not this run's to touch. */
        if (!recovering || waited++ == 1000) {
            close(fd);
            return NULL;
        }
        if (waited == 1 && c->verbose)
            say(say_to, c->rank, "waiting for the failed run's forwarder to finish");
        struct timespec t = {0, 10000000};
        nanosleep(&t, NULL);
    }
    struct count_file old;
    memset(&old, 0, sizeof old);
    int have_old = pread(fd, &old, sizeof old, 0) == (ssize_t)sizeof old &&
                   memcmp(old.magic, COUNT_MAGIC, sizeof old.magic) == 0 && !old.ended;
    volatile struct count_file *cf = NULL;
    if (ftruncate(fd, sizeof *cf) == 0)
        cf = mmap(NULL, sizeof *cf, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    /* Left open: it holds the lock until the program ends (forward). */
    if (cf == MAP_FAILED || !cf) {
        say(say_to, c->rank, "cannot map its count file (output printed after the last "
                             "checkpoint will be printed again by a recovery)");
        close(fd);
        return NULL;
    }
    for (int s = 0; s < STREAMS; s++) {
        if (have_old && c->resume[s] && old.printed[s] > printed[s])
            printed[s] = old.printed[s];
        cf->printed[s] = printed[s];
    }
    cf->ended = 0;
    memcpy((void *)cf->magic, COUNT_MAGIC, sizeof old.magic);
    *count_fd = fd;
    return cf;
}

/* Writes buf, which starts at position `at` of its stream, to out; *printed
 * (and its durable copy) follows every byte that gets there. */
/* by_line: `out` is a terminal (a launcher's), written a line at a time as
 * the program did (stdio buffers lines for a terminal): the launcher passes
 * on what it reads, and a long write would reach it in pieces that other
 * ranks' lines come between. */
static int deliver(int out, int by_line, const char *buf, size_t n, uint64_t at,
                   uint64_t *printed, volatile uint64_t *durable)
{
    size_t done = 0;
    while (done < n) {
        size_t piece = n - done;
        const char *eol = by_line ? memchr(buf + done, '\n', piece) : NULL;
        if (eol)
            piece = (size_t)(eol - (buf + done)) + 1;
        ssize_t w = write(out, buf + done, piece);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EAGAIN) { /* a non-blocking descriptor given to us */
            struct pollfd p = {.fd = out, .events = POLLOUT};
            poll(&p, 1, -1);
            continue;
        }
        if (w <= 0)
            return -1; /* the reader is gone */
        done += (size_t)w;
        *printed = at + done;
        if (durable)
            *durable = *printed;
    }
    return 0;
}

/* Of n bytes read at position `at` of a stream, how many lie before
 * `printed` (printed before the failure: dropped). */
static size_t already_printed(uint64_t at, size_t n, uint64_t printed)
{
    if (printed <= at)
        return 0;
    return printed - at < (uint64_t)n ? (size_t)(printed - at) : n;
}

/* Takes out of the pipes what is in them now, without waiting, and
 * forwards it: the program's last output, counted, less what a recovered
 * run's forwarder still has to drop. */
static void drain(int rd[STREAMS], int out[STREAMS], int by_line[STREAMS], char *buf,
                  size_t buf_size, uint64_t pos[STREAMS], uint64_t printed[STREAMS],
                  volatile struct count_file *cf)
{
    for (int s = 0; s < STREAMS; s++) {
        while (rd[s] >= 0) {
            ssize_t n = read(rd[s], buf, buf_size);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break; /* empty (EAGAIN) or closed: the main loop sees which */
            uint64_t at = pos[s];
            pos[s] += (uint64_t)n;
            size_t skip = already_printed(at, (size_t)n, printed[s]);
            if (deliver(out[s], by_line[s], buf + skip, (size_t)n - skip, at + skip,
                        &printed[s], cf ? &cf->printed[s] : NULL) != 0)
                break;
        }
    }
}

static _Noreturn void forward(int rd[STREAMS], int out[STREAMS], int control, struct shared *sh,
                              pid_t program)
{
    /* Its own messages go to standard error as it was at start. */
    int say_to = out[1] >= 0 ? out[1] : STDERR_FILENO;
    /* The program's end, as a descriptor to poll (Linux 5.3): then the
     * count is final and its lock free for a recovery's forwarder, even
     * while a child of the program still writes to the pipes. Without it,
     * both last until the pipes close. */
    int program_end = (int)syscall(SYS_pidfd_open, program, 0);
    int keep[] = {rd[0], rd[1], out[0], out[1], control, say_to, program_end};
    keep_only(keep, 7);
    int by_line[STREAMS];
    for (int s = 0; s < STREAMS; s++)
        by_line[s] = out[s] >= 0 && isatty(out[s]);
    ignore_signals();
    /* Out of the program's process group: mpiexec kills a failed rank's
     * group, and a forwarder killed between a write and the count's update
     * would leave the count short, so that a recovery printed those bytes
     * again. Alone, it ends when the program's side of its pipes is closed,
     * having printed and counted everything. */
    setsid();
    atomic_store(&sh->pid, (int)getpid());

    /* Nothing is taken out of the pipes before the runtime says where the
     * program's output starts. If the program ends first, forward it all. */
    struct config c;
    memset(&c, 0, sizeof c);
    int configured = read_full(control, &c, sizeof c) == sizeof c;
    uint64_t pos[STREAMS] = {0, 0}, printed[STREAMS] = {0, 0}, to_drop[STREAMS] = {0, 0};
    volatile struct count_file *cf = NULL;
    int count_fd = -1;
    if (configured) {
        for (int s = 0; s < STREAMS; s++)
            pos[s] = printed[s] = c.start[s];
        if (c.has_path) {
            cf = open_count(&c, printed, say_to, &count_fd);
            atomic_store(&sh->count_open, cf ? 1 : -1);
        }
        for (int s = 0; s < STREAMS; s++)
            to_drop[s] = printed[s] - pos[s];
    }
    if (!configured || c.has_path) {
        close(control);
        control = -1;
    }

    size_t buf_size = PIPE_BYTES;
    char small[65536];
    char *buf = mmap(NULL, buf_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (buf == MAP_FAILED) {
        buf = small;
        buf_size = sizeof small;
    }
    for (;;) {
        struct pollfd p[STREAMS + 1];
        int which[STREAMS + 1], k = 0;
        for (int s = 0; s < STREAMS; s++)
            if (rd[s] >= 0) {
                p[k] = (struct pollfd){.fd = rd[s], .events = POLLIN};
                which[k++] = s;
            }
        if (k == 0)
            _exit(0);
        if (control >= 0) {
            p[k] = (struct pollfd){.fd = control, .events = POLLIN};
            which[k++] = -1;
        }
        if (program_end >= 0 && control < 0) {
            p[k] = (struct pollfd){.fd = program_end, .events = POLLIN};
            which[k++] = -2;
        }
        if (poll(p, (nfds_t)k, -1) < 0) {
            if (errno == EINTR)
                continue;
            _exit(1);
        }
        for (int j = 0; j < k; j++) {
            int s = which[j];
            if (!p[j].revents)
                continue;
            if (s == -2) { /* the program ended: what it wrote is counted, the rest is its
                              children's, which no recovery prints again */
                drain(rd, out, by_line, buf, buf_size, pos, printed, cf);
                for (int t = 0; t < STREAMS; t++) { /* its children's: none dropped */
                    printed[t] = pos[t];
                    to_drop[t] = 0;
                }
                if (cf) {
                    munmap((void *)cf, sizeof *cf);
                    cf = NULL;
                }
                if (count_fd >= 0)
                    close(count_fd); /* the lock goes with it */
                close(program_end);
                program_end = -1;
                continue;
            }
            if (s < 0) { /* the count's path: once the rank is known (MPI_Init) and
                            the directory exists (the first checkpoint) */
                struct config named;
                if (read_full(control, &named, sizeof named) == sizeof named && named.has_path) {
                    named.resume[0] = named.resume[1] = 0; /* a fresh run's count */
                    c.rank = named.rank;
                    cf = open_count(&named, printed, say_to, &count_fd);
                }
                atomic_store(&sh->count_open, cf ? 1 : -1);
                close(control);
                control = -1;
                continue;
            }
            atomic_fetch_add(&sh->seq, 1);
            ssize_t n = read(rd[s], buf, buf_size);
            if (n > 0)
                atomic_fetch_add(&sh->taken[s], (uint64_t)n);
            atomic_fetch_add(&sh->seq, 1);
            if (n < 0 && (errno == EAGAIN || errno == EINTR))
                continue;
            if (n <= 0) { /* every writer is gone */
                if (to_drop[s] && c.verbose)
                    say_dropped(say_to, &c, s, printed[s] - c.start[s] - to_drop[s]);
                close(rd[s]);
                rd[s] = -1;
                continue;
            }
            uint64_t at = pos[s];
            pos[s] += (uint64_t)n;
            /* Printed before the failure: drop it. */
            size_t skip = already_printed(at, (size_t)n, printed[s]);
            if (to_drop[s] && (to_drop[s] -= skip) == 0 && c.verbose)
                say_dropped(say_to, &c, s, printed[s] - c.start[s]);
            if (deliver(out[s], by_line[s], buf + skip, (size_t)n - skip, at + skip, &printed[s],
                        cf ? &cf->printed[s] : NULL) != 0) {
                /* Closing our end gives the program the EPIPE (or SIGPIPE) it would
                 * have had from the original. */
                close(rd[s]);
                rd[s] = -1;
            }
        }
    }
}

/* ---- the program's side ---- */

/* A pseudo-terminal whose master the parent holds: a launcher opened it for
 * this process (Open MPI's mpiexec gives each rank one for stdout), and what
 * goes there reaches the launcher's output, not a screen; it cannot be taken
 * back either. A person's terminal is held by a terminal emulator or sshd,
 * not by the shell that started the program. The kernel names the pty of a
 * master descriptor in its fdinfo ("tty-index"). */
static int parent_holds_master(const struct stat *st)
{
    unsigned pty_major = major(st->st_rdev);
    if (!S_ISCHR(st->st_mode) || pty_major < 136 || pty_major > 143) /* Unix98 pty slaves */
        return 0;
    long index = (long)(pty_major - 136) * 256 + (long)minor(st->st_rdev);
    char path[64], link[32], line[128];
    snprintf(path, sizeof path, "/proc/%d/fd", (int)getppid());
    DIR *fds = opendir(path);
    if (!fds)
        return 0;
    int found = 0;
    for (struct dirent *e; !found && (e = readdir(fds));) {
        snprintf(path, sizeof path, "/proc/%d/fd/%.20s", (int)getppid(), e->d_name);
        ssize_t n = readlink(path, link, sizeof link - 1);
        if (n <= 0)
            continue;
        link[n] = '\0';
        if (strcmp(link, "/dev/ptmx") != 0 && strcmp(link, "/dev/pts/ptmx") != 0)
            continue;
        snprintf(path, sizeof path, "/proc/%d/fdinfo/%.20s", (int)getppid(), e->d_name);
        FILE *info = fopen(path, "r");
        long tty_index;
        while (info && fgets(line, sizeof line, info))
            if (sscanf(line, "tty-index: %ld", &tty_index) == 1 && tty_index == index)
                found = 1;
        if (info)
            fclose(info);
    }
    closedir(fds);
    return found;
}

static int is_forwardable(int fd, struct stat *st)
{
    return fstat(fd, st) == 0 &&
           (S_ISFIFO(st->st_mode) || S_ISSOCK(st->st_mode) || parent_holds_master(st));
}

/* The runtime's copies of each pipe's write end and of the original. */
static void close_stream_copies(void)
{
    for (int s = 0; s < STREAMS; s++) {
        if (fw.write_end[s] >= 0)
            close(fw.write_end[s]);
        if (fw.original[s] >= 0)
            close(fw.original[s]);
        fw.write_end[s] = fw.original[s] = -1;
    }
}

/* A child the program forks writes to descriptors 1 and 2 as the program
 * does, but not to the runtime's copies of the pipes: a helper that
 * outlives the program (its own output sent elsewhere) would otherwise keep
 * the forwarder waiting for the pipes to close. */
static void forget_in_child(void)
{
    close_stream_copies();
    for (int s = 0; s < STREAMS; s++)
        fw.stream_of_fd[s] = -1;
    if (fw.control >= 0)
        close(fw.control);
    fw.control = -1;
    fw.active = fw.begun = 0;
}

void ckpt_output_forward_start(void)
{
    if (!ckpt_opts.rewind_output)
        return;
    struct stat st[STREAMS];
    int piped[STREAMS];
    for (int i = 0; i < STREAMS; i++)
        piped[i] = is_forwardable(i + 1, &st[i]);
    if (!piped[0] && !piped[1])
        return;
    /* 2>&1 into one pipe: one stream keeps their order. */
    int same = piped[0] && piped[1] && st[0].st_dev == st[1].st_dev &&
               st[0].st_ino == st[1].st_ino;
    struct shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    int ctl[2] = {-1, -1}, rd[STREAMS] = {-1, -1};
    int ok = sh != MAP_FAILED && pipe2(ctl, O_CLOEXEC) == 0;
    for (int s = 0; ok && s < STREAMS; s++) {
        if (!piped[s] || (s == 1 && same))
            continue;
        int p[2];
        ok = pipe2(p, O_CLOEXEC) == 0;
        if (!ok)
            break;
        rd[s] = move_high(p[0]);
        fw.write_end[s] = move_high(p[1]);
        fcntl(fw.write_end[s], F_SETPIPE_SZ, PIPE_BYTES); /* a smaller pipe works too */
        fw.original[s] = dup_high(s + 1);
        ok = fw.original[s] >= 0 && fcntl(rd[s], F_SETFL, O_NONBLOCK) == 0;
    }
    pid_t child = -1, program = getpid();
    if (ok) {
        ctl[0] = move_high(ctl[0]);
        ctl[1] = move_high(ctl[1]);
        /* Twice, so that the forwarder is no child of the program's (which
         * may wait for its own children). */
        child = fork();
        if (child == 0) {
            if (fork() == 0)
                forward(rd, fw.original, ctl[0], sh, program);
            _exit(0);
        }
        ok = child > 0 && waitpid(child, NULL, 0) == child;
    }
    for (int s = 0; s < STREAMS; s++)
        if (rd[s] >= 0)
            close(rd[s]);
    if (ctl[0] >= 0)
        close(ctl[0]);
    if (!ok) {
        close_stream_copies();
        if (ctl[1] >= 0)
            close(ctl[1]);
        ckpt_warn("cannot put a forwarder between the program and its output pipe (%s): "
                  "output printed after the last checkpoint will be printed again by a recovery",
                  strerror(errno));
        return;
    }
    for (int i = 0; i < STREAMS; i++) {
        if (!piped[i])
            continue;
        int s = (i == 1 && same) ? 0 : i;
        if (dup2(fw.write_end[s], i + 1) < 0)
            ckpt_fatal("cannot put the output forwarder's pipe in place of descriptor %d: %s",
                       i + 1, strerror(errno));
        fw.stream_of_fd[i] = s;
    }
    /* In place of a terminal, a pipe: stdio would buffer stdout whole
     * blocks, and the launcher that reads the terminal would pass on parts
     * of lines, mixed with other ranks' lines. Lines, as on the terminal. */
    if (piped[0] && S_ISCHR(st[0].st_mode))
        setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
    fw.control = ctl[1];
    fw.sh = sh;
    fw.active = 1;
    if (pthread_atfork(NULL, NULL, forget_in_child) != 0)
        ckpt_info(1, "children the program forks keep the output forwarder's descriptors");
}

void ckpt_output_direct(int on)
{
    /* What descriptors 1 and 2 were: a copy, -1 none taken, -2 closed. */
    static int saved[STREAMS] = {-1, -1};
    if (!fw.active)
        return;
    /* What stdio holds now was printed in this mode or before it (stdout's
     * buffer is the library's, not the image's: the program's own output was
     * flushed at the checkpoint). */
    fflush(stdout);
    fflush(stderr);
    for (int i = 0; i < STREAMS; i++) {
        int s = fw.stream_of_fd[i];
        if (s < 0)
            continue;
        if (on && saved[i] == -1) {
            saved[i] = dup_high(i + 1);
            if (saved[i] < 0 && errno == EBADF) /* closed: it is closed again after */
                saved[i] = -2;
            if (saved[i] == -1 || dup2(fw.original[s], i + 1) < 0)
                ckpt_fatal("cannot point descriptor %d past the output forwarder: %s", i + 1,
                           strerror(errno));
        } else if (!on && saved[i] != -1) {
            if (saved[i] == -2)
                close(i + 1);
            else if (dup2(saved[i], i + 1) < 0)
                ckpt_fatal("cannot give descriptor %d back: %s", i + 1, strerror(errno));
            else
                close(saved[i]);
            saved[i] = -1;
        }
    }
}

void ckpt_output_forward_resume_at(const struct ckpt_output_positions *p)
{
    fw.resume = *p;
}

/* 0, or -1 when the path does not fit. */
static int name_count_file(char *out, size_t outlen, const char *dir, uint32_t rank)
{
    return snprintf(out, outlen, "%s/output-rank-%06u.count", dir, rank) < (int)outlen ? 0 : -1;
}

void ckpt_output_forward_remove_counts(const char *dir, uint32_t nranks)
{
    char path[PATH_MAX + 32];
    for (uint32_t r = 0; r < nranks; r++)
        if (name_count_file(path, sizeof path, dir, r) == 0)
            unlink(path);
}

static void send_config(struct config *c)
{
    c->rank = fw.rank;
    c->verbose = (uint32_t)ckpt_opts.verbose;
    c->has_path = fw.rank_given && fw.dir_ready;
    if (c->has_path && name_count_file(c->count_path, sizeof c->count_path, fw.dir, fw.rank) != 0)
        ckpt_fatal("cannot name the output count file in '%s': the path is too long", fw.dir);
    size_t done = 0;
    while (done < sizeof *c) {
        ssize_t w = write(fw.control, (const char *)c + done, sizeof *c - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            ckpt_fatal("the output forwarder is gone (%s)", strerror(errno));
        done += (size_t)w;
    }
    if (c->has_path) {
        close(fw.control);
        fw.control = -1;
    }
}

void ckpt_output_forward_begin(const char *dir, int rank_pending, int dir_exists)
{
    if (!fw.active || fw.begun)
        return;
    /* Absolute: the forwarder's working directory is the one at start (and
     * the directory may not exist yet). */
    char cwd[PATH_MAX];
    if (dir[0] == '/')
        snprintf(fw.dir, sizeof fw.dir, "%s", dir);
    else if (!getcwd(cwd, sizeof cwd) ||
             snprintf(fw.dir, sizeof fw.dir, "%s/%s", cwd, dir) >= (int)sizeof fw.dir)
        ckpt_fatal("cannot name the output count file in '%s': %s", dir,
                   errno ? strerror(errno) : "path too long");
    if (!rank_pending)
        fw.rank_given = 1;
    fw.dir_ready = dir_exists;
    struct config c;
    memset(&c, 0, sizeof c);
    for (int s = 0; s < STREAMS; s++) {
        c.resume[s] = fw.resume.valid[s] != 0;
        c.start[s] = c.resume[s] ? fw.resume.bytes[s] : 0;
        fw.start[s] = c.start[s];
    }
    send_config(&c);
    fw.begun = 1;
}

/* The second message, with the count's path, once both are known. */
static void send_path_if_known(void)
{
    if (!fw.begun || fw.control < 0 || !fw.rank_given || !fw.dir_ready)
        return;
    struct config c;
    memset(&c, 0, sizeof c);
    send_config(&c);
}

void ckpt_output_forward_rank(uint32_t rank)
{
    fw.rank = rank;
    if (fw.rank_given)
        return;
    fw.rank_given = 1;
    send_path_if_known();
}

void ckpt_output_forward_dir_ready(void)
{
    if (fw.dir_ready)
        return;
    fw.dir_ready = 1;
    if (!fw.begun || fw.control < 0)
        return;
    send_path_if_known();
    /* The checkpoint that made the directory must not be committed before
     * the count is durable there: a recovery would print again what the
     * run printed before it. Not forever, though. */
    for (int i = 0; i < 2000 && atomic_load(&fw.sh->count_open) == 0; i++) {
        struct timespec t = {0, 1000000};
        nanosleep(&t, NULL);
    }
}

void ckpt_output_forward_mark_ended(const char *dir, uint32_t nranks)
{
    char path[PATH_MAX + 32];
    uint64_t one = 1;
    for (uint32_t r = 0; r < nranks; r++) {
        if (name_count_file(path, sizeof path, dir, r) != 0)
            return;
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            continue; /* that rank printed nothing through a forwarder */
        if (pwrite(fd, &one, sizeof one, offsetof(struct count_file, ended)) < 0)
            ckpt_warn("cannot mark %s as ended", path);
        close(fd);
    }
}

static int forwarder_alive(void)
{
    int pid = atomic_load(&fw.sh->pid);
    return pid <= 0 || kill(pid, 0) == 0 || errno != ESRCH;
}

void ckpt_output_forward_positions(struct ckpt_output_positions *p)
{
    memset(p, 0, sizeof *p);
    if (!fw.begun)
        return;
    struct timespec pause = {0, 100000};
    for (unsigned tries = 0;; tries++) {
        uint64_t before = atomic_load(&fw.sh->seq);
        if (!(before & 1)) {
            struct ckpt_output_positions now;
            memset(&now, 0, sizeof now);
            int ok = 1;
            for (int s = 0; s < STREAMS; s++) {
                if (fw.write_end[s] < 0)
                    continue;
                int queued = 0;
                ok = ok && ioctl(fw.write_end[s], FIONREAD, &queued) == 0;
                now.valid[s] = 1;
                now.bytes[s] = fw.start[s] + atomic_load(&fw.sh->taken[s]) + (uint64_t)queued;
            }
            if (atomic_load(&fw.sh->seq) == before) {
                if (ok)
                    *p = now;
                return;
            }
        }
        /* The forwarder is half-way through taking bytes out: a moment. */
        if (tries < 100) {
            sched_yield();
        } else {
            nanosleep(&pause, NULL);
            if (tries % 10000 == 0 && !forwarder_alive()) {
                ckpt_warn("the output forwarder died: this checkpoint does not record where "
                          "the output stands");
                return;
            }
        }
    }
}
