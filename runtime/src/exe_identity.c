/*
 * Identity of the running executable (see exe_identity.h).
 *
 * Preferred: the GNU build-id note the linker puts in the main program (it
 * changes with every different build, and is cheap to read). Fallback for
 * executables linked without one: an XXH3-64 of the executable's bytes.
 * Computed once per process and cached.
 */
#define _GNU_SOURCE
#include "exe_identity.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>

#define ID_MAX 64 /* longer build-ids are cut; a build-id is normally 20 bytes */

static uint8_t cached_id[ID_MAX];
static uint32_t cached_len;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) & ~(a - 1);
}

/* Looks for NT_GNU_BUILD_ID among the notes of one PT_NOTE segment. */
static uint32_t build_id_in_notes(const uint8_t *p, uint64_t size, uint64_t align,
                                  uint8_t *out, uint32_t max)
{
    uint64_t pos = 0;
    while (size - pos >= sizeof(ElfW(Nhdr))) {
        ElfW(Nhdr) nh;
        memcpy(&nh, p + pos, sizeof nh);
        uint64_t name_at = pos + sizeof nh;
        uint64_t desc_at = name_at + align_up(nh.n_namesz, align);
        uint64_t next = desc_at + align_up(nh.n_descsz, align);
        if (desc_at > size || nh.n_descsz > size - desc_at)
            return 0; /* malformed: stop rather than read past the segment */
        if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
            memcmp(p + name_at, "GNU", 4) == 0 && nh.n_descsz > 0) {
            uint32_t n = nh.n_descsz < max ? nh.n_descsz : max;
            memcpy(out, p + desc_at, n);
            return n;
        }
        if (next <= pos || next > size)
            break;
        pos = next;
    }
    return 0;
}

static int first_object_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        /* Notes are 4-byte aligned, except in segments that say 8. */
        uint64_t align = ph->p_align == 8 ? 8 : 4;
        const uint8_t *notes = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
        cached_len = build_id_in_notes(notes, ph->p_filesz, align, cached_id, ID_MAX);
        if (cached_len > 0)
            break;
    }
    (void)data;
    return 1; /* the first object reported is the main program: stop there */
}

/* XXH3-64 of the executable file, as 8 bytes (canonical big-endian form). */
static uint32_t hash_of_executable(uint8_t *out)
{
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    uint32_t n = 0;
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            XXH64_canonical_t c;
            XXH64_canonicalFromHash(&c, XXH3_64bits(m, (size_t)st.st_size));
            memcpy(out, c.digest, sizeof c.digest);
            n = sizeof c.digest;
            munmap(m, (size_t)st.st_size);
        }
    }
    close(fd);
    return n;
}

static void compute_identity(void)
{
    dl_iterate_phdr(first_object_build_id, NULL);
    if (cached_len == 0)
        cached_len = hash_of_executable(cached_id);
}

uint32_t ckpt_exe_identity(uint8_t *out, uint32_t max)
{
    pthread_once(&once, compute_identity);
    uint32_t n = cached_len < max ? cached_len : max;
    if (n > 0)
        memcpy(out, cached_id, n);
    return n;
}
