/* Calls moved out of expressions by the normalizer, in scope of VLAs: the
 * restore path goes through the declarations as for any call. */
int step(double *a, int n);
int run(int n)
{
    double a[n];
    int t = 0;
    while (step(a, n) > 0)
        t++;
    double b[t + 1];
    double c = step(b, t) * 2.0;
    return t + (int)c;
}
// REACHES: step
