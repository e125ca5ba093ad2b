#include "log.h"

#include "options.h"
#include "output_forward.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int log_rank;

void ckpt_log_set_rank(int rank)
{
    log_rank = rank;
}

static void emit(const char *kind, const char *format, va_list ap)
{
    char message[2048], line[2200];
    vsnprintf(message, sizeof message, format, ap);
    int n = snprintf(line, sizeof line, "aalc: rank %d: %s%s\n", log_rank, kind, message);
    if (n >= (int)sizeof line)
        line[(n = (int)sizeof line) - 1] = '\n';
    /* In one piece, past the output forwarder: not the program's output, never dropped. */
    if (n > 0 && write(ckpt_output_original_fd(STDERR_FILENO), line, (size_t)n) < 0)
        return;
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

void ckpt_error(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    emit("error: ", format, ap);
    va_end(ap);
}

static volatile int stopping_on_error;

int ckpt_stopping_on_error(void)
{
    return stopping_on_error;
}

void ckpt_stop_after_error(void)
{
    stopping_on_error = 1;
    exit(1);
}

void ckpt_fatal(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    emit("error: ", format, ap);
    va_end(ap);
    ckpt_stop_after_error();
}
