#define _GNU_SOURCE /* dl_iterate_phdr */
#include "globals.h"

#include "log.h"

#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Linker-defined bounds of the executable's data (crt1's data_start is the
 * first object of .data). */
extern char __data_start[], _edata[], __bss_start[], _end[];
extern ElfW(Dyn) _DYNAMIC[] __attribute__((weak));
/* aalc-sections.ld; weak so that a program linked without it has none. */
extern char __aalc_private_data_start[] __attribute__((weak));
extern char __aalc_private_data_end[] __attribute__((weak));
extern char __aalc_private_bss_start[] __attribute__((weak));
extern char __aalc_private_bss_end[] __attribute__((weak));

/* Copy-relocated variables that belong to the program: getopt's state. */
static const char *const kept_copies[] = {"optind", "opterr", "optopt", "optarg"};

/* Copy relocations counted one by one: Open MPI's predefined objects
 * (ompi_mpi_comm_world, ompi_mpi_int, ...) are one each. */
#define MAX_COPIES 4096
/* They sit together at the start of .bss (the linker's .dynbss): two of
 * them closer than this are apart only by alignment, and one hole. */
#define COPY_ALIGNMENT_GAP 64
#define MAX_HOLES (CKPT_GLOBALS_MAX_RANGES - 2)

static struct {
    pthread_once_t once;
    size_t count;
    struct ckpt_range ranges[CKPT_GLOBALS_MAX_RANGES];
} layout = {PTHREAD_ONCE_INIT, 0, {{0}}};

struct hole {
    uintptr_t start, end;
};

/* Where the kept copies are (copy_relocations): no hole covers them. */
static uintptr_t kept[8];
static size_t nkept;

static int kept_copy(const char *name)
{
    for (size_t i = 0; i < sizeof kept_copies / sizeof kept_copies[0]; i++)
        if (strcmp(name, kept_copies[i]) == 0)
            return 1;
    return 0;
}

/* The copy relocations in the executable's dynamic section (R_X86_64_COPY
 * and its equivalents: the one relocation type that copies a library's
 * variable into the executable). */
static size_t copy_relocations(struct hole *holes, size_t max)
{
    if (!_DYNAMIC)
        return 0;
    const ElfW(Rela) *rela = NULL;
    size_t rela_size = 0;
    const ElfW(Sym) *symbols = NULL;
    const char *names = NULL;
    for (const ElfW(Dyn) *d = _DYNAMIC; d->d_tag != DT_NULL; d++) {
        if (d->d_tag == DT_RELA)
            rela = (const ElfW(Rela) *)d->d_un.d_ptr;
        else if (d->d_tag == DT_RELASZ)
            rela_size = d->d_un.d_val;
        else if (d->d_tag == DT_SYMTAB)
            symbols = (const ElfW(Sym) *)d->d_un.d_ptr;
        else if (d->d_tag == DT_STRTAB)
            names = (const char *)d->d_un.d_ptr;
    }
    if (!rela || !symbols || !names)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < rela_size / sizeof *rela; i++) {
#if defined(__x86_64__)
        if (ELF64_R_TYPE(rela[i].r_info) != R_X86_64_COPY)
            continue;
#elif defined(__aarch64__)
        if (ELF64_R_TYPE(rela[i].r_info) != R_AARCH64_COPY)
            continue;
#else
#error "copy relocations: add this architecture's relocation type"
#endif
        const ElfW(Sym) *s = &symbols[ELF64_R_SYM(rela[i].r_info)];
        if (kept_copy(names + s->st_name)) {
            if (nkept < sizeof kept / sizeof kept[0])
                kept[nkept++] = rela[i].r_offset;
            continue;
        }
        if (n == max)
            ckpt_fatal("the executable has more than %zu copy-relocated variables", max);
        holes[n].start = rela[i].r_offset;
        holes[n].end = rela[i].r_offset + (s->st_size ? s->st_size : 1);
        n++;
    }
    return n;
}

