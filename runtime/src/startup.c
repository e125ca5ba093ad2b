/* Program start: the runtime owns main (the link uses --wrap=main).
 *
 * It reads the options, maps the checkpoint heap, copies argv and envp into
 * it (their original home, the initial process stack, moves every run;
 * environment.h), and
 * runs the program's main on a stack whose top is at a fixed address, so
 * that rebuilt frames land where the saved pointers expect them. When main
 * returns because the stack collapsed for a checkpoint, the checkpoint is
 * written and main is entered again to rebuild the stack. */
#define _GNU_SOURCE
#include "address_randomization.h"
#include "fixed_addresses.h"
#include "checkpoint.h"
#include "cleanup.h"
#include "dir_claim.h"
#include "clock.h"
#include "environment.h"
#include "frames.h"
#include "heap.h"
#include "job.h"
#include "layer.h"
#include "libc_state.h"
#include "log.h"
#include "options.h"
#include "openmp_threads.h"
#include "output_forward.h"
#include "recovery.h"
#include "recovery_callbacks.h"
#include "state.h"
#include "store.h"
#include "triggers.h"
#include "unit_summaries.h"

#include <aalc/ckpt.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

int __real_main(int argc, char **argv, char **envp);

/* The program stack's top; the stack grows down from here (CKPT_STACK_SIZE). */
#define CKPT_STACK_TOP CKPT_STACK_TOP_ADDRESS /* fixed_addresses.h */

static struct {
    int argc;
    char **argv, **envp;
    int status;
} program;
static ucontext_t runtime_context, program_context;

/* --recover belongs to the runtime: the program never sees it. */
static int take_recover_flag(int argc, char **argv)
{
    int kept = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "--recover") == 0)
            ckpt_opts.recover = 1;
        else
            argv[kept++] = argv[i];
    }
    argv[kept] = NULL;
    return kept;
}

static void run_program(void)
{
    for (;;) {
        int status = __real_main(program.argc, program.argv, program.envp);
        if (!ckpt_collapsing) {
            program.status = status;
            return; /* to runtime_context, through uc_link */
        }
        ckpt_collapsing = 0;
        ckpt_take_checkpoint();
        ckpt_frames_begin_restore();
        ckpt_restoring = 1;
    }
}

static void *map_program_stack(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size = (size + page - 1) & ~(page - 1);
    void *base = (void *)(CKPT_STACK_TOP - size - page); /* one guard page below */
    void *p = mmap(base, size + page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE | MAP_STACK,
                   -1, 0);
    if (p != base)
        ckpt_fatal("cannot map the program stack at %p: the address is taken", base);
    mprotect(p, page, PROT_NONE);
    return (char *)p + page;
}

static uint64_t recovered_from;
static double started_at;

static void on_resumed(void)
{
    ckpt_info(1, "resumed from checkpoint %llu in %s", (unsigned long long)recovered_from,
              ckpt_options_dir());
    ckpt_recover_report(started_at);
    if (ckpt_active_layer)
        ckpt_active_layer->resumed();
    ckpt_run_recovery_callbacks();
}

int __wrap_main(int argc, char **argv, char **envp)
{
    char err[512];
    ckpt_address_randomization_off(argv);
    ckpt_state_mark_program_thread();
    ckpt_openmp_threads_init();
    started_at = ckpt_seconds();
    argc = take_recover_flag(argc, argv);
    ckpt_job_note(argc, argv);
    ckpt_options_load(argv[0]);
    if (!ckpt_active_layer && ckpt_opts.local_dir[0]) { /* levels are the layer's (docs/levels.md) */
        ckpt_info(1, "CKPT_LOCAL_DIR is for MPI programs: this one writes to CKPT_DIR");
        ckpt_opts.local_dir[0] = '\0';
    }
    ckpt_output_forward_start(); /* before any thread, MPI and the heap: it forks */
    if (ckpt_heap_init(0, err, sizeof err) != 0)
        ckpt_fatal("%s", err);
    ckpt_check_unit_summaries();
    ckpt_libc_state_init();
    program.argc = argc;
    program.argv = ckpt_strings_to_heap(argv, argc, "arguments");
    program.envp = ckpt_environment_adopt(envp, ckpt_opts.recover);

    if (ckpt_opts.recover)
        ckpt_output_direct(1); /* nothing of the program's until it is loaded (recovery.c) */
    if (ckpt_active_layer && ckpt_opts.recover && ckpt_opts.prefetch)
        ckpt_recover_prefetch(); /* while MPI starts */
    if (ckpt_active_layer)
        ckpt_active_layer->start(ckpt_opts.recover);
    /* With a layer, its rank 0 locks the directory once MPI is up. */
    ckpt_dir_claim_early(!ckpt_active_layer);
    uint64_t highest = ckpt_store_highest(ckpt_options_dir());
    /* Before the program's atexit handlers, also those a recovery registers
     * again: it runs after them (an MPI_Finalize in one ends the job). */
    ckpt_cleanup_register();
    if (ckpt_opts.recover) {
        recovered_from = ckpt_recover();
        ckpt_set_resumed_hook(on_resumed);
        ckpt_info(1, "recovering from checkpoint %llu in %s", (unsigned long long)recovered_from,
                  ckpt_options_dir());
        highest = ckpt_store_highest(ckpt_options_dir()); /* damaged ones may have been set aside */
    }
    ckpt_checkpoint_init(highest);
    ckpt_output_forward_begin(ckpt_opts.dir, ckpt_active_layer != NULL, ckpt_dir_claimed());
    ckpt_triggers_start();

    void *stack = map_program_stack(ckpt_opts.stack_size);
    getcontext(&program_context);
    program_context.uc_stack.ss_sp = stack;
    program_context.uc_stack.ss_size = ckpt_opts.stack_size;
    program_context.uc_link = &runtime_context;
    makecontext(&program_context, run_program, 0);
    if (swapcontext(&runtime_context, &program_context) != 0)
        ckpt_fatal("cannot switch to the program stack");
    ckpt_cleanup_note_status(program.status); /* the removal runs at exit (cleanup.h) */
    return program.status;
}
