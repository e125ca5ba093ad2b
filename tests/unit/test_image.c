/*
 * Unit test of checkpoint image files (runtime/src/image.c) and of the
 * executable identity (exe_identity.c): round trips, and every kind of damaged
 * or foreign file must give a one-line error message, never a crash.
 *
 * Memory comes from mmap and ckpt_untracked_malloc, not malloc: in a program
 * linked like a ckptcc program, malloc is the checkpoint heap.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>

#include "exe_identity.h"
#include "heap.h"
#include "image.h"
#include "image_compress.h"
#include "test_support.h"

static const char *prog = "test_image";
static char tmpdir[] = "/tmp/aalc-test-image-XXXXXX";

/* The on-disk layout this test relies on (documented at the top of image.c). */
#define HEADER_SIZE 104u
#define SECTION_HDR_SIZE 24u
#define TRAILER_SIZE 32u

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    return xorshift64(&rng_state);
}

static void *map_anon(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(p != MAP_FAILED, "mmap of %zu bytes: %s", n, strerror(errno));
    return p;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0, "create %s: %s", path, strerror(errno));
    const uint8_t *p = data;
    while (n > 0) {
        ssize_t r = write(fd, p, n);
        CHECK(r > 0, "write %s: %s", path, strerror(errno));
        p += r;
        n -= (size_t)r;
    }
    close(fd);
}

/* Whole file into untracked memory; *n set to its length. */
static uint8_t *read_bytes(const char *path, size_t *n)
{
    struct stat st;
    CHECK(stat(path, &st) == 0, "stat %s: %s", path, strerror(errno));
    uint8_t *buf = ckpt_untracked_malloc((size_t)st.st_size + 1);
    CHECK(buf != NULL, "out of memory");
    int fd = open(path, O_RDONLY);
    CHECK(fd >= 0, "open %s", path);
    size_t got = 0;
    while (got < (size_t)st.st_size) {
        ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);
        CHECK(r > 0, "read %s", path);
        got += (size_t)r;
    }
    close(fd);
    *n = got;
    return buf;
}

static void set_byte(const char *path, size_t pos, uint8_t v)
{
    int fd = open(path, O_WRONLY);
    CHECK(fd >= 0, "open %s", path);
    CHECK(pwrite(fd, &v, 1, (off_t)pos) == 1, "pwrite %s", path);
    close(fd);
}

static const uint8_t exe_a[20] = {0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f, 0x70, 0x81, 0x92, 0xa3,
                                  0xb4, 0xc5, 0xd6, 0xe7, 0xf8, 0x09, 0x10, 0x21, 0x32, 0x43};
static const uint8_t exe_b[20] = {0x3c, 0x4d, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                  0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x01, 0x02};

static struct ckpt_image_header header_a(uint64_t checkpoint)
{
    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.checkpoint = checkpoint;
    h.rank = 3;
    h.nranks = 8;
    h.exe_id_len = sizeof exe_a;
    memcpy(h.exe_id, exe_a, sizeof exe_a);
    return h;
}

struct sec {
    uint32_t kind;
    uint64_t addr;
    const void *data;
    uint64_t size;
};

static void write_image(const char *path, const struct ckpt_image_header *h,
                        const struct sec *s, int n)
{
    char err[512] = "";
    struct ckpt_image_writer *w = ckpt_image_create(path, h, err, sizeof err);
    CHECK(w != NULL, "create: %s", err);
    for (int i = 0; i < n; i++)
        CHECK(ckpt_image_add_section(w, s[i].kind, s[i].addr, s[i].data, s[i].size, err,
                                     sizeof err) == 0,
              "add section %d: %s", i, err);
    CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "finish: %s", err);
}

static uint64_t padded(uint64_t size)
{
    return (size + 7) / 8 * 8;
}

/* Opening must fail with a one-line message naming the file and containing one of the needles. */
static void expect_refused(const char *path, const uint8_t *id, uint32_t idlen,
                           const char *needle1, const char *needle2, const char *what)
{
    char err[1024];
    memset(err, 'X', sizeof err);
    err[sizeof err - 1] = '\0';
    struct ckpt_image img;
    int rc = ckpt_image_open(path, id, idlen, &img, err, sizeof err);
    CHECK(rc == CKPT_IMAGE_DAMAGED || rc == CKPT_IMAGE_FOREIGN || rc == CKPT_IMAGE_UNREADABLE,
          "%s: image accepted", what);
    int foreign = strstr(needle1, "another executable") || strstr(needle1, "format version");
    /* A file that cannot be read is not known to be damaged. */
    int unreadable = strstr(needle1, "No such file") || strstr(needle1, "not a regular file");
    CHECK(rc == (foreign ? CKPT_IMAGE_FOREIGN : unreadable ? CKPT_IMAGE_UNREADABLE
                                                            : CKPT_IMAGE_DAMAGED),
          "%s: wrong kind of refusal (%d)", what, rc);
    CHECK(strncmp(err, path, strlen(path)) == 0, "%s: message does not name the file: %s", what,
          err);
    CHECK(strchr(err, '\n') == NULL, "%s: message is not one line: %s", what, err);
    CHECK(strstr(err, needle1) || (needle2 && strstr(err, needle2)),
          "%s: message lacks \"%s\": %s", what, needle1, err);
    CHECK(img.map == NULL && img.sections == NULL, "%s: failed open left state behind", what);
    ckpt_image_close(&img); /* harmless after a failed open */
}

