#include "log.h"

#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int log_rank;

void ckpt_log_set_rank(int rank)
{
    log_rank = rank;
}

static void emit(const char *kind, const char *format, va_list ap)
{
    char message[2048];
    vsnprintf(message, sizeof message, format, ap);
    fprintf(stderr, "aalc: rank %d: %s%s\n", log_rank, kind, message);
    fflush(stderr);
}

void ckpt_info(int level, const char *format, ...)
{
    if (ckpt_opts.verbose < level)
        return;
    va_list ap;
    va_start(ap, format);
    emit("", format, ap);
    va_end(ap);
}

void ckpt_warn(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    emit("warning: ", format, ap);
    va_end(ap);
}

void ckpt_fatal(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    emit("error: ", format, ap);
    va_end(ap);
    exit(1);
}
