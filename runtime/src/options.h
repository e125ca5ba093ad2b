/* Settings read from the environment when the program starts. */
#ifndef AALC_OPTIONS_H
#define AALC_OPTIONS_H

#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <stddef.h>

/* How an image reaches the disk (CKPT_WRITE). */
enum ckpt_write_mode {
    CKPT_WRITE_AUTO,    /* through when every core of the node runs a process, copy otherwise */
    CKPT_WRITE_COPY,    /* copy the state into memory; checksum, write, fsync in a thread */
    CKPT_WRITE_THROUGH, /* write the state into the file's page cache; fsync in a thread */
    CKPT_WRITE_SYNC,    /* copy, then checksum, write and fsync before the program goes on */
};
/* Their names, as CKPT_WRITE and CKPT_STATS spell them, in the enum's order. */
extern const char *const ckpt_write_mode_names[4];

struct ckpt_options {
    char dir[PATH_MAX];   /* CKPT_DIR, default ./<program>.ckpt */
    double interval;      /* CKPT_INTERVAL seconds; 0 = no time trigger */
    double mtbf;          /* CKPT_MTBF seconds: the interval follows from it; 0 = off */
    long every;           /* CKPT_EVERY: every n-th potential point; 0 = off */
    unsigned keep;        /* CKPT_KEEP committed checkpoints kept (>= 1) */
    int verbose;          /* CKPT_VERBOSE */
    int recover;          /* --recover or CKPT_RECOVER=1 */
    int rewind_output;    /* CKPT_REWIND_OUTPUT (default 1) */
    size_t stack_size;    /* CKPT_STACK_SIZE bytes for the program's stack */
    enum ckpt_write_mode write_mode; /* CKPT_WRITE (CKPT_ASYNC_WRITE=0/1: sync/copy) */
    int direct_io;        /* CKPT_DIRECT_IO (default 1): bypass the page cache when writing */
    int prefetch;         /* CKPT_PREFETCH (default 1): on --recover, load while MPI starts */
    int map_image;        /* CKPT_MAP_IMAGE (default 1): on --recover, move the image's pages
                             into the heap instead of copying them, where that is safe */
    unsigned copy_threads; /* CKPT_COPY_THREADS copying the state; 0 = as many as this
                              process's share of the node's CPUs, at most 4 */
    size_t copy_parallel_min; /* CKPT_COPY_PARALLEL_MIN: a smaller state is copied by one thread */
    int prefault;         /* CKPT_PREFAULT (default 1): fault in the first image's buffer
                             shortly before the first time-triggered checkpoint */
    int compress_level;   /* CKPT_COMPRESS=zstd[:level]: compress images; 0 = off */
    unsigned incremental; /* CKPT_INCREMENTAL=k: heap pages unchanged since the previous
                             image are not saved again, a full image every k-th; 0, 1 = off */
    char stats[PATH_MAX]; /* CKPT_STATS: append a JSON line per image and recovery here */
    long kill_in_write;   /* CKPT_DEBUG_KILL_IN_WRITE=n: SIGKILL itself while writing checkpoint n */
    long kill_in_flush;   /* CKPT_DEBUG_KILL_IN_FLUSH=n: ... while flushing checkpoint n */
    int keep_on_exit;     /* CKPT_KEEP_ON_EXIT=1: a run that ends well keeps its checkpoints */
    /* Levels (docs/levels.md), MPI programs only. */
    char node[256];        /* CKPT_DEBUG_NODE, else the host name */
    char local_dir[PATH_MAX]; /* CKPT_LOCAL_DIR/<node>/job-<hash>: this rank's store; "" = none */
    int partner;           /* CKPT_PARTNER: 1, 0, or -1 unset (on when the job spans nodes) */
    unsigned flush_every;  /* CKPT_FLUSH_EVERY: copy every n-th commit to CKPT_DIR; 0 = never */
    long long debug_local_free; /* CKPT_DEBUG_LOCAL_FREE: bytes the local level has; -1 = ask */
};

#define CKPT_DEFAULT_INTERVAL 300.0
#define CKPT_DEFAULT_KEEP 2
/* The longest CKPT_INCREMENTAL: a chain has at most this many images. */
#define CKPT_INCREMENTAL_MAX 64

extern struct ckpt_options ckpt_opts;
/* ckpt_options_dir, _shared_dir, _keep and the levels' settings give a layer
 * what it reads of it (aalc/ckpt_layer_services.h). ckpt_options_dir() is
 * where this rank's checkpoints go: the local level when there is one. */

/* Fill ckpt_opts from the environment; exits with a clear message on a bad value. */
void ckpt_options_load(const char *program);

/* "12", "1.5", "64M", "2G" -> bytes; -1 when malformed. */
long long ckpt_parse_size(const char *text);

#endif
