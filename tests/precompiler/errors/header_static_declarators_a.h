/* Included by header_static_declarators.c: declares two static functions in
 * one declaration; header_static_declarators_b.h defines them. */
void work(int i);
static void other(int i), step(int i);
static inline void first(int i) { step(i); }
