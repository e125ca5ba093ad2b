/* Locals named like the variables ckpt-instrument adds: its own get
 * another name (ckpt_result_1_2, ckpt_value_1_2, ckpt_label_2,
 * ckpt_dim_1_2), so that the user's are neither hidden nor assigned. */
#include <stddef.h>

long step(long x);

long named(long h, int n)
{
    long ckpt_result_1 = h, ckpt_value_1 = h >> 3;
    int ckpt_label = n;
    size_t ckpt_dim_1 = (size_t)n + 1;
    long row[ckpt_dim_1];
    row[0] = h;
    ckpt_result_1 += step(h);
    if (step(ckpt_value_1) > ckpt_value_1)
        ckpt_value_1 = ckpt_result_1;
    return ckpt_result_1 + ckpt_value_1 + row[0] + ckpt_label;
}

long step(long x)
{
#pragma ckpt potential
    return x * 3;
}
