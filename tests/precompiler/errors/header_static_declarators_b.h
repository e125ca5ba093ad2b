/* Included by header_static_declarators.c after header_static_declarators_a.h. */
static void other(int i) { (void)i; }
static void step(int i) { work(i); }
