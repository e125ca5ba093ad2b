/* The `ckpt` command's subcommands (ckpt.c dispatches to them). Each takes
 * the checkpoint directory and the arguments after it, and returns the
 * command's exit status: 0 done, 1 a problem found, 2 a usage error. */
#ifndef AALC_CKPT_TOOL_H
#define AALC_CKPT_TOOL_H

#include <stdint.h>

int ckpt_verify(const char *dir, int argc, char **argv);

/* A checkpoint number: 0, or -1 when text is not one. */
int ckpt_tool_parse_number(const char *text, uint64_t *n);
/* Prints how to use ckpt on stderr; returns 2. */
int ckpt_tool_usage(void);

#endif
