/* The report of the relaxation; report() never reaches a potential checkpoint. */
#ifndef REPORT_H
#define REPORT_H

#include <aalc/ckpt_pragmas.h>
#include <stdint.h>

/* in a header, as a raw '#pragma ckpt noreach' would warn in every file that includes it */
CKPT_NOREACH(report)

void report(int step, uint64_t digest);

#endif
