/* A call that may reach a checkpoint written by a macro expansion. */
void work(int n);
#define WORK(n) work(n)

void run(int n)
{
    WORK(n);
}
// EXPECT-ERROR: 7:5: the call to 'work' may reach a potential checkpoint but comes from a macro expansion
// REACHES: work
