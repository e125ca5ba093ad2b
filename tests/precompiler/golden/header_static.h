/* Included by header_static.c: static functions that reach a potential
 * checkpoint through 'work', defined in the .c file. */
void work(int i);
static int scale(int i);

static inline void step(int i) { work(i); }

static inline int twice(int i)
{
    step(i);
    return scale(i) * 2;
}

static int scale(int i)
{
    work(-i);
    return i + 1;
}

/* Reaches too, but nothing uses it: no copy. */
static inline int unused_helper(int i)
{
    work(i);
    return i;
}
