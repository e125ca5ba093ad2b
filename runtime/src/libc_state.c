#define _GNU_SOURCE /* on_exit, strtok_r */
#include "libc_state.h"

#include "globals.h"
#include "heap.h"
#include "image.h"
#include "log.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_EXIT_HANDLERS 128
#define RANDOM_STATE_MAX 260 /* header and 64 words: initstate's largest table */

enum exit_kind { EXIT_ATEXIT = 1, EXIT_ON_EXIT = 2 };

/* What a checkpoint saves (the image's CKPT_SECTION_LIBC, as is). Pointers
 * are the program's (to its handlers, its buffers, its strings): the same
 * in every run of the executable. */
struct libc_record {
    uint64_t random_state;            /* random()'s state, as setstate() takes it */
    uint32_t random_size;
    uint8_t random_bytes[RANDOM_STATE_MAX];
    struct drand48_data drand48;
    uint64_t strtok_next;
    uint32_t exit_count;
    struct {
        uint32_t kind;
        uint64_t function, argument;
    } exit_handlers[MAX_EXIT_HANDLERS];
    uint8_t signal_set[NSIG];         /* 1: the program set this signal's disposition */
    struct sigaction signals[NSIG];
    sigset_t mask;
    uint32_t umask;
    char cwd[PATH_MAX];
    char locale[1024];
    uint64_t std_streams[3];          /* stdin, stdout, stderr as the program left them */
    struct {
        uint32_t set, mode;
        uint64_t buffer, size;
    } std_buffering[3];
    int64_t stdin_offset;             /* -1: not a regular file, or not read */
    uint64_t stdin_device, stdin_inode;
    uint64_t libc_address;            /* where the C library was (its stdout object) */
};

/* The record kept up to date between checkpoints (the parts wrappers keep),
 * and the standard streams as the process started with them. */
static struct libc_record kept;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *initial_streams[3];
static struct drand48_data *drand48_state;

int __real_atexit(void (*fn)(void));
int __real_on_exit(void (*fn)(int, void *), void *arg);
__sighandler_t __real_signal(int sig, __sighandler_t handler);
int __real_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int __real_setvbuf(FILE *stream, char *buf, int mode, size_t size);

/* ---- wrappers ---- */

char *__wrap_strtok(char *s, const char *delim);
int __wrap_atexit(void (*fn)(void));
int __wrap_on_exit(void (*fn)(int, void *), void *arg);
__sighandler_t __wrap_signal(int sig, __sighandler_t handler);
int __wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int __wrap_setvbuf(FILE *stream, char *buf, int mode, size_t size);
void __wrap_setbuf(FILE *stream, char *buf);
void __wrap_setbuffer(FILE *stream, char *buf, size_t size);
void __wrap_setlinebuf(FILE *stream);

/* strtok's position lives in the record, where a checkpoint finds it. */
char *__wrap_strtok(char *s, const char *delim)
{
    char *next = (char *)(uintptr_t)kept.strtok_next;
    char *token = strtok_r(s, delim, &next);
    kept.strtok_next = (uint64_t)(uintptr_t)next;
    return token;
}

static void keep_exit_handler(enum exit_kind kind, void *fn, void *arg)
{
    pthread_mutex_lock(&kept_lock);
    if (kept.exit_count == MAX_EXIT_HANDLERS)
        ckpt_fatal("more than %d handlers registered with atexit/on_exit: a recovery could not "
                   "register them all again",
                   MAX_EXIT_HANDLERS);
    kept.exit_handlers[kept.exit_count].kind = kind;
    kept.exit_handlers[kept.exit_count].function = (uint64_t)(uintptr_t)fn;
    kept.exit_handlers[kept.exit_count].argument = (uint64_t)(uintptr_t)arg;
    kept.exit_count++;
    pthread_mutex_unlock(&kept_lock);
}

int __wrap_atexit(void (*fn)(void))
{
    int rc = __real_atexit(fn);
    if (rc == 0)
        keep_exit_handler(EXIT_ATEXIT, (void *)(uintptr_t)fn, NULL);
    return rc;
}