/* A section appended in pieces, empty ones among them, last included: the
 * same file as one add_section (an empty append after the section was
 * complete padded it a second time, and the image was damaged). */
static void test_pieces_with_empty_ones(const char *path)
{
    static const char data[] = "0123456789abcdefghijklmnopqrstu"; /* 31 bytes: padded */
    struct ckpt_image_header h = header_a(40);
    const struct sec whole[] = {{CKPT_SECTION_RUNTIME, 0, data, 31}, {CKPT_SECTION_FRAMES, 0, "f", 1}};
    write_image(path, &h, whole, 2);
    size_t n_whole;
    uint8_t *expected = read_bytes(path, &n_whole);

    char err[512] = "";
    struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, sizeof err);
    CHECK(w != NULL, "pieces: create: %s", err);
    CHECK(ckpt_image_begin_section(w, CKPT_SECTION_RUNTIME, 0, 31, err, sizeof err) == 0,
          "pieces: begin: %s", err);
    static const int cuts[] = {0, 10, 0, 21, 0, 0};
    const char *p = data;
    for (int i = 0; i < (int)(sizeof cuts / sizeof cuts[0]); p += cuts[i], i++)
        CHECK(ckpt_image_append(w, p, (uint64_t)cuts[i], err, sizeof err) == 0,
              "pieces: append %d: %s", i, err);
    CHECK(ckpt_image_add_section(w, CKPT_SECTION_FRAMES, 0, "f", 1, err, sizeof err) == 0,
          "pieces: frames: %s", err);
    CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "pieces: finish: %s", err);
    size_t n;
    uint8_t *got = read_bytes(path, &n);
    CHECK(n == n_whole && memcmp(got, expected, n) == 0,
          "a section appended in pieces with empty ones differs from the same added whole "
          "(%zu bytes against %zu)", n, n_whole);
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, NULL, 0, &img, err, sizeof err) == 0, "pieces: open: %s", err);
    ckpt_image_close(&img);
    free(got);
    free(expected);
}

static void test_round_trip(const char *path)
{
    size_t big = 64u << 20;
    uint8_t *heap = map_anon(big);
    fill_random(heap, big, &rng_state);
    static const char globals1[] = "hello, world"; /* 13 bytes: odd size, needs padding */
    uint8_t runtime[1000], ext[7], globals2[8];
    for (size_t i = 0; i < sizeof runtime; i++)
        runtime[i] = (uint8_t)(i * 7);
    memcpy(ext, "ext-dat", 7);
    memcpy(globals2, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    const struct sec s[] = {
        {CKPT_SECTION_GLOBALS, 0x601000, globals1, sizeof globals1},
        {CKPT_SECTION_HEAP, 0x200000000000ull, heap, big},
        {CKPT_SECTION_FRAMES, 0, NULL, 0}, /* empty */
        {CKPT_SECTION_RUNTIME, 0, runtime, sizeof runtime},
        {CKPT_SECTION_EXTENSION + 1, 0xffffffffffffffffull, ext, sizeof ext},
        {CKPT_SECTION_GLOBALS, 0x602000, globals2, sizeof globals2},
    };
    int ns = (int)(sizeof s / sizeof s[0]);
    struct ckpt_image_header h = header_a(42);
    write_image(path, &h, s, ns);

    struct stat st;
    CHECK(stat(path, &st) == 0, "stat");
    uint64_t expect_len = HEADER_SIZE + TRAILER_SIZE;
    for (int i = 0; i < ns; i++)
        expect_len += SECTION_HDR_SIZE + padded(s[i].size);
    CHECK((uint64_t)st.st_size == expect_len, "file is %lld bytes, layout says %llu",
          (long long)st.st_size, (unsigned long long)expect_len);

    char err[512] = "";
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0, "open: %s",
          err);
    CHECK(img.header.checkpoint == 42 && img.header.rank == 3 && img.header.nranks == 8,
          "header fields");
    CHECK(img.header.exe_id_len == sizeof exe_a &&
              memcmp(img.header.exe_id, exe_a, sizeof exe_a) == 0,
          "exe id");
    CHECK(img.nsections == (uint32_t)ns, "%u sections", img.nsections);
    CHECK(img.map_size == expect_len, "map size");
    for (int i = 0; i < ns; i++) {
        const struct ckpt_image_section *x = &img.sections[i];
        CHECK(x->kind == s[i].kind && x->addr == s[i].addr && x->size == s[i].size,
              "section %d header", i);
        CHECK(s[i].size == 0 || memcmp(x->data, s[i].data, s[i].size) == 0, "section %d data", i);
        CHECK((uintptr_t)x->data % 8 == 0, "section %d payload not 8-byte aligned", i);
        CHECK((const uint8_t *)x->data >= (const uint8_t *)img.map &&
                  (const uint8_t *)x->data + x->size <= (const uint8_t *)img.map + img.map_size,
              "section %d outside the map", i);
    }
    CHECK(ckpt_image_find(&img, CKPT_SECTION_GLOBALS, 0) == &img.sections[0], "find globals 0");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_GLOBALS, 1) == &img.sections[5], "find globals 1");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_GLOBALS, 2) == NULL, "find globals 2");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_HEAP, 0) == &img.sections[1], "find heap");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_FRAMES, 0)->size == 0, "find empty frames");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_EXTENSION + 1, 0) == &img.sections[4], "find ext");
    CHECK(ckpt_image_find(&img, CKPT_SECTION_EXTENSION, 0) == NULL, "find missing kind");
    ckpt_image_close(&img);
    CHECK(img.map == NULL && img.sections == NULL, "close clears the image");

    /* Without an expected id, any executable's image is accepted. */
    CHECK(ckpt_image_open(path, NULL, 0, &img, err, sizeof err) == 0, "open without id: %s", err);
    ckpt_image_close(&img);

    /* A few flipped bytes in the big image, spread over the whole file. */
    for (int i = 0; i < 12; i++) {
        size_t pos = i == 0 ? (size_t)expect_len - 1 : (size_t)(rnd() % expect_len);
        uint8_t orig;
        int fd = open(path, O_RDONLY);
        CHECK(pread(fd, &orig, 1, (off_t)pos) == 1, "pread");
        close(fd);
        set_byte(path, pos, (uint8_t)(orig ^ (1u << (rnd() % 8))));
        expect_refused(path, exe_a, sizeof exe_a, "checksum", "damaged", "big image bit flip");
        set_byte(path, pos, orig);
    }
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0,
          "restored big image: %s", err);
    ckpt_image_close(&img);
    munmap(heap, big);
    unlink(path);
}

