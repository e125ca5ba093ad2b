/* Included by header_static_in_table.c: a static function that reaches a
 * potential checkpoint, named by a table of the header, which calls the
 * header's definition whatever the .c file's code is rewritten to. */
void work(int n);

static inline void twice(int n)
{
    work(n);
    work(n);
}

static void (*const actions[])(int) = {twice};
