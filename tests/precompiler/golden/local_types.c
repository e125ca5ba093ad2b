/* Locals of every kind of type are saved and restored whole, by value:
 * scalars, structs (also as parameters), unions, arrays (also of arrays),
 * pointers (also to locals of the same frame, which stay valid because the
 * stack is at a fixed address), function pointers, enums, typedefs of
 * anonymous structs, const and volatile locals. */
#include <stddef.h>

struct point {
    double x, y;
};
union value {
    int i;
    double d;
    unsigned char bytes[8];
};
typedef struct {
    int len;
    char text[16];
} label_t;
enum mode { FAST, SLOW };

void consume(const void *p, size_t n);

double shapes(struct point origin, int count, const char *name)
{
    struct point corner = {origin.x + 1, origin.y + 1};
    union value v;
    int grid[3][4] = {{0}};
    char buf[32];
    int *cursor = &grid[1][2];
    struct point *pp = &corner;
    double (*scale)(double) = NULL;
    enum mode m = SLOW;
    label_t label = {3, "abc"};
    const int limit = 10;
    volatile int ticks = 0;
    v.d = 2.5;
    buf[0] = name[0];
    consume(buf, sizeof buf);
    ticks++;
    *cursor += count + limit + label.len + (m == SLOW) + ticks;
    if (scale)
        v.d = scale(v.d);
    return pp->x + v.d + grid[1][2] + origin.y;
}
// REACHES: * consume
