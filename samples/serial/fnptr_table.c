/*
 * fnptr_table.c -- a tiny stack-machine interpreter that dispatches through a
 * table of function pointers.
 *
 * Shows: calls through function pointers. The precompiler cannot tell where
 * an indirect call goes, so it treats every call through a pointer as one
 * that may reach a checkpoint. Here some handlers do reach the potential
 * point (op_mix, op_hash, via crunch()) and others do not. Function pointers
 * are also kept in heap data (each instruction holds its handler) and in a
 * global hook that changes at run time; the executable is not position
 * independent, so they are still right after recovery.
 *
 * Usage: fnptr_table [runs]   (default 4000)
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct vm {
    long stack[64];
    int sp;
    unsigned long long acc;
} vm;

typedef long (*op_fn)(vm *m, long arg);

typedef struct insn {
    op_fn fn; /* the handler, copied from the table */
    long arg;
} insn;

/* The long-running part: the potential checkpoint is in here. */
static long crunch(vm *m, long rounds)
{
    unsigned long long x = m->acc | 1;
    for (long i = 0; i < rounds; i++) {
#pragma ckpt potential
        for (int k = 0; k < 64; k++)
            x = x * 0x5851F42D4C957F2DULL + (unsigned long long)m->stack[k];
        m->stack[i % 64] ^= (long)(x >> 40);
    }
    m->acc ^= x;
    return (long)(x >> 33);
}

static long op_push(vm *m, long arg) { m->stack[m->sp++ % 64] = arg; return arg; }
static long op_add(vm *m, long arg) { m->stack[m->sp % 64] += arg; return m->stack[m->sp % 64]; }
static long op_xor(vm *m, long arg) { m->acc ^= (unsigned long long)arg << 7; return arg; }

static long op_mix(vm *m, long arg)
{
    long r = crunch(m, 20 + arg % 40);
    return r;
}

static long op_hash(vm *m, long arg)
{
    long r = crunch(m, 5);
    m->acc += (unsigned long long)(r ^ arg);
    return r;
}

/* The dispatch table: a mix of handlers that reach a checkpoint and some that don't. */
static const struct {
    const char *name;
    op_fn fn;
} table[] = {{"push", op_push}, {"add", op_add}, {"xor", op_xor}, {"mix", op_mix}, {"hash", op_hash}};
enum { NOPS = sizeof table / sizeof table[0] };

/* A global hook: which reporter runs after each program run; it changes over time. */
static void report_terse(int run, const vm *m) { printf("run %4d: acc %016llx\n", run, m->acc); }
static void report_full(int run, const vm *m)
{
    printf("run %4d: acc %016llx sp %d top %ld\n", run, m->acc, m->sp, m->stack[m->sp % 64]);
}
static void (*reporter)(int, const vm *) = report_terse;

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 4000;
    vm m = {{0}, 0, 1};
    long counts[NOPS] = {0};

    /* Build a program on the heap; it grows with realloc. */
    size_t len = 0, cap = 8;
    insn *prog = malloc(cap * sizeof *prog);
    unsigned long long s = 2024;
    for (int i = 0; i < 300; i++) {
        if (len == cap) {
            cap *= 2;
            prog = realloc(prog, cap * sizeof *prog);
        }
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        int op = (int)((s >> 33) % NOPS);
        prog[len].fn = table[op].fn;
        prog[len].arg = (long)((s >> 20) % 1000);
        len++;
    }

    printf("fnptr_table: program of %zu instructions, %d runs\n", len, runs);
    for (int run = 0; run < runs; run++) {
        for (size_t pc = 0; pc < len; pc++) {
            op_fn f = prog[pc].fn;
            long arg = prog[pc].arg + run;
            /* An indirect call, on a statement of its own. */
            long r = f(&m, arg);
            m.acc = m.acc * 31 + (unsigned long long)r;
        }
        if (run == runs / 2)
            reporter = report_full;
        if (run % 250 == 249)
            reporter(run + 1, &m); /* another indirect call */
    }
    for (size_t pc = 0; pc < len; pc++)
        for (int op = 0; op < NOPS; op++)
            if (prog[pc].fn == table[op].fn)
                counts[op]++;
    for (int op = 0; op < NOPS; op++)
        printf("%-4s x %ld\n", table[op].name, counts[op]);
    printf("checksum %016llx\n", m.acc);
    free(prog);
    return 0;
}
