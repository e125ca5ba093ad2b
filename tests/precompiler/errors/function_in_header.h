/* Included by function_in_header.c. */
void work(int n);

void twice(int n)
{
#pragma ckpt potential
    work(n);
}