/* A small image with every section kind; returns its length. */
static size_t write_small(const char *path, size_t payload)
{
    uint8_t *data = ckpt_untracked_malloc(payload + 1);
    CHECK(data != NULL, "oom");
    for (size_t i = 0; i < payload; i++)
        data[i] = (uint8_t)rnd();
    const struct sec s[] = {
        {CKPT_SECTION_GLOBALS, 0x601000, data, payload / 3},
        {CKPT_SECTION_FRAMES, 0, NULL, 0},
        {CKPT_SECTION_HEAP, 0x200000000000ull, data + payload / 3, payload - payload / 3},
        {CKPT_SECTION_RUNTIME, 0, "rt", 3},
    };
    struct ckpt_image_header h = header_a(7);
    write_image(path, &h, s, 4);
    ckpt_untracked_free(data);
    struct stat st;
    CHECK(stat(path, &st) == 0, "stat");
    return (size_t)st.st_size;
}

static void test_flips(const char *path)
{
    /* Small image: every byte, flipped entirely and by one random bit. */
    size_t len = write_small(path, 301);
    uint8_t *orig = read_bytes(path, &len);
    for (size_t pos = 0; pos < len; pos++) {
        for (int mode = 0; mode < 2; mode++) {
            uint8_t mask = mode == 0 ? 0xff : (uint8_t)(1u << (rnd() % 8));
            set_byte(path, pos, (uint8_t)(orig[pos] ^ mask));
            char what[64];
            snprintf(what, sizeof what, "flip at %zu of %zu", pos, len);
            expect_refused(path, exe_a, sizeof exe_a, "checksum", "damaged", what);
            set_byte(path, pos, orig[pos]);
        }
    }
    ckpt_untracked_free(orig);

    /* 1 MiB image: random positions. */
    len = write_small(path, 1u << 20);
    orig = read_bytes(path, &len);
    for (int i = 0; i < 500; i++) {
        size_t pos = (size_t)(rnd() % len);
        set_byte(path, pos, (uint8_t)(orig[pos] ^ (1 + rnd() % 255)));
        expect_refused(path, exe_a, sizeof exe_a, "checksum", "damaged", "random flip");
        set_byte(path, pos, orig[pos]);
    }
    /* One byte too many at the end. */
    int fd = open(path, O_WRONLY | O_APPEND);
    CHECK(fd >= 0 && write(fd, "x", 1) == 1, "append");
    close(fd);
    expect_refused(path, exe_a, sizeof exe_a, "damaged", NULL, "extra byte");
    ckpt_untracked_free(orig);
    unlink(path);
}

static void test_truncation(const char *path)
{
    size_t len = write_small(path, 4000);
    uint8_t *orig = read_bytes(path, &len);
    size_t lengths[64];
    int n = 0;
    lengths[n++] = 0;
    lengths[n++] = 1;
    lengths[n++] = 7;
    lengths[n++] = 8;
    lengths[n++] = 9;
    lengths[n++] = HEADER_SIZE - 1;
    lengths[n++] = HEADER_SIZE;
    lengths[n++] = HEADER_SIZE + 1;
    lengths[n++] = HEADER_SIZE + TRAILER_SIZE - 1;
    lengths[n++] = HEADER_SIZE + TRAILER_SIZE;
    lengths[n++] = HEADER_SIZE + SECTION_HDR_SIZE;
    while (n < 64)
        lengths[n++] = (size_t)(rnd() % len);
    for (int i = 0; i < n; i++) {
        write_bytes(path, orig, lengths[i]);
        char what[64];
        snprintf(what, sizeof what, "truncated to %zu of %zu", lengths[i], len);
        expect_refused(path, exe_a, sizeof exe_a, "truncated", NULL, what);
    }
    /* Every length in a window near the end (a write torn in the trailer or just before). */
    for (size_t l = len - 300; l < len; l++) {
        write_bytes(path, orig, l);
        char what[64];
        snprintf(what, sizeof what, "truncated to %zu of %zu", l, len);
        expect_refused(path, exe_a, sizeof exe_a, "truncated", NULL, what);
    }
    write_bytes(path, orig, len);
    struct ckpt_image img;
    char err[512];
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0,
          "full length again: %s", err);
    ckpt_image_close(&img);
    ckpt_untracked_free(orig);
    unlink(path);
}

