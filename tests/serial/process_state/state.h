/* The EXTERN idiom of old codes: main.c defines MAIN_FILE, so every global
 * here is defined there, whether main.c uses it or not. */
#ifndef PROCESS_STATE_H
#define PROCESS_STATE_H
#include <stdio.h>

#ifdef MAIN_FILE
#define EXTERN
#else
#define EXTERN extern
#endif

EXTERN long counter_elsewhere; /* only physics.c uses it */
EXTERN double energy;
EXTERN int signals_seen;
EXTERN long report_every; /* the MPI build prints at the end only: mpiexec's pipe */

struct report {
    FILE *out; /* a saved copy of stdout, as a benchmark's TEST->outfp */
    const char *label;
};

void physics_step(long step, struct report *rep);
/* In libhelper.a, compiled by the plain compiler. */
long helper_mix(long value);
long helper_total(void);
#endif