static void add_range(uintptr_t start, uintptr_t end)
{
    if (end <= start)
        return;
    if (layout.count == CKPT_GLOBALS_MAX_RANGES)
        ckpt_fatal("the program's globals are split into more than %d ranges",
                   CKPT_GLOBALS_MAX_RANGES);
    layout.ranges[layout.count].start = (void *)start;
    layout.ranges[layout.count].size = end - start;
    layout.count++;
}

/* [start, end) less the holes (sorted, not overlapping), as ranges. */
static void add_without_holes(uintptr_t start, uintptr_t end, const struct hole *holes, size_t n)
{
    uintptr_t at = start;
    for (size_t i = 0; i < n && at < end; i++) {
        if (holes[i].end <= at || holes[i].start >= end)
            continue;
        add_range(at, holes[i].start > at ? holes[i].start : at);
        at = holes[i].end;
    }
    add_range(at, end);
}

static int by_start(const void *a, const void *b)
{
    const struct hole *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static int kept_between(uintptr_t start, uintptr_t end)
{
    for (size_t i = 0; i < nkept; i++)
        if (kept[i] >= start && kept[i] < end)
            return 1;
    return 0;
}

/* The copy relocations as at most `max` holes, neighbours merged. */
static size_t copy_holes(struct hole *holes, size_t max)
{
    static struct hole copies[MAX_COPIES];
    size_t n = copy_relocations(copies, MAX_COPIES), merged = 0;
    qsort(copies, n, sizeof *copies, by_start);
    for (size_t i = 0; i < n; i++) {
        if (merged && copies[i].start <= holes[merged - 1].end + COPY_ALIGNMENT_GAP &&
            !kept_between(holes[merged - 1].end, copies[i].start)) {
            if (copies[i].end > holes[merged - 1].end)
                holes[merged - 1].end = copies[i].end;
            continue;
        }
        if (merged == max)
            ckpt_fatal("the executable's copy-relocated variables lie in more than %zu places",
                       max);
        holes[merged++] = copies[i];
    }
    return merged;
}

static void compute_layout(void)
{
    struct hole holes[MAX_HOLES];
    size_t n = copy_holes(holes, MAX_HOLES - 2);
    if ((uintptr_t)__aalc_private_data_end > (uintptr_t)__aalc_private_data_start)
        holes[n++] = (struct hole){(uintptr_t)__aalc_private_data_start,
                                   (uintptr_t)__aalc_private_data_end};
    if ((uintptr_t)__aalc_private_bss_end > (uintptr_t)__aalc_private_bss_start)
        holes[n++] = (struct hole){(uintptr_t)__aalc_private_bss_start,
                                   (uintptr_t)__aalc_private_bss_end};
    qsort(holes, n, sizeof *holes, by_start);
    add_without_holes((uintptr_t)__data_start, (uintptr_t)_edata, holes, n);
    add_without_holes((uintptr_t)__bss_start, (uintptr_t)_end, holes, n);
}

size_t ckpt_globals_ranges(const struct ckpt_range **out)
{
    pthread_once(&layout.once, compute_layout);
    *out = layout.ranges;
    return layout.count;
}

int ckpt_globals_contain(const void *p, size_t n)
{
    const struct ckpt_range *r;
    size_t count = ckpt_globals_ranges(&r);
    for (size_t i = 0; i < count; i++) {
        const char *start = r[i].start;
        if ((const char *)p >= start && (const char *)p + n <= start + r[i].size)
            return 1;
    }
    return 0;
}

/* dl_iterate_phdr lists the executable first; its dlpi_tls_data is the
 * calling thread's block of the executable's PT_TLS segment. */
static int find_tls(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    struct ckpt_range *tls = out;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS && info->dlpi_tls_data) {
            tls->start = info->dlpi_tls_data;
            tls->size = info->dlpi_phdr[i].p_memsz;
        }
    return 1; /* the executable only */
}

struct ckpt_range ckpt_globals_tls(void)
{
    struct ckpt_range tls = {NULL, 0};
    dl_iterate_phdr(find_tls, &tls);
    return tls;
}
