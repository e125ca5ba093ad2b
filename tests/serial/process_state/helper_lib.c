/* A static library compiled by the plain compiler: its statics are the
 * program's state too. */
static long mixed_total;
static long history[16];

long helper_mix(long value)
{
    history[value & 15] += value;
    mixed_total += history[(value >> 2) & 15] % 1009;
    return mixed_total;
}

long helper_total(void) { return mixed_total; }
