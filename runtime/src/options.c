#include "options.h"

#include "interval_model.h"

#include "file_modes.h"
#include "log.h"
#include "parallel_copy.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const ckpt_write_mode_names[4] = {
    [CKPT_WRITE_AUTO] = "auto",
    [CKPT_WRITE_COPY] = "copy",
    [CKPT_WRITE_THROUGH] = "through",
    [CKPT_WRITE_SYNC] = "sync",
};

struct ckpt_options ckpt_opts = {
    .interval = CKPT_DEFAULT_INTERVAL, .keep = CKPT_DEFAULT_KEEP, .rewind_output = 1,
    .write_mode = CKPT_WRITE_AUTO, .direct_io = 1, .prefetch = 1, .map_image = 1, .prefault = 1,
    .stack_size = (size_t)256 << 20, .copy_parallel_min = CKPT_PARALLEL_COPY_MIN_DEFAULT,
    .partner = -1, .flush_every = 1, .debug_local_free = -1};

/* A layer's view of the options (aalc/ckpt_layer_services.h). */
const char *ckpt_options_dir(void)
{
    return ckpt_opts.local_dir[0] ? ckpt_opts.local_dir : ckpt_opts.dir;
}

const char *ckpt_options_shared_dir(void)
{
    return ckpt_opts.dir;
}

int ckpt_levels_local(void)
{
    return ckpt_opts.local_dir[0] != '\0';
}

const char *ckpt_levels_node(void)
{
    return ckpt_opts.node;
}

int ckpt_levels_partner_wanted(void)
{
    return ckpt_opts.partner;
}

unsigned ckpt_levels_flush_every(void)
{
    return ckpt_opts.flush_every;
}

unsigned ckpt_options_keep(void)
{
    return ckpt_opts.keep;
}

long long ckpt_parse_size(const char *text)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || v < 0)
        return -1;
    double scale = 1;
    switch (*end) {
    case 'k': case 'K': scale = 1024.0; end++; break;
    case 'm': case 'M': scale = 1024.0 * 1024; end++; break;
    case 'g': case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    default: break;
    }
    if (*end != '\0')
        return -1;
    return (long long)(v * scale);
}

static long parse_count(const char *name, const char *text, long min)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min)
        ckpt_fatal("%s='%s' is not a whole number >= %ld", name, text, min);
    return v;
}

static void make_absolute(char *path, size_t size, const char *name);

/* CKPT_LOCAL_DIR and what goes with it (docs/levels.md). The local level is
 * CKPT_LOCAL_DIR/<node>/job-<hash of CKPT_DIR>, so that simulated nodes on
 * one machine (CKPT_DEBUG_NODE) keep apart, deleting CKPT_LOCAL_DIR/<node>
 * loses the node's disk, and jobs keep apart. Only a layer copies and flushes: startup.c clears it for a serial
 * program, which keeps CKPT_DIR. */
static void load_levels(void)
{
    const char *v;
    if ((v = getenv("CKPT_DEBUG_NODE")) && *v) {
        if (strchr(v, '/') || strcmp(v, ".") == 0 || strcmp(v, "..") == 0 ||
            snprintf(ckpt_opts.node, sizeof ckpt_opts.node, "%s", v) >= (int)sizeof ckpt_opts.node)
            ckpt_fatal("CKPT_DEBUG_NODE='%s': use a plain name (no '/')", v);
    } else if (gethostname(ckpt_opts.node, sizeof ckpt_opts.node - 1) != 0) {
        snprintf(ckpt_opts.node, sizeof ckpt_opts.node, "localhost");
    }
    if ((v = getenv("CKPT_PARTNER")) && *v)
        ckpt_opts.partner = (int)parse_count("CKPT_PARTNER", v, 0) != 0;
    if ((v = getenv("CKPT_FLUSH_EVERY")) && *v)
        ckpt_opts.flush_every = (unsigned)parse_count("CKPT_FLUSH_EVERY", v, 0);
    if ((v = getenv("CKPT_DEBUG_LOCAL_FREE")) && *v &&
        (ckpt_opts.debug_local_free = ckpt_parse_size(v)) < 0)
        ckpt_fatal("CKPT_DEBUG_LOCAL_FREE='%s': use a size (0, 4M, 1G, ...)", v);
    if (!(v = getenv("CKPT_LOCAL_DIR")) || !*v)
        return;
    /* A directory of the job's own under the node's: two jobs on one node
     * (a sweep of one program) must not take or remove each other's
     * checkpoints. CKPT_DIR, locked by the job that uses it, names the job. */
    uint64_t job = 1469598103934665603ull; /* FNV-1a of the absolute CKPT_DIR */
    for (const char *c = ckpt_opts.dir; *c; c++)
        job = (job ^ (unsigned char)*c) * 1099511628211ull;
    if (snprintf(ckpt_opts.local_dir, sizeof ckpt_opts.local_dir, "%s/%s/job-%016llx", v,
                 ckpt_opts.node, (unsigned long long)job) >= (int)sizeof ckpt_opts.local_dir)
        ckpt_fatal("CKPT_LOCAL_DIR is too long");
    make_absolute(ckpt_opts.local_dir, sizeof ckpt_opts.local_dir, "CKPT_LOCAL_DIR");
    if (strcmp(ckpt_opts.local_dir, ckpt_opts.dir) == 0)
        ckpt_fatal("CKPT_LOCAL_DIR/%s is CKPT_DIR itself: the local level must be another "
                   "directory", ckpt_opts.node);
}