int __wrap_on_exit(void (*fn)(int, void *), void *arg)
{
    int rc = __real_on_exit(fn, arg);
    if (rc == 0)
        keep_exit_handler(EXIT_ON_EXIT, (void *)(uintptr_t)fn, arg);
    return rc;
}

/* The disposition as the kernel has it now, whichever call set it. */
static void keep_signal(int sig)
{
    if (sig <= 0 || sig >= NSIG)
        return;
    struct sigaction now;
    if (__real_sigaction(sig, NULL, &now) != 0)
        return;
    pthread_mutex_lock(&kept_lock);
    kept.signals[sig] = now;
    kept.signal_set[sig] = 1;
    pthread_mutex_unlock(&kept_lock);
}

__sighandler_t __wrap_signal(int sig, __sighandler_t handler)
{
    __sighandler_t old = __real_signal(sig, handler);
    if (old != SIG_ERR)
        keep_signal(sig);
    return old;
}

int __wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    int rc = __real_sigaction(sig, act, old);
    if (rc == 0 && act)
        keep_signal(sig);
    return rc;
}

static int std_stream_index(FILE *stream)
{
    for (int i = 0; i < 3; i++)
        if (stream == initial_streams[i])
            return i;
    return -1;
}

/* Buffering of the C library's own standard streams is set again after a
 * recovery; other streams keep theirs in their FILE (files.c). */
int __wrap_setvbuf(FILE *stream, char *buf, int mode, size_t size)
{
    int rc = __real_setvbuf(stream, buf, mode, size);
    int i = std_stream_index(stream);
    if (rc == 0 && i >= 0) {
        kept.std_buffering[i].set = 1;
        kept.std_buffering[i].mode = (uint32_t)mode;
        kept.std_buffering[i].buffer = (uint64_t)(uintptr_t)buf;
        kept.std_buffering[i].size = size;
    }
    return rc;
}

void __wrap_setbuf(FILE *stream, char *buf)
{
    __wrap_setvbuf(stream, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

void __wrap_setbuffer(FILE *stream, char *buf, size_t size)
{
    __wrap_setvbuf(stream, buf, buf ? _IOFBF : _IONBF, size);
}

void __wrap_setlinebuf(FILE *stream)
{
    __wrap_setvbuf(stream, NULL, _IOLBF, 0);
}

/* ---- reading the C library's state ---- */

void ckpt_libc_state_init(void)
{
    initial_streams[0] = stdin;
    initial_streams[1] = stdout;
    initial_streams[2] = stderr;
    /* seed48 hands out the address of the generator's previous-seed field,
     * inside the state it shares with drand48 (glibc's struct drand48_data:
     * the seed comes first, the previous seed after it). Nothing has used
     * the generator yet: its state is all zero again afterwards. */
    unsigned short zero[3] = {0, 0, 0};
    unsigned short *previous = seed48(zero);
    drand48_state = (struct drand48_data *)(previous - 3);
    memset(drand48_state, 0, sizeof *drand48_state);
}

/* initstate with a scratch table makes random() store its position into the
 * header of its current table, and returns that table; setstate puts it back. */
static char scratch_table[128] __attribute__((aligned(8)));
static const int random_degrees[5] = {0, 7, 15, 31, 63};

static void read_random(struct libc_record *r)
{
    char *current = initstate(1, scratch_table, sizeof scratch_table);
    setstate(current);
    int32_t header;
    memcpy(&header, current, sizeof header);
    int degree = random_degrees[(header % 5 + 5) % 5];
    r->random_state = (uint64_t)(uintptr_t)current;
    r->random_size = (uint32_t)((degree > 0 ? degree + 1 : 2) * sizeof(int32_t));
    memcpy(r->random_bytes, current, r->random_size);
}

static uint32_t read_umask(void)
{
    /* /proc says it without changing it (umask() would, for a moment in which
     * the image writer may be creating files). */
    FILE *f = fopen("/proc/self/status", "r");
    unsigned mask = 022;
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "Umask: %o", &mask) == 1)
            break;
    if (f)
        fclose(f);
    return mask;
}

