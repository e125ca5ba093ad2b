/* (x = f(a)); is refused with a hint to drop the parentheses. */
int f(int a);

int wrap(int a)
{
    int x;
    (x = f(a));
    return x;
}
// EXPECT-ERROR: 7:5: write the assignment from 'f' without parentheses around it
// REACHES: f
