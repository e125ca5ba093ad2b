/* One declaration declaring a function and a variable: the section
 * attribute put in front of it would apply to the function too, and gcc
 * rejects the output ("'helper' causes a section type conflict"). */
int helper(void), hits;

int helper(void)
{
    return ++hits;
}
// EXPECT-ERROR: 4:19: 'hits'
