/* `ckptrun [options] COMMAND ...`: run a checkpointed program (or an
 * `mpiexec ... prog args` job) and, when it dies, run it again with
 * --recover from its newest committed checkpoint, a bounded number of
 * times. For batch jobs: nobody has to notice the failure and resubmit. */
#define _GNU_SOURCE
#include <aalc/ckpt_reader.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_RETRIES 3

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t stop_signal; /* the user (or the batch system) asked to stop */

static int usage(void)
{
    fputs("usage: ckptrun [--retries N] [--dir DIR] COMMAND [ARGS...]\n"
          "  Runs COMMAND (a program built with ckptcc, or mpiexec -n N PROGRAM ...); when\n"
          "  it dies, runs it again with --recover from its newest committed checkpoint\n"
          "  (from the start if none was committed), up to N times (CKPT_RETRIES, default 3).\n"
          "  DIR is the job's checkpoint directory (CKPT_DIR; default: PROGRAM.ckpt).\n",
          stderr);
    return 2;
}

/* Stopping ckptrun stops the job, and no restart follows. */
static void forward(int sig)
{
    stop_signal = sig;
    if (child_pid > 0)
        kill(child_pid, sig);
}

static int is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The program's default checkpoint directory (the runtime's: PROGRAM.ckpt in
 * the working directory). PROGRAM is the command itself, or for a launcher
 * (mpiexec -n 2 ./prog) its first argument that names an executable file. */
static int default_dir(char **cmd, char *out, size_t len)
{
    const char *base = strrchr(cmd[0], '/');
    base = base ? base + 1 : cmd[0];
    const char *program = cmd[0];
    if (strcmp(base, "mpiexec") == 0 || strcmp(base, "mpirun") == 0 ||
        strcmp(base, "srun") == 0 || strncmp(base, "mpiexec.", 8) == 0) {
        program = NULL;
        for (int i = 1; cmd[i] && !program; i++)
            if (cmd[i][0] != '-' && strchr(cmd[i], '/') && is_executable_file(cmd[i]))
                program = cmd[i];
        if (!program)
            return -1;
    }
    base = strrchr(program, '/');
    base = base ? base + 1 : program;
    return snprintf(out, len, "%s.ckpt", base) < (int)len ? 0 : -1;
}

/* Run cmd (with --recover appended if asked) to its end; its wait status. */
static int run(char **cmd, int argc, int recover)
{
    char **argv = calloc((size_t)argc + 2, sizeof *argv);
    if (!argv)
        return -1;
    memcpy(argv, cmd, (size_t)argc * sizeof *argv);
    if (recover)
        argv[argc] = "--recover";
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        free(argv);
        return -1;
    }
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        execvp(argv[0], argv);
        fprintf(stderr, "ckptrun: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    child_pid = pid;
    if (stop_signal) /* arrived between fork and here */
        kill(pid, stop_signal);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = -1;
            break;
        }
    child_pid = 0;
    free(argv);
    return status;
}