static void test_garbage(const char *path)
{
    size_t sizes[] = {8, 50, HEADER_SIZE + TRAILER_SIZE, 4096, 1u << 20};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint8_t *buf = ckpt_untracked_malloc(sizes[k]);
        CHECK(buf != NULL, "oom");
        for (size_t i = 0; i < sizes[k]; i++)
            buf[i] = (uint8_t)rnd();
        write_bytes(path, buf, sizes[k]);
        expect_refused(path, exe_a, sizeof exe_a, "not an AALC checkpoint image", NULL,
                       "random garbage");
        ckpt_untracked_free(buf);
    }
    write_bytes(path, "hello\n", 6);
    expect_refused(path, exe_a, sizeof exe_a, "not an AALC checkpoint image", NULL, "text");
    write_bytes(path, "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0", 16);
    expect_refused(path, exe_a, sizeof exe_a, "not an AALC checkpoint image", NULL, "ELF");
    unlink(path);

    char missing[256];
    snprintf(missing, sizeof missing, "%s/does-not-exist.img", tmpdir);
    expect_refused(missing, NULL, 0, "No such file", NULL, "missing file");
    expect_refused(tmpdir, NULL, 0, "not a regular file", NULL, "a directory");
}

static void test_exe_id(const char *path)
{
    write_small(path, 100);
    char err[1024];
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, exe_b, sizeof exe_b, &img, err, sizeof err) == CKPT_IMAGE_FOREIGN,
          "other executable accepted");
    CHECK(strstr(err, "another executable"), "message: %s", err);
    CHECK(strstr(err, "1a2b3c4d5e6f708192a3b4c5d6e7f80910213243"), "image id missing: %s", err);
    CHECK(strstr(err, "3c4d0011223344556677"), "own id missing: %s", err);
    /* Same prefix, different length. */
    expect_refused(path, exe_a, 8, "another executable", NULL, "shorter id");
    unlink(path);

    /* The identity of this test program itself. */
    uint8_t id[CKPT_EXE_ID_MAX], id2[CKPT_EXE_ID_MAX], shortid[4];
    uint32_t n = ckpt_exe_identity(id, sizeof id);
    CHECK(n > 0 && n <= CKPT_EXE_ID_MAX, "identity length %u", n);
    CHECK(ckpt_exe_identity(id2, sizeof id2) == n && memcmp(id, id2, n) == 0, "identity stable");
    uint32_t k = ckpt_exe_identity(shortid, sizeof shortid);
    CHECK(k == (n < 4 ? n : 4) && memcmp(shortid, id, k) == 0, "identity truncated to max");
    CHECK(ckpt_exe_identity(NULL, 0) == 0, "max 0");

    /* Round trip with the real identity. */
    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.nranks = 1;
    h.exe_id_len = n;
    memcpy(h.exe_id, id, n);
    write_image(path, &h, NULL, 0);
    CHECK(ckpt_image_open(path, id, n, &img, err, sizeof err) == 0, "own image: %s", err);
    CHECK(img.nsections == 0 && ckpt_image_find(&img, CKPT_SECTION_HEAP, 0) == NULL,
          "image without sections");
    ckpt_image_close(&img);
    unlink(path);
}

/* Recompute the trailer checksum after editing a file in memory. */
static void reseal(uint8_t *buf, size_t len)
{
    put_u64(buf + len - TRAILER_SIZE + 16, XXH3_64bits(buf, len - TRAILER_SIZE));
}

