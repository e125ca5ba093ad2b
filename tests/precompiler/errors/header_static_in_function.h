/* Included by header_static_in_function.c inside a function body. */
void work(int i);
static inline void step(int i) { work(i); }
