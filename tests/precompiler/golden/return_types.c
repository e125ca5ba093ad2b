/* Held results of every return type the precompiler has to spell: a struct,
 * a pointer to const, a double computed from an int call (the conversion
 * stays at the assignment), an enum, a typedef of a function pointer, and a
 * return whose call type differs from the function's return type. */
struct big {
    double v[4];
};
enum state { IDLE, BUSY };
typedef int (*op_t)(int);

struct big load(int k);
const char *name_of(int k);
int count(int k);
enum state state_of(int k);
op_t lookup(int k);

double results(int k)
{
    struct big b;
    const char *s;
    double d;
    enum state st;
    op_t op;
    b = load(k);
    s = name_of(k);
    d = count(k);
    st = state_of(k);
    op = lookup(k);
    return b.v[0] + s[0] + d + st + op(k);
}

long widened(int k)
{
    return count(k);
}

op_t forward(int k)
{
    return lookup(k);
}
// REACHES: count load lookup name_of state_of