static void test_crafted(const char *path)
{
    size_t len = write_small(path, 200);
    uint8_t *orig = read_bytes(path, &len);
    uint8_t *buf = ckpt_untracked_malloc(len);
    CHECK(buf != NULL, "oom");

    /* Another format version with a correct checksum. */
    memcpy(buf, orig, len);
    put_u32(buf + 8, 7);
    reseal(buf, len);
    write_bytes(path, buf, len);
    expect_refused(path, exe_a, sizeof exe_a, "format version 7, this runtime reads version 1",
                   NULL, "version 7");
    /* A future format whose file does not end with our trailer. */
    write_bytes(path, buf, len - TRAILER_SIZE);
    expect_refused(path, exe_a, sizeof exe_a, "format version 7, this runtime reads version 1",
                   NULL, "version 7 without trailer");

    /* Sealed but inconsistent contents: damaged, never out of bounds. */
    struct {
        size_t off;
        int width;
        uint64_t value;
        const char *what;
    } edits[] = {
        {HEADER_SIZE + 16, 8, UINT64_MAX, "section size 2^64-1"},
        {HEADER_SIZE + 16, 8, UINT64_MAX - 30, "section size near 2^64"},
        {HEADER_SIZE + 16, 8, len, "section size = file length"},
        {HEADER_SIZE + 16, 8, 1u << 31, "section size 2 GiB"},
        {24, 4, 8, "rank = nranks"},
        {28, 4, 0, "nranks 0"},
        {32, 4, CKPT_EXE_ID_MAX + 1, "exe id too long"},
        {32, 4, UINT32_MAX, "exe id length 2^32-1"},
        {len - TRAILER_SIZE + 8, 4, 3, "section count too small"},
        {len - TRAILER_SIZE + 8, 4, 5, "section count too large"},
        {len - TRAILER_SIZE + 8, 4, UINT32_MAX, "section count 2^32-1"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        memcpy(buf, orig, len);
        if (edits[i].width == 4)
            put_u32(buf + edits[i].off, (uint32_t)edits[i].value);
        else
            put_u64(buf + edits[i].off, edits[i].value);
        reseal(buf, len);
        write_bytes(path, buf, len);
        expect_refused(path, NULL, 0, "damaged", NULL, edits[i].what);
    }

    /* A last section whose padding would run into the trailer (sealed, right length). */
    {
        uint8_t f[HEADER_SIZE + SECTION_HDR_SIZE + 5 + TRAILER_SIZE];
        memcpy(f, orig, HEADER_SIZE);
        memset(f + HEADER_SIZE, 0, SECTION_HDR_SIZE + 5);
        put_u32(f + HEADER_SIZE, CKPT_SECTION_RUNTIME);
        put_u64(f + HEADER_SIZE + 16, 5);
        uint8_t *t = f + sizeof f - TRAILER_SIZE;
        memcpy(t, orig + len - TRAILER_SIZE, TRAILER_SIZE);
        put_u32(t + 8, 1);
        put_u64(t + 24, sizeof f);
        reseal(f, sizeof f);
        write_bytes(path, f, sizeof f);
        expect_refused(path, NULL, 0, "damaged", NULL, "payload padding missing");
    }

    /* Structured fuzzing: random edits, resealed so the parser itself is exercised.
     * Any outcome is fine except a crash or a section outside the file. */
    int accepted = 0;
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, orig, len);
        int nedits = 1 + (int)(rnd() % 4);
        for (int e = 0; e < nedits; e++) {
            size_t pos = (size_t)(rnd() % (len - TRAILER_SIZE + 12));
            if (pos >= len - TRAILER_SIZE)
                pos = len - TRAILER_SIZE + 8 + pos % 4; /* the section count */
            buf[pos] = (uint8_t)rnd();
        }
        reseal(buf, len);
        write_bytes(path, buf, len);
        struct ckpt_image img;
        char err[512] = "";
        if (ckpt_image_open(path, NULL, 0, &img, err, sizeof err) == 0) {
            accepted++;
            uint64_t total = 0;
            for (uint32_t s = 0; s < img.nsections; s++) {
                const uint8_t *d = img.sections[s].data, *m = img.map;
                CHECK(d >= m && img.sections[s].size <= img.map_size &&
                          (size_t)(d - m) <= img.map_size - img.sections[s].size,
                      "fuzz: section outside the file");
                total += SECTION_HDR_SIZE + padded(img.sections[s].size);
            }
            CHECK(total + HEADER_SIZE + TRAILER_SIZE == img.map_size, "fuzz: sections do not tile");
            ckpt_image_close(&img);
        } else {
            CHECK(err[0] != '\0' && strchr(err, '\n') == NULL, "fuzz: bad message: %s", err);
        }
    }
    CHECK(accepted > 0, "fuzz never produced a valid image (payload edits should)");
    ckpt_untracked_free(buf);
    ckpt_untracked_free(orig);
    unlink(path);
}

/* Images (and the MPI layer's logs, written the same way) are 0600 whatever
 * the umask, also over a leftover file of a wider mode (file_modes.h). */
static void test_private_files(const char *path)
{
    char err[512] = "";
    struct ckpt_image_header h = header_a(1);
    mode_t old_umask = umask(0);
    for (int leftover = 0; leftover < 2; leftover++) {
        unlink(path);
        if (leftover)
            close(open(path, O_WRONLY | O_CREAT, 0666));
        struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, sizeof err);
        CHECK(w && ckpt_image_finish(w, err, sizeof err) == 0, "create: %s", err);
        struct stat st;
        CHECK(stat(path, &st) == 0 && (st.st_mode & 07777) == 0600,
              "image mode %o under umask 0%s, want 600", (unsigned)(st.st_mode & 07777),
              leftover ? " over a 0666 leftover" : "");
    }
    umask(old_umask);
    unlink(path);
}

