/* A function that may reach a checkpoint and returns an anonymous struct:
 * the save block cannot spell the type of its zero value. */
struct { int a; } make(void);

__typeof__(make()) wrapped(void)
{
    return make();
}
// EXPECT-ERROR: 5:20: function 'wrapped' may reach a potential checkpoint and returns an unnamed type
// REACHES: make
