/*
 * AALC checkpoint reader: looking into a checkpoint directory from outside
 * the program that wrote it (library ckptreader, used by the `ckpt` and
 * `ckptrun` tools).
 *
 * It reads the directory and its images with the runtime's own code (the
 * store, the image reader with its checksum, the trust checks of
 * --recover), so a tool sees a checkpoint exactly as a recovery would. It
 * is a plain C library: link it into ordinary programs, not into programs
 * built with ckptcc (they carry the whole runtime already).
 *
 * The directory (CKPT_DIR):
 *   DIR/ckpt-000007/rank-000000.img   the image of rank 0 of checkpoint 7
 *   DIR/ckpt-000007/rank-000000.log   its message log (MPI programs only)
 *   DIR/ckpt-000007/JOB               the job that wrote it
 *   DIR/ckpt-000007/COMMITTED         the checkpoint is complete
 *   DIR/ckpt-000007.damaged           set aside by a recovery that failed
 *
 * Every function returns 0 on success or -1 with a one-line reason in err.
 */
#ifndef AALC_CKPT_READER_H
#define AALC_CKPT_READER_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Take CKPT_DIR_MODE from the environment, as a program's run does: the
 * permissions it grants are what the trust checks accept. 0 or -1. */
int ckpt_reader_init(char *err, size_t errlen);

/* ---- the directory ------------------------------------------------------ */

struct ckpt_reader_checkpoint {
    uint64_t number;
    int committed;    /* has a valid COMMITTED marker: a recovery may use it */
    int set_aside;    /* ckpt-N.damaged[.K]: a recovery found it damaged */
    uint32_t nranks;  /* from the COMMITTED marker; 0 when not committed */
    time_t time;      /* when it was committed (else: last changed) */
    uint64_t bytes;   /* all of its files */
    char name[64];    /* its directory's name in DIR */
};

/* Every checkpoint in dir, oldest first, in *out (free() it). */
int ckpt_reader_list(const char *dir, struct ckpt_reader_checkpoint **out, size_t *count,
                     char *err, size_t errlen);
/* The newest committed checkpoint: its number, or 0 when there is none. */
uint64_t ckpt_reader_newest_committed(const char *dir);
/* Remove committed checkpoints beyond the newest keep (at least 1), and
 * leftovers older than the newest committed one, as a running job does. */
void ckpt_reader_prune(const char *dir, unsigned keep);
/* Is a job using dir right now (holding its lock)? 1, or 0. */
int ckpt_reader_in_use(const char *dir);

/* The files of rank r of checkpoint n: its image, and its message log. */
void ckpt_reader_image_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t len);
void ckpt_reader_log_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t len);

/* The job that wrote checkpoint n (its JOB file): executable, rank count and
 * arguments (quoted as a shell takes them). -1 when it has none. */
struct ckpt_reader_job {
    char executable[4096];
    uint32_t nranks;
    char arguments[8192];
};
int ckpt_reader_job(const char *dir, uint64_t n, struct ckpt_reader_job *job, char *err,
                    size_t errlen);

/* 0 if --recover would trust path (owned by the user, not writable by
 * others beyond CKPT_DIR_MODE) or it does not exist; -1 says why not. */
int ckpt_reader_trust(const char *path, char *err, size_t errlen);

/* ---- one image ---------------------------------------------------------- */

/* ckpt_reader_image results besides 0 (the same classes a recovery uses). */
#define CKPT_READER_DAMAGED (-1)    /* checksum, size or structure wrong */
#define CKPT_READER_UNREADABLE (-3) /* missing, not a regular file, no permission */

struct ckpt_reader_section {
    uint32_t kind;
    uint64_t size;
};

struct ckpt_reader_image {
    uint64_t checkpoint;
    uint32_t rank, nranks;
    uint8_t build_id[64]; /* the executable's GNU build-id */
    uint32_t build_id_len;
    int compressed;       /* written with CKPT_COMPRESS */
    uint64_t file_bytes;  /* on disk */
    uint64_t image_bytes; /* decompressed */
    uint32_t nsections;
    struct ckpt_reader_section *sections; /* ckpt_reader_image_free releases them */
    uint64_t parent; /* incremental: the checkpoint whose image its heap needs; else 0 */
};

/* Read and validate a whole image file (or message log): checksum, sizes,
 * structure, and an image's heap records. 0, or CKPT_READER_DAMAGED /
 * CKPT_READER_UNREADABLE with the reason in err. */
int ckpt_reader_image(const char *path, struct ckpt_reader_image *img, char *err, size_t errlen);
void ckpt_reader_image_free(struct ckpt_reader_image *img);
/* The longest chain of incremental images a recovery loads. */
#define CKPT_READER_CHAIN_MAX 64
/* Rank r's image of checkpoint n as a link of an incremental chain
 * (CKPT_INCREMENTAL), checked as --recover checks it. A full image: 0, and
 * 0 in *parent. An incremental one: 0 when the image it needs (of
 * checkpoint *parent, same rank and rank count) is the very one it was
 * written against and holds every byte it is said to; else
 * CKPT_READER_DAMAGED (or CKPT_READER_UNREADABLE when an image cannot be
 * read) with the reason. Left to the caller: that checkpoint *parent is
 * committed, and the parent's own link (its own call). */
int ckpt_reader_image_link(const char *dir, uint64_t n, uint32_t rank, uint64_t *parent,
                           char *err, size_t errlen);
/* What a section kind holds: "globals", "heap", "stack frames", ...;
 * kinds from 100 up belong to a layer above the runtime ("layer 100"). */
const char *ckpt_reader_section_name(uint32_t kind, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
