/* Restored locals and parameters declared const lose their const: the
 * restore block writes into them, and a compiler may keep a const object in
 * read-only memory (gcc -O1 gave a const parameter the storage of the static
 * const global it was passed). Only the top-level const goes: what a pointer
 * points to stays const. Locals not restored keep theirs. A const that comes
 * from a typedef gives way to the type of its value, in __typeof__ (for an
 * array, of its element's value, with the dimensions). */
#include <stdalign.h>

void work(const int *v);
#define UNUSED __attribute__((unused))
#define ALIGNED(n) __attribute__((aligned(n)))

typedef const int constant_int;
typedef const double constant_row[3];
typedef int *const fixed_pointer;
typedef const struct {
    int x, y;
} point;
typedef point segment[2];

struct pair {
    int a, b;
};

int sum_of(const struct pair p, const int n)
{
    const int table[4] = {1, 2, 3, 4};
    int const twice = 2 * n;
    const int *const first = &table[0];
    const int start = 7; /* dead from the loop on: not restored, still const */
    int total = start;
    for (int i = 0; i < n; i++) {
#pragma ckpt potential
        total += table[i % 4] * twice + *first + p.a;
    }
    return total;
}

int through_typedefs(int n)
{
    constant_int limit = n;
    constant_row row = {1.5, 2.5, 3.5};
    int cell = 0;
    fixed_pointer at = &cell;
    const constant_int both = 3;
    const int a = 1, b = 2, d[2] = {3, 4};
    const int *c = &b;
    UNUSED const int e = 5;
    alignas(16) const int g = 6;
    int ALIGNED(8) const h = 7;
    point origin = {0, 0};
    segment unit = {{0, 0}, {1, 1}};
    const int lanes __attribute__((vector_size(16))) = {1, 2, 3, 4};
    int (*const pick)(int) = through_typedefs;
    work(&limit);
    return limit + (int)row[1] + *at + both + a + b + *c + d[1] + e + g + h + origin.y + unit[1].x + lanes[2] + (pick == 0);
}
// REACHES: work
// CONST-TYPEDEFS: constant_int constant_row fixed_pointer point segment