static void read_stdin_offset(struct libc_record *r)
{
    struct stat st;
    r->stdin_offset = -1;
    if (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    off_t at = ftello(initial_streams[0]); /* the program's position, not the kernel's */
    if (at <= 0)
        return;
    r->stdin_offset = at;
    r->stdin_device = st.st_dev;
    r->stdin_inode = st.st_ino;
}

int ckpt_libc_state_save(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    static struct libc_record r; /* large: not on the program's stack */
    pthread_mutex_lock(&kept_lock);
    r = kept;
    pthread_mutex_unlock(&kept_lock);
    read_random(&r);
    memcpy(&r.drand48, drand48_state, sizeof r.drand48);
    pthread_sigmask(SIG_BLOCK, NULL, &r.mask);
    r.umask = read_umask();
    if (!getcwd(r.cwd, sizeof r.cwd)) {
        snprintf(err, errlen, "cannot read the working directory (it was removed?)");
        return -1;
    }
    snprintf(r.locale, sizeof r.locale, "%s", setlocale(LC_ALL, NULL));
    r.libc_address = (uint64_t)(uintptr_t)initial_streams[1];
    r.std_streams[0] = (uint64_t)(uintptr_t)stdin;
    r.std_streams[1] = (uint64_t)(uintptr_t)stdout;
    r.std_streams[2] = (uint64_t)(uintptr_t)stderr;
    read_stdin_offset(&r);
    return ckpt_image_add_section(w, CKPT_SECTION_LIBC, 0, &r, sizeof r, err, errlen);
}

int ckpt_libc_state_check(const struct ckpt_image *img, char *err, size_t errlen)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_LIBC, 0);
    if (!s || s->size != sizeof(struct libc_record)) {
        snprintf(err, errlen, "saved C library state missing or of the wrong size");
        return -1;
    }
    struct libc_record r;
    memcpy(&r, s->data, sizeof r);
    if (r.exit_count > MAX_EXIT_HANDLERS || r.random_size > RANDOM_STATE_MAX ||
        !memchr(r.cwd, 0, sizeof r.cwd) || !memchr(r.locale, 0, sizeof r.locale)) {
        snprintf(err, errlen, "saved C library state is inconsistent");
        return -1;
    }
    return 0;
}

/* ---- putting it back ---- */

static void restore_random(const struct libc_record *r)
{
    char *table = (char *)(uintptr_t)r->random_state;
    if (ckpt_heap_owns(table) || ckpt_globals_contain(table, r->random_size)) {
        setstate(table); /* the program's own table: back with its memory */
        return;
    }
    /* The C library's own table: this process's is where the old one was
     * when the library is loaded at the same address, but write it through
     * the pointer this process gives. */
    char *own = initstate(1, scratch_table, sizeof scratch_table);
    memcpy(own, r->random_bytes, r->random_size);
    setstate(own);
}

static void restore_signals(const struct libc_record *r)
{
    for (int sig = 1; sig < NSIG; sig++)
        if (r->signal_set[sig] && __real_sigaction(sig, &r->signals[sig], NULL) != 0)
            ckpt_warn("cannot set the handler of signal %d (%s) again after the recovery", sig,
                      strsignal(sig));
    pthread_sigmask(SIG_SETMASK, &r->mask, NULL);
}

static void restore_exit_handlers(const struct libc_record *r)
{
    for (uint32_t i = 0; i < r->exit_count; i++) {
        void *fn = (void *)(uintptr_t)r->exit_handlers[i].function;
        void *arg = (void *)(uintptr_t)r->exit_handlers[i].argument;
        int rc = r->exit_handlers[i].kind == EXIT_ON_EXIT
                     ? __real_on_exit((void (*)(int, void *))(uintptr_t)fn, arg)
                     : __real_atexit((void (*)(void))(uintptr_t)fn);
        if (rc != 0)
            ckpt_fatal("cannot register exit handler %u of %u again after the recovery", i + 1,
                       r->exit_count);
    }
}