static void test_writer_errors(void)
{
    char err[512] = "";
    struct ckpt_image_header h = header_a(1);
    char path[512];
    snprintf(path, sizeof path, "%s/no-such-dir/x.img", tmpdir);
    CHECK(ckpt_image_create(path, &h, err, sizeof err) == NULL, "create in missing directory");
    CHECK(strstr(err, path) && strstr(err, "No such file"), "message: %s", err);

    h.exe_id_len = CKPT_EXE_ID_MAX + 1;
    snprintf(path, sizeof path, "%s/x.img", tmpdir);
    CHECK(ckpt_image_create(path, &h, err, sizeof err) == NULL, "oversized exe id accepted");
    h = header_a(1);

    /* A device that is always full: the failure is reported, sticky, and
     * nothing crashes; the device keeps its mode (only files are made private). */
    struct stat full_before, full_after;
    if (access("/dev/full", W_OK) == 0 && stat("/dev/full", &full_before) == 0) {
        struct ckpt_image_writer *w = ckpt_image_create("/dev/full", &h, err, sizeof err);
        CHECK(w != NULL, "create /dev/full: %s", err);
        size_t n = 4u << 20;
        void *data = map_anon(n);
        CHECK(ckpt_image_add_section(w, CKPT_SECTION_HEAP, 0, data, n, err, sizeof err) == -1,
              "write to /dev/full succeeded");
        CHECK(strstr(err, "/dev/full") && strstr(err, "write failed"), "message: %s", err);
        CHECK(ckpt_image_add_section(w, CKPT_SECTION_HEAP, 0, "x", 1, err, sizeof err) == -1,
              "failure not sticky");
        CHECK(ckpt_image_finish(w, err, sizeof err) == -1, "finish after failure succeeded");
        munmap(data, n);
        CHECK(stat("/dev/full", &full_after) == 0 && full_after.st_mode == full_before.st_mode,
              "/dev/full's mode changed from %o to %o", (unsigned)full_before.st_mode,
              (unsigned)full_after.st_mode);
    }

    /* Abandoning a partly written image. */
    struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, sizeof err);
    CHECK(w != NULL, "create: %s", err);
    CHECK(ckpt_image_add_section(w, CKPT_SECTION_RUNTIME, 0, "abc", 3, err, sizeof err) == 0,
          "add: %s", err);
    ckpt_image_abandon(w);
    expect_refused(path, NULL, 0, "truncated", NULL, "abandoned image");
    unlink(path);

    /* Tiny error buffers are respected. */
    char tiny[8];
    memset(tiny, 'Z', sizeof tiny);
    struct ckpt_image img;
    CHECK(ckpt_image_open("/nonexistent/x.img", NULL, 0, &img, tiny, sizeof tiny) ==
                  CKPT_IMAGE_UNREADABLE &&
              tiny[7] == '\0',
          "tiny error buffer");
    CHECK(ckpt_image_open("/nonexistent/x.img", NULL, 0, &img, NULL, 0) == CKPT_IMAGE_UNREADABLE,
          "no buffer");
}

/* An image built in memory and sealed (what the background writer puts on
 * disk) is byte for byte the file the direct writer makes, also when the
 * buffer is reused for a second, smaller image. */
static void test_in_memory(const char *path)
{
    size_t big = 5u << 20; /* grows the buffer past its first mapping */
    uint8_t *heap = map_anon(big);
    fill_random(heap, big, &rng_state);
    struct ckpt_image_buffer buf = {0};
    for (int round = 0; round < 2; round++) {
        size_t heap_size = round == 0 ? big : 12345;
        const struct sec s[] = {
            {CKPT_SECTION_RUNTIME, 0, "rt", 3},
            {CKPT_SECTION_HEAP, 0x100000000000ull, heap, heap_size},
            {CKPT_SECTION_FRAMES, 0, NULL, 0},
        };
        int ns = (int)(sizeof s / sizeof s[0]);
        struct ckpt_image_header h = header_a(7 + (uint64_t)round);
        write_image(path, &h, s, ns);
        char err[512] = "";
        struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, sizeof err);
        CHECK(w != NULL, "in memory: create: %s", err);
        for (int i = 0; i < ns; i++)
            CHECK(ckpt_image_add_section(w, s[i].kind, s[i].addr, s[i].data, s[i].size, err,
                                         sizeof err) == 0,
                  "in memory: section %d: %s", i, err);
        CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "in memory: finish: %s", err);
        ckpt_image_seal(&buf);
        size_t n;
        uint8_t *file = read_bytes(path, &n);
        CHECK(n == buf.size, "round %d: in memory %zu bytes, file %zu", round, buf.size, n);
        CHECK(memcmp(file, buf.data, n) == 0, "round %d: in-memory image differs from the file",
              round);
        free(file);
    }
    ckpt_image_buffer_release(&buf);
    CHECK(buf.data == NULL && buf.capacity == 0, "release leaves the buffer empty");
    munmap(heap, big);
}

/* Deferred copies (ckpt_image_defer_copies): sections appended in pieces of
 * every size, small ones copied at once and large ones recorded while the
 * buffer grows and moves, then copied by 1, 2, 3 or 5 threads (or left to
 * ckpt_image_finish), give the same bytes as the file writer. */
