/* 'return f();' in a void function where f returns void too: accepted by C
 * compilers (gcc warns only with -pedantic), common in wrappers. There is no
 * result to hold. */
void flush(int n);

void finish(int n)
{
    return flush(n);
}
// REACHES: flush