/* The stream a saved stdin/stdout/stderr pointer stands for here: one of
 * the C library's own three where it was one of them at the checkpoint (the
 * library may have been elsewhere then: they keep their distances to its
 * stdout object), else the program's own stream (in the saved heap). */
static FILE *stream_here(uint64_t saved, const struct libc_record *r)
{
    for (int j = 0; j < 3; j++) {
        uint64_t was = r->libc_address + (uint64_t)((uintptr_t)initial_streams[j] -
                                                    (uintptr_t)initial_streams[1]);
        if (saved == was)
            return initial_streams[j];
    }
    return (FILE *)(uintptr_t)saved;
}

static void restore_streams(const struct libc_record *r)
{
    FILE **now[3] = {&stdin, &stdout, &stderr};
    for (int i = 0; i < 3; i++) {
        FILE *saved = stream_here(r->std_streams[i], r);
        if (saved != initial_streams[i])
            *now[i] = saved; /* the program assigned it another stream */
        if (r->std_buffering[i].set)
            __real_setvbuf(initial_streams[i], (char *)(uintptr_t)r->std_buffering[i].buffer,
                           (int)r->std_buffering[i].mode, r->std_buffering[i].size);
    }
    if (r->stdin_offset < 0)
        return;
    struct stat st;
    if (fstat(STDIN_FILENO, &st) != 0 || st.st_dev != (dev_t)r->stdin_device ||
        st.st_ino != (ino_t)r->stdin_inode)
        ckpt_fatal("standard input is not the file it was at the checkpoint, where the program "
                   "had read %lld bytes of it: recover with the same input",
                   (long long)r->stdin_offset);
    if (lseek(STDIN_FILENO, (off_t)r->stdin_offset, SEEK_SET) < 0)
        ckpt_fatal("cannot move standard input back to offset %lld",
                   (long long)r->stdin_offset);
}

void ckpt_libc_state_restore(const struct ckpt_image *img)
{
    static struct libc_record r;
    memcpy(&r, ckpt_image_find(img, CKPT_SECTION_LIBC, 0)->data, sizeof r);
    pthread_mutex_lock(&kept_lock);
    kept.strtok_next = r.strtok_next;
    kept.exit_count = r.exit_count;
    memcpy(kept.exit_handlers, r.exit_handlers, sizeof kept.exit_handlers);
    memcpy(kept.signal_set, r.signal_set, sizeof kept.signal_set);
    memcpy(kept.signals, r.signals, sizeof kept.signals);
    memcpy(kept.std_buffering, r.std_buffering, sizeof kept.std_buffering);
    pthread_mutex_unlock(&kept_lock);

    if (r.libc_address != (uint64_t)(uintptr_t)initial_streams[1])
        ckpt_warn("the C library is loaded at another address than at the checkpoint (address "
                  "randomization was on in one of the runs: CKPT_ASLR, or a system that "
                  "refuses to turn it off; or another stack limit, LD_PRELOAD or "
                  "LD_LIBRARY_PATH): pointers into it that "
                  "the program kept, such as a saved copy of stdout, are not valid");
    restore_random(&r);
    memcpy(drand48_state, &r.drand48, sizeof r.drand48);
    restore_exit_handlers(&r);
    restore_signals(&r);
    umask((mode_t)r.umask);
    if (strcmp(setlocale(LC_ALL, NULL), r.locale) != 0 && !setlocale(LC_ALL, r.locale))
        ckpt_fatal("cannot set the locale the program had at the checkpoint (%s): is it "
                   "installed here?",
                   r.locale);
    restore_streams(&r);
    if (chdir(r.cwd) != 0)
        ckpt_fatal("cannot return to the working directory the program had at the checkpoint, "
                   "%s: %s",
                   r.cwd, strerror(errno));
}