static void test_deferred_copies(const char *path)
{
    size_t big = 9u << 20;
    uint8_t *state = map_anon(big);
    fill_random(state, big, &rng_state);
    /* One heap section made of these pieces of `state`, in this order. */
    static const size_t piece_sizes[] = {8, 4096, 4095, 3u << 20, 1, 70000, 5u << 20, 24};
    enum { NPIECES = sizeof piece_sizes / sizeof piece_sizes[0] };
    size_t heap_size = 0;
    for (int i = 0; i < NPIECES; i++)
        heap_size += piece_sizes[i];
    CHECK(heap_size <= big, "pieces fit in the state");
    static const unsigned thread_counts[] = {1, 2, 3, 5, 0}; /* 0: copied by finish */
    for (int t = 0; t < (int)(sizeof thread_counts / sizeof thread_counts[0]); t++) {
        struct ckpt_image_header h = header_a(20 + (uint64_t)t);
        const struct sec s[] = {
            {CKPT_SECTION_RUNTIME, 0, "rt", 3},
            {CKPT_SECTION_GLOBALS, 0x601000, state + big - 9000, 9000},
            {CKPT_SECTION_HEAP, 0x100000000000ull, state, heap_size},
            {CKPT_SECTION_FRAMES, 0, "frames", 6},
        };
        write_image(path, &h, s, 4);

        struct ckpt_image_buffer buf = {0}; /* empty: it grows (and moves) while deferring */
        char err[512] = "";
        struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, sizeof err);
        CHECK(w != NULL, "deferred: create: %s", err);
        CHECK(ckpt_image_add_section(w, s[0].kind, s[0].addr, s[0].data, s[0].size, err,
                                     sizeof err) == 0, "deferred: runtime: %s", err);
        ckpt_image_defer_copies(w);
        CHECK(ckpt_image_add_section(w, s[1].kind, s[1].addr, s[1].data, s[1].size, err,
                                     sizeof err) == 0, "deferred: globals: %s", err);
        CHECK(ckpt_image_begin_section(w, s[2].kind, s[2].addr, heap_size, err, sizeof err) == 0,
              "deferred: heap: %s", err);
        const uint8_t *p = state;
        for (int i = 0; i < NPIECES; p += piece_sizes[i], i++)
            CHECK(ckpt_image_append(w, p, piece_sizes[i], err, sizeof err) == 0,
                  "deferred: piece %d: %s", i, err);
        if (thread_counts[t] > 0) {
            unsigned used = ckpt_image_copy_deferred(w, thread_counts[t], 0);
            CHECK(used >= 1 && used <= thread_counts[t], "%u threads asked for, %u copied",
                  thread_counts[t], used);
        }
        CHECK(ckpt_image_add_section(w, s[3].kind, s[3].addr, s[3].data, s[3].size, err,
                                     sizeof err) == 0, "deferred: frames: %s", err);
        CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "deferred: finish: %s", err);
        ckpt_image_seal(&buf);
        size_t n;
        uint8_t *file = read_bytes(path, &n);
        CHECK(n == buf.size && memcmp(file, buf.data, n) == 0,
              "%u threads: the in-memory image differs from the file (%zu bytes against %zu)",
              thread_counts[t], buf.size, n);
        free(file);
        ckpt_image_buffer_release(&buf);
    }
    /* Below the threshold one thread copies, and nothing deferred: none. */
    struct ckpt_image_buffer buf = {0};
    struct ckpt_image_header h = header_a(30);
    char err[512] = "";
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&buf, &h, err, sizeof err);
    CHECK(w != NULL, "threshold: create: %s", err);
    ckpt_image_defer_copies(w);
    CHECK(ckpt_image_copy_deferred(w, 4, 0) == 0, "nothing deferred: no thread copies");
    ckpt_image_defer_copies(w);
    CHECK(ckpt_image_add_section(w, CKPT_SECTION_HEAP, 0, state, 1u << 20, err, sizeof err) == 0,
          "threshold: heap: %s", err);
    CHECK(ckpt_image_copy_deferred(w, 4, 2u << 20) == 1, "1 MiB under a 2 MiB threshold: one "
                                                           "thread copies");
    CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "threshold: finish: %s", err);
    CHECK(memcmp(buf.data + HEADER_SIZE + SECTION_HDR_SIZE, state, 1u << 20) == 0,
          "threshold: the heap's bytes are in the image");
    ckpt_image_buffer_release(&buf);
    munmap(state, big);
}

/* A compressed image (CKPT_COMPRESS) opens to the same sections; a damaged
 * one, or garbage behind zstd's magic, is refused with a message, no crash. */
static void test_compressed(const char *path)
{
    size_t n = 3u << 20;
    uint8_t *heap = map_anon(n);
    for (size_t i = 0; i < n; i += 8) { /* compressible, not trivially */
        uint64_t v = rnd() & 0xff;
        memcpy(heap + i, &v, 8);
    }
    struct ckpt_image_buffer plain = {0}, packed = {0};
    struct ckpt_image_header h = header_a(9);
    char err[512] = "";
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&plain, &h, err, sizeof err);
    CHECK(w && ckpt_image_add_section(w, CKPT_SECTION_HEAP, 0x100000000000ull, heap, n, err,
                                      sizeof err) == 0 &&
              ckpt_image_finish(w, err, sizeof err) == 0,
          "build: %s", err);
    ckpt_image_seal(&plain);
    CHECK(ckpt_image_compress(&plain, &packed, 1, err, sizeof err) == 0, "compress: %s", err);
    CHECK(packed.size < plain.size / 2, "compressed %zu of %zu bytes", packed.size, plain.size);
    write_bytes(path, packed.data, packed.size);
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0,
          "open compressed: %s", err);
    CHECK(img.header.checkpoint == 9 && img.nsections == 1 && img.sections[0].size == n &&
              memcmp(img.sections[0].data, heap, n) == 0,
          "compressed image reads back other sections");
    ckpt_image_close(&img);

    set_byte(path, packed.size / 2, packed.data[packed.size / 2] ^ 0x5a);
    expect_refused(path, exe_a, sizeof exe_a, "damaged", NULL, "compressed, bit flip");
    write_bytes(path, packed.data, packed.size / 3);
    expect_refused(path, exe_a, sizeof exe_a, "damaged", NULL, "compressed, truncated");
    uint8_t junk[64];
    memcpy(junk, packed.data, 4); /* zstd's magic, then noise */
    for (size_t i = 4; i < sizeof junk; i++)
        junk[i] = (uint8_t)rnd();
    write_bytes(path, junk, sizeof junk);
    expect_refused(path, exe_a, sizeof exe_a, "damaged", NULL, "zstd magic, then garbage");
    ckpt_image_buffer_release(&plain);
    ckpt_image_buffer_release(&packed);
    munmap(heap, n);
}

