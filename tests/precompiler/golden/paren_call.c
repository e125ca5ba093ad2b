/* A parenthesised call as the value of an assignment or a return: the held
 * result must keep the parentheses balanced. */
int ext(int a);

int paren_call(int a)
{
    int x;
    x = (ext(a));
    return (ext(x));
}
// REACHES: ext
