/* Calls that reach a potential checkpoint, written where C allows a call
 * rather than as statements of their own: ckpt-instrument moves them out
 * (normalizer.h) and the program recovers as if nothing happened: also from
 * the right operands of && and ||, a branch of ?:, and with side effects in
 * an argument and in an assignment's target, in arguments C converts,
 * through macros, in loop increments and conditions whose body has
 * 'continue', and in GNU's ?:, after another reaching call C evaluates
 * first, after a declarator that reads what it changes, in a _Generic, and
 * in statements with no space between them.
 * Usage: call_shapes [rounds] */
#include <stdio.h>
#include <stdlib.h>

static unsigned long state = 12345;
static long work_done;

/* Each call passes a potential checkpoint. */
static long mix(long x)
{
    for (int k = 0; k < 3; k++) {
#pragma ckpt potential
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        x ^= (long)(state >> 33);
        work_done++;
    }
    return x & 0xffff;
}

static int step(int *left)
{
    mix(*left);
    return --*left > 0;
}

static int next(int i)
{
    return i + 1 + (int)(mix(i) % 3);
}

static long fact_mod(int n)
{
    if (n <= 1)
        return 1;
    return (n * fact_mod(n - 1)) % 1000003;
}

static int classify(long v)
{
    return (int)(mix(v) % 4);
}

static int more(int *k)
{
    mix(*k);
    return ++*k < 5;
}

static long twice(long v)
{
    return 2 * mix(v);
}

static long add_one(long v)
{
    return mix(v) + 1;
}

static long (*const ops[2])(long) = {twice, add_one};

/* Reaches a checkpoint: the cell picked by v. */
static long *cell_of(long *cells, long v)
{
    mix(v);
    return &cells[v & 1];
}

/* Reach none: called with reaching calls in their arguments. */
static long read_cell(const long *cell, int offset)
{
    return *cell + offset;
}

static long weigh(long a, long b)
{
    return a * 3 + b;
}

/* Macros around reaching calls, as programs write them. */
#define MIX_BOTH(v)                                                                                \
    do {                                                                                           \
        mix(v);                                                                                    \
        mix((v) + 1);                                                                              \
    } while (0)
#define MUST(e)                                                                                    \
    if (!(e))                                                                                      \
    abort()
#define scramble mix
#define LOW_BITS(x) _Generic((x), long: low_bits, default: abs)(x)

static int low_bits(long v)
{
    return (int)(v & 7);
}

static long round_of(int r)
{
    long sum = 0;
    int left = 4;
    while (step(&left))
        sum += left;
    if (mix(r) > 30000)
        sum += 7;
    for (int i = 0; i < 20; i = next(i))
        sum += i;
    sum += fact_mod(8 + r % 5);
    long x = mix(r) + mix(r + 1);
    sum ^= x;
    sum += twice(mix(sum));
    switch (classify(sum)) {
    case 0: sum += 1; break;
    case 1: sum += 10; break;
    default: sum += 100; break;
    }
    int k = 0;
    do
        sum += k;
    while (more(&k));
    double d = (double)mix(sum) * 0.5, e = 2.0;
    sum += (long)(d / e);
    mix(sum), mix(sum + 1);
    long y = ops[r % 2](sum) + 1;
    long arr[2] = {0, 0};
    int j = 0;
    arr[j++] = mix(sum);
    arr[j++] = mix(sum + 1);
    sum += arr[0] - arr[1];
    if (sum > 0 && mix(sum) > 100)
        sum += 3;
    if (sum < 0 || mix(sum + 2) > 200)
        sum += 5;
    sum += (r % 3 == 0) ? mix(sum) : 5;
    int q = r;
    long first = sum % 13, second = mix(first);
    sum += second;
    MIX_BOTH(sum);
    MUST(mix(sum) >= 0);
    sum += scramble(sum) % 11;
    sum += twice(q++ % 7);
    sum += q;
    /* Increments and conditions with a 'continue' of their loop, and GNU's ?:. */
    for (int i = 0; i < 12; i = next(i)) {
        if (i % 3 == 0)
            continue;
        sum += i;
    }
    int m = 0;
    do {
        if (m++ % 2)
            continue;
        sum += m;
    } while (more(&m));
    sum += (sum & 1) ?: mix(sum);
    /* Reaching calls in arguments that C converts (to const, to long, ?: and
     * && as an argument): each call made once (work_done counts them). */
    long cells[2] = {1, 2};
    sum += read_cell(cell_of(cells, sum), 0);
    sum += weigh(1 + mix(sum), 2);
    sum += weigh(-mix(sum), 1);
    sum += weigh((int)mix(sum), 0);
    sum += weigh(r % 2 ? mix(sum) : 0, 1);
    sum += weigh(r % 3 && mix(sum) > 10, 3);
    /* Two reaching calls in one expression, the first one C evaluates
     * before the other (',', '&&', '||', '?:', GNU's '?:'): each made once. */
    sum += (mix(sum), mix(sum + 1)) + 1;
    sum += 2 * (mix(sum) > 5 && mix(sum + 1) > 5);
    sum += 2 * (mix(sum) < 5 || mix(sum + 1) > 5);
    sum += mix(sum) % 2 ? mix(sum + 1) : 3;
    sum += mix(sum) % 3 ?: mix(sum + 1);
    /* A later declarator's call after one that reads what it changes, in a
     * block and in a for loop; a call in _Generic's unevaluated control. */
    long before = work_done, after = mix(sum) + 1;
    sum += before + after;
    for (long i = work_done % 3, k = mix(i) + 1; i < 4; i++)
        sum += k + i;
    sum += LOW_BITS(mix(sum));
    /* Statements rewritten with no space between them. */
    long u = mix(sum) + 1;long w = mix(u) + 2;sum += u - w;
    for (int i = 0; i < 9; i = next(i)) sum++;sum += mix(sum) % 5;
    /* A ',' in a condition, a reaching call on its right. */
    if (q++, mix(q) % 2)
        sum += 1;
    while (q++, q % 4 && mix(q))
        sum += 2;
    return sum + y;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1000000;
    long total = 0;
    for (int r = 0; r < rounds; r++) {
        total = (total * 31 + round_of(r)) % 1000000007;
        if (r % 100000 == 0)
            printf("round %d: total %ld, work %ld\n", r, total, work_done);
    }
    printf("total %ld after %ld calls\n", total, work_done);
    return 0;
}