/* Pages moved out of an image (ckpt_image_take_pages) carry its bytes to
 * the destination, become writable there without touching the file, and
 * outlive the image; the image's range stays reserved until it is closed.
 * Misaligned or out-of-range requests, and images that do not allow it,
 * move nothing. Needs /tmp on a local disk and Linux 5.13 (else skipped). */
static void test_take_pages(const char *path)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = 64 * page;
    uint8_t *data = map_anon(n);
    fill_random(data, n, &rng_state);
    struct ckpt_image_header h = header_a(11);
    const struct sec s[] = {{CKPT_SECTION_HEAP, 0x100000000000ull, data, n}};
    write_image(path, &h, s, 1);
    char err[512] = "";
    struct ckpt_image img;
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0, "open: %s",
          err);
    if (!img.pages_movable || !kernel_moves_file_pages()) {
        printf("%s: %s is not on a local disk, or Linux is older than 5.13: moving pages "
               "not tested\n", prog, tmpdir);
        ckpt_image_close(&img);
        CHECK(unlink(path) == 0, "unlink: %s", strerror(errno));
        munmap(data, n);
        return;
    }
    const uint8_t *sec = img.sections[0].data;
    size_t skip = (page - (uintptr_t)sec % page) % page; /* to the section's first whole page */
    const uint8_t *src = sec + skip;
    size_t len = 16 * page;
    uint8_t *dst = map_anon(32 * page);

    CHECK(ckpt_image_take_pages(&img, src + 8, dst, len) == -1, "moved from a misaligned source");
    CHECK(ckpt_image_take_pages(&img, src, dst + 8, len) == -1, "moved to a misaligned target");
    CHECK(ckpt_image_take_pages(&img, src, dst, len + 8) == -1, "moved a partial page");
    CHECK(ckpt_image_take_pages(&img, dst, dst + len, len) == -1, "moved from outside the image");
    CHECK(ckpt_image_take_pages(&img, src, (void *)(src + page), len) == -1,
          "moved onto the image itself");
    CHECK(memcmp(src, data + skip, len) == 0, "a refused move changed the image");
    img.pages_movable = 0;
    CHECK(ckpt_image_take_pages(&img, src, dst, len) == -1, "moved from an image that forbids it");
    img.pages_movable = 1;

    CHECK(ckpt_image_take_pages(&img, src, dst + page, len) == 0, "move refused");
    CHECK(memcmp(dst + page, data + skip, len) == 0, "moved pages hold other bytes");
    CHECK(dst[0] == 0 && dst[page + len] == 0, "the move wrote around its target");
    memset(dst + page, 0x5a, len); /* writable, and private: the file keeps its bytes */
    void *reserved = mmap((void *)src, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
                          MAP_FIXED_NOREPLACE, -1, 0);
    CHECK(reserved == MAP_FAILED, "the image's range was left free for other mappings");
    ckpt_image_close(&img);
    CHECK(dst[page] == 0x5a && dst[page + len - 1] == 0x5a, "moved pages lost after close");
    CHECK(ckpt_image_open(path, exe_a, sizeof exe_a, &img, err, sizeof err) == 0,
          "reopen after writing moved pages: %s", err);
    CHECK(memcmp(img.sections[0].data, data, n) == 0, "writing moved pages changed the file");
    ckpt_image_close(&img);
    CHECK(unlink(path) == 0, "unlink: %s", strerror(errno));
    munmap(dst, 32 * page);
    munmap(data, n);
}

int main(void)
{
    checks_stop = 1;
    checks_files_left = tmpdir;
    CHECK(mkdtemp(tmpdir) != NULL, "mkdtemp: %s", strerror(errno));
    char path[256];
    snprintf(path, sizeof path, "%s/rank-000000.img", tmpdir);

    test_round_trip(path);
    test_pieces_with_empty_ones(path);
    test_in_memory(path);
    test_deferred_copies(path);
    test_compressed(path);
    test_take_pages(path);
    test_flips(path);
    test_truncation(path);
    test_garbage(path);
    test_exe_id(path);
    test_crafted(path);
    test_writer_errors();
    test_private_files(path);

    CHECK(rmdir(tmpdir) == 0, "temporary directory not empty: %s", strerror(errno));
    return checks_summary(prog);
}
