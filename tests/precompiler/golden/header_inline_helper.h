/* Included by header_inline_helper.c: a helper defined in a header that
 * calls a function of another unit. */
void log_line(const char *s);

static inline void log_twice(const char *s)
{
    log_line(s);
    log_line(s);
}
