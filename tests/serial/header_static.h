/* Included by header_static.c: static helpers defined in this header that
 * reach a potential checkpoint through mix(), defined in header_static.c.
 * ckpt-instrument does not rewrite the header: it copies them into the .c
 * file it compiles. */
long mix(long x);

static long stir_twice(long v);

static inline long stir(long v) { return mix(v) + 1; }

static inline void churn(long *acc, int k)
{
    for (int j = 0; j < k; j++)
        *acc = (*acc * 33 + stir(*acc + j)) % 1000000007;
}

static long stir_twice(long v) { return 2 * stir(v); }

static inline long both(long v) { return stir_twice(v) - stir(v); }
