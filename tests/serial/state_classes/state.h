/* The EXTERN idiom: prog.c defines MAIN_FILE, so it defines this global,
 * which only other.c uses. */
#ifdef MAIN_FILE
#define EXTERN
#else
#define EXTERN extern
#endif
EXTERN long counter_elsewhere;
void bump_elsewhere(void);
