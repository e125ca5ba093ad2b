/* The function pointer expression of the call would be evaluated again
 * when the stack is rebuilt: it is computed once into a variable first. */
void dispatch(void (**table)(int), int n)
{
    int i = 0;
    table[i++](n);
}
// REACHES: *
