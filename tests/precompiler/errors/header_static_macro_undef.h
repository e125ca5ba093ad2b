/* Included by header_static_macro_undef.c: a static function that reaches a
 * potential checkpoint uses a helper macro that the header #undefs after it. */
void work(int i);
#define TWICE(x) ((x)*2)
static inline int step(int i)
{
    work(i);
    return TWICE(i);
}
#undef TWICE
