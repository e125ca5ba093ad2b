#include "stats.h"

#include "layer.h"
#include "log.h"
#include "options.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

/* One write() with O_APPEND: the lines of several ranks never interleave. */
static void append_line(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void append_line(const char *format, ...)
{
    if (!ckpt_opts.stats[0])
        return;
    char line[512];
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(line, sizeof line, format, ap);
    va_end(ap);
    if (n <= 0 || (size_t)n >= sizeof line)
        return;
    int fd = open(ckpt_opts.stats, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0 || write(fd, line, (size_t)n) != n)
        ckpt_warn("CKPT_STATS: cannot append to %s", ckpt_opts.stats);
    if (fd >= 0)
        close(fd);
}

void ckpt_stats_checkpoint(uint64_t n, double began_at, size_t image_bytes, size_t file_bytes,
                           double copy_seconds, unsigned copy_threads, size_t prefaulted_bytes,
                           double seal_seconds, double write_seconds, int direct,
                           const char *write_mode)
{
    append_line("{\"event\":\"checkpoint\",\"checkpoint\":%llu,\"rank\":%u,\"nranks\":%u,"
                "\"began_at\":%.6f,\"image_bytes\":%zu,\"bytes\":%zu,\"copy_s\":%.6f,"
                "\"copy_threads\":%u,\"prefaulted_bytes\":%zu,\"seal_s\":%.6f,\"write_s\":%.6f,"
                "\"direct\":%d,\"write\":\"%s\"}\n",
                (unsigned long long)n, ckpt_rank, ckpt_nranks, began_at, image_bytes, file_bytes,
                copy_seconds, copy_threads, prefaulted_bytes, seal_seconds, write_seconds, direct,
                write_mode);
}

void ckpt_stats_restore(uint64_t n, size_t file_bytes, double read_seconds, double load_seconds,
                        int prefetched, size_t moved_bytes, double since_start_seconds)
{
    append_line("{\"event\":\"restore\",\"checkpoint\":%llu,\"rank\":%u,\"nranks\":%u,"
                "\"bytes\":%zu,\"read_s\":%.6f,\"load_s\":%.6f,\"prefetched\":%d,"
                "\"moved_bytes\":%zu,\"resumed_after_s\":%.6f}\n",
                (unsigned long long)n, ckpt_rank, ckpt_nranks, file_bytes, read_seconds,
                load_seconds, prefetched, moved_bytes, since_start_seconds);
}

void ckpt_stats_settled(uint64_t n, int committed, double at)
{
    append_line("{\"event\":\"settled\",\"checkpoint\":%llu,\"rank\":%u,\"nranks\":%u,"
                "\"committed\":%d,\"at\":%.6f}\n",
                (unsigned long long)n, ckpt_rank, ckpt_nranks, committed, at);
}

void ckpt_stats_interval(uint64_t n, double cost_s, double learned_cost_s, double mtbf_s,
                         double interval_s)
{
    append_line("{\"event\":\"interval\",\"checkpoint\":%llu,\"rank\":%u,\"nranks\":%u,"
                "\"cost_s\":%.9f,\"learned_cost_s\":%.9f,\"mtbf_s\":%.9g,\"interval_s\":%.9f}\n",
                (unsigned long long)n, ckpt_rank, ckpt_nranks, cost_s, learned_cost_s, mtbf_s,
                interval_s);
}
