#include "report.h"

#include <inttypes.h>
#include <stdio.h>

void report(int step, uint64_t digest)
{
    printf("step %5d digest %016" PRIx64 "\n", step, digest);
}
