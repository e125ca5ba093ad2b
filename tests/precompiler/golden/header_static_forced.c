/* A header given with '-include' is read before the file's first line: the
 * copy of its static function that reaches a potential checkpoint goes at the
 * start of the file. */
// INSTRUMENT-FLAGS: -include header_static_forced.h
void work(int i)
{
#pragma ckpt potential
    (void)i;
}

int run(int n) { return step(n) + 1; }
