/* Compiled by the plain compiler into a static library. */
static long lib_total;

long lib_add(long v) { return lib_total += v; }
