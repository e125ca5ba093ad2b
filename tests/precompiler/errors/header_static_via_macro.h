/* Included by header_static_via_macro.c: a static function that reaches a
 * potential checkpoint, called through a macro of the header. */
void work(int i);
static inline void step(int i) { work(i); }
#define STEP(i) step(i)
