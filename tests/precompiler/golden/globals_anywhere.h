/* Included by globals_anywhere.c: definitions in a header, as old codes
 * write them (the EXTERN idiom, statics and tentative definitions). */
#ifdef MAIN_FILE
#define EXTERN
#else
#define EXTERN extern
#endif
EXTERN int steps_done;
EXTERN double energy;
static int header_static;
int header_tentative;