/* The program may change its working directory (and a recovery puts it back
 * only at the end): paths the runtime keeps are taken from where it started. */
static void make_absolute(char *path, size_t size, const char *name)
{
    char cwd[PATH_MAX], joined[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
        return;
    if (snprintf(joined, sizeof joined, "%s/%s", cwd, path) >= (int)sizeof joined ||
        strlen(joined) >= size)
        ckpt_fatal("%s is too long once made absolute: %s/%s", name, cwd, path);
    memcpy(path, joined, strlen(joined) + 1);
}

void ckpt_options_load(const char *program)
{
    const char *v;
    int interval_given = 0;
    if ((v = getenv("CKPT_INTERVAL")) && *v) {
        char *end;
        errno = 0;
        double seconds = strtod(v, &end);
        if (errno || end == v || *end != '\0' || !(seconds >= 0) || isinf(seconds))
            ckpt_fatal("CKPT_INTERVAL='%s' is not a number of seconds (fractions allowed)", v);
        ckpt_opts.interval = seconds;
        interval_given = 1;
    }
    if ((v = getenv("CKPT_MTBF")) && *v) {
        char *end;
        errno = 0;
        double seconds = strtod(v, &end);
        if (errno || end == v || *end != '\0' || !(seconds > 0) || isinf(seconds))
            ckpt_fatal("CKPT_MTBF='%s' is not a positive number of seconds", v);
        ckpt_opts.mtbf = seconds;
        /* Until the first checkpoint has measured the cost: CKPT_INTERVAL if
         * given, else the interval for a guessed cost (interval_model.h). */
        if (!interval_given)
            ckpt_opts.interval = ckpt_daly_interval(CKPT_COST_GUESS, seconds);
        interval_given = 1;
    }
    if ((v = getenv("CKPT_EVERY")) && *v) {
        ckpt_opts.every = parse_count("CKPT_EVERY", v, 0);
        if (!interval_given)
            ckpt_opts.interval = 0; /* an explicit count replaces the default interval */
    }
    if ((v = getenv("CKPT_KEEP")) && *v)
        ckpt_opts.keep = (unsigned)parse_count("CKPT_KEEP", v, 1);
    if ((v = getenv("CKPT_INCREMENTAL")) && *v) {
        long k = parse_count("CKPT_INCREMENTAL", v, 0);
        if (k > CKPT_INCREMENTAL_MAX)
            ckpt_fatal("CKPT_INCREMENTAL=%s: a full image at least every %d checkpoints (a "
                       "recovery reads the chain from the full one)", v, CKPT_INCREMENTAL_MAX);
        ckpt_opts.incremental = (unsigned)k;
    }
    if ((v = getenv("CKPT_KEEP_ON_EXIT")) && *v)
        ckpt_opts.keep_on_exit = (int)parse_count("CKPT_KEEP_ON_EXIT", v, 0) != 0;
    if ((v = getenv("CKPT_VERBOSE")) && *v)
        ckpt_opts.verbose = (int)parse_count("CKPT_VERBOSE", v, 0);
    if ((v = getenv("CKPT_RECOVER")) && *v && strcmp(v, "0") != 0)
        ckpt_opts.recover = 1;
    if ((v = getenv("CKPT_REWIND_OUTPUT")) && *v)
        ckpt_opts.rewind_output = (int)parse_count("CKPT_REWIND_OUTPUT", v, 0);
    if ((v = getenv("CKPT_STACK_SIZE")) && *v) {
        long long bytes = ckpt_parse_size(v);
        if (bytes < (1 << 20))
            ckpt_fatal("CKPT_STACK_SIZE='%s' is not a size of at least 1M", v);
        ckpt_opts.stack_size = (size_t)bytes;
    }
    if ((v = getenv("CKPT_COPY_THREADS")) && *v) {
        long threads = parse_count("CKPT_COPY_THREADS", v, 1);
        if (threads > CKPT_COPY_THREADS_MAX)
            ckpt_fatal("CKPT_COPY_THREADS='%s': at most %d", v, CKPT_COPY_THREADS_MAX);
        ckpt_opts.copy_threads = (unsigned)threads;
    }
    if ((v = getenv("CKPT_COPY_PARALLEL_MIN")) && *v) {
        long long bytes = ckpt_parse_size(v);
        if (bytes < 0)
            ckpt_fatal("CKPT_COPY_PARALLEL_MIN='%s' is not a size (such as 4M)", v);
        ckpt_opts.copy_parallel_min = (size_t)bytes;
    }
    if ((v = getenv("CKPT_PREFAULT")) && *v)
        ckpt_opts.prefault = (int)parse_count("CKPT_PREFAULT", v, 0);
    /* The older switch, still honoured: 0 is sync, anything else copy. */
    if ((v = getenv("CKPT_ASYNC_WRITE")) && *v)
        ckpt_opts.write_mode =
            parse_count("CKPT_ASYNC_WRITE", v, 0) ? CKPT_WRITE_COPY : CKPT_WRITE_SYNC;
    if ((v = getenv("CKPT_WRITE")) && *v) {
        size_t i = 0, n = sizeof ckpt_write_mode_names / sizeof *ckpt_write_mode_names;
        while (i < n && strcmp(v, ckpt_write_mode_names[i]) != 0)
            i++;
        if (i == n)
            ckpt_fatal("CKPT_WRITE='%s': use auto, copy, through or sync", v);
        ckpt_opts.write_mode = (enum ckpt_write_mode)i;
    }
    if ((v = getenv("CKPT_PREFETCH")) && *v)
        ckpt_opts.prefetch = (int)parse_count("CKPT_PREFETCH", v, 0);
    if ((v = getenv("CKPT_MAP_IMAGE")) && *v)
        ckpt_opts.map_image = (int)parse_count("CKPT_MAP_IMAGE", v, 0);
    if ((v = getenv("CKPT_DIRECT_IO")) && *v)
        ckpt_opts.direct_io = (int)parse_count("CKPT_DIRECT_IO", v, 0);
    if ((v = getenv("CKPT_COMPRESS")) && *v && strcmp(v, "none") != 0 && strcmp(v, "0") != 0) {
        char *end = NULL;
        long level = 1;
        if (strncmp(v, "zstd", 4) != 0 || (v[4] && v[4] != ':') ||
            (v[4] == ':' && ((level = strtol(v + 5, &end, 10)) < 1 || level > 19 || *end)))
            ckpt_fatal("CKPT_COMPRESS='%s': use zstd, zstd:LEVEL (1 to 19) or none", v);
        ckpt_opts.compress_level = (int)level;
    }
    if ((v = getenv("CKPT_STATS")) && *v &&
        snprintf(ckpt_opts.stats, sizeof ckpt_opts.stats, "%s", v) >= (int)sizeof ckpt_opts.stats)
        ckpt_fatal("CKPT_STATS is too long");
    if ((v = getenv("CKPT_DIR_MODE")) && *v) {
        char err[160];
        if (ckpt_file_modes_parse(v, err, sizeof err) != 0)
            ckpt_fatal("%s", err);
    }
    if ((v = getenv("CKPT_DEBUG_KILL_IN_WRITE")) && *v)
        ckpt_opts.kill_in_write = parse_count("CKPT_DEBUG_KILL_IN_WRITE", v, 1);
    if ((v = getenv("CKPT_DEBUG_KILL_IN_FLUSH")) && *v)
        ckpt_opts.kill_in_flush = parse_count("CKPT_DEBUG_KILL_IN_FLUSH", v, 1);

    if ((v = getenv("CKPT_DIR")) && *v) {
        if (snprintf(ckpt_opts.dir, sizeof ckpt_opts.dir, "%s", v) >= (int)sizeof ckpt_opts.dir)
            ckpt_fatal("CKPT_DIR is too long");
    } else {
        const char *base = strrchr(program, '/');
        base = base ? base + 1 : program;
        snprintf(ckpt_opts.dir, sizeof ckpt_opts.dir, "%s.ckpt", base);
    }
    make_absolute(ckpt_opts.dir, sizeof ckpt_opts.dir, "CKPT_DIR");
    load_levels();
    if (ckpt_opts.stats[0])
        make_absolute(ckpt_opts.stats, sizeof ckpt_opts.stats, "CKPT_STATS");
}
