/* A second unit: uses globals of the header that main.c never touches, and
 * a tentative definition that main.c repeats (built with -fcommon). */
#include "state.h"

#include <stdlib.h>

int shared_tentative;

void physics_step(long step, struct report *rep)
{
    counter_elsewhere += step % 7;
    energy += (double)(random() % 1000) / 1000.0;
    shared_tentative += (int)(step & 3);
    if (rep->label && step % report_every == 0) /* one rank reports */
        fprintf(rep->out, "%s step %ld: elsewhere=%ld energy=%.3f tentative=%d\n", rep->label,
                step, counter_elsewhere, energy, shared_tentative);
}
