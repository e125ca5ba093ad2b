/* An assignment from a call returning an anonymous struct: the held result
 * cannot be declared. */
struct { int a; } make(void);

int use(void)
{
    __typeof__(make()) s;
    s = make();
    return s.a;
}
// EXPECT-ERROR: 8:9: 'make' returns an unnamed type
// REACHES: make
