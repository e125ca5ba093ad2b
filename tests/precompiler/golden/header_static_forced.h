/* Given to header_static_forced.c with '-include': a static function that
 * reaches a potential checkpoint, and the helper macro it uses. */
void work(int i);
#define SCALE 3
static inline int step(int i)
{
    work(i);
    return i * SCALE;
}