static void describe(int status, char *out, size_t len)
{
    if (status == -1)
        snprintf(out, len, "could not be started");
    else if (WIFSIGNALED(status))
        snprintf(out, len, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(out, len, "exited with status %d", WEXITSTATUS(status));
}

/* The exit status a shell would give for this wait status. */
static int exit_code(int status)
{
    if (status == -1)
        return 127;
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* When checkpoint n was committed (0 if unknown). */
static time_t committed_at(const char *dir, uint64_t n)
{
    struct ckpt_reader_checkpoint *all;
    size_t count;
    char err[256];
    time_t t = 0;
    if (ckpt_reader_list(dir, &all, &count, err, sizeof err) != 0)
        return 0;
    for (size_t i = 0; i < count; i++)
        if (all[i].number == n && all[i].committed)
            t = all[i].time;
    free(all);
    return t;
}

static int parse_retries(const char *text, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 0 || v > 1000000)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    long retries = DEFAULT_RETRIES;
    const char *env = getenv("CKPT_RETRIES");
    if (env && *env && parse_retries(env, &retries) != 0) {
        fprintf(stderr, "ckptrun: CKPT_RETRIES='%s' is not a number of restarts\n", env);
        return 2;
    }
    const char *dir_option = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        } else if (strcmp(argv[i], "--retries") == 0 && i + 1 < argc) {
            if (parse_retries(argv[++i], &retries) != 0)
                return usage();
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir_option = argv[++i];
        } else {
            return usage();
        }
    }
    if (i >= argc)
        return usage();
    char **cmd = argv + i;
    int cmd_argc = argc - i;

    /* One directory for ckptrun and the job: CKPT_DIR, absolute, in the
     * job's environment, so both look at the same checkpoints. */
    char dir[PATH_MAX], cwd[PATH_MAX], err[256];
    const char *given = dir_option ? dir_option : getenv("CKPT_DIR");
    if (given && *given) {
        snprintf(dir, sizeof dir, "%s", given);
    } else if (default_dir(cmd, dir, sizeof dir) != 0) {
        fprintf(stderr, "ckptrun: cannot tell which program %s runs: set CKPT_DIR (or "
                        "--dir) to the job's checkpoint directory\n", cmd[0]);
        return 2;
    }
    if (dir[0] != '/' && getcwd(cwd, sizeof cwd)) {
        char rel[PATH_MAX];
        snprintf(rel, sizeof rel, "%s", dir);
        if (snprintf(dir, sizeof dir, "%s/%s", cwd, rel) >= (int)sizeof dir) {
            fprintf(stderr, "ckptrun: checkpoint directory path too long\n");
            return 2;
        }
    }
    setenv("CKPT_DIR", dir, 1);
    if (ckpt_reader_init(err, sizeof err) != 0) {
        fprintf(stderr, "ckptrun: %s\n", err);
        return 2;
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = forward;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    uint64_t recovered_from = 0; /* the checkpoint the last run started from */
    int recovering = 0;
    for (long restarts = 0;; restarts++) {
        int status = run(cmd, cmd_argc, recovering);
        if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
            return 0;
        time_t died = time(NULL);
        char how[128];
        describe(status, how, sizeof how);
        if (stop_signal) {
            fprintf(stderr, "ckptrun: %s %s after ckptrun was asked to stop: not restarted\n",
                    cmd[0], how);
            return exit_code(status);
        }
        uint64_t newest = ckpt_reader_newest_committed(dir);
        if (restarts >= retries) {
            if (recovering && newest == recovered_from)
                fprintf(stderr,
                        "ckptrun: giving up: %s %s, again without committing a checkpoint "
                        "newer than %" PRIu64 "; %ld restart%s of %ld tried. Its checkpoints "
                        "stay in %s (ckpt list, ckpt verify)\n",
                        cmd[0], how, recovered_from, restarts, restarts == 1 ? "" : "s",
                        retries, dir);
            else
                fprintf(stderr,
                        "ckptrun: giving up: %s %s; %ld restart%s of %ld tried "
                        "(CKPT_RETRIES). Its checkpoints stay in %s\n",
                        cmd[0], how, restarts, restarts == 1 ? "" : "s", retries, dir);
            return exit_code(status);
        }
        if (newest) {
            time_t at = committed_at(dir, newest);
            fprintf(stderr,
                    "ckptrun: %s %s; restart %ld of %ld from checkpoint %" PRIu64
                    " (about %ld s of work lost)\n",
                    cmd[0], how, restarts + 1, retries, newest,
                    at ? (long)(died - at) : -1L);
        } else {
            fprintf(stderr,
                    "ckptrun: %s %s; restart %ld of %ld from the start (no checkpoint "
                    "committed yet in %s)\n",
                    cmd[0], how, restarts + 1, retries, dir);
        }
        recovering = newest != 0;
        recovered_from = newest;
    }
}
