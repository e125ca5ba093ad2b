/* Included by header_static_pasted.c: a static function that reaches a
 * potential checkpoint. */
void work(int i);
static inline void step(int i) { work(i); }
