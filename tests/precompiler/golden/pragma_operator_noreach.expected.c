#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "pragma_operator_noreach.c"
/* _Pragma("ckpt noreach(...)") followed by a declaration on the same line:
 * the declaration must be kept. */
/* _Pragma("ckpt noreach(remote)") */ void remote(void);

void call_remote(void)
{
    remote();
}
/* Inserted by ckpt-instrument: what this unit assumes about functions defined
 * elsewhere. The runtime checks at start-up that no call left uninstrumented
 * here can reach a checkpoint through another unit. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U pragma_operator_noreach.c\n";
