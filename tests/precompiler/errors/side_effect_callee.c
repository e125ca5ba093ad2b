/* The function pointer expression of the call is evaluated again too. */
void dispatch(void (**table)(int), int n)
{
    int i = 0;
    table[i++](n);
}
// EXPECT-ERROR: 5:5: the function pointer expression of this call has side effects
// REACHES: *
