/* timed_units.h -- what the three units of timed_units share. */
#ifndef TIMED_UNITS_H
#define TIMED_UNITS_H

/* timers.c: wall-clock timers, switched on and off as a whole. The macros
 * are how benchmark suites write them: a call inside an 'if' behind a macro,
 * and a function renamed by a macro. */
enum { T_TOTAL, T_RELAX, T_CHECK, T_COUNT };
extern int timeron;
void timer_clear(int t);
void timer_start(int t);
void timer_stop(int t);
double timer_read(int t);
double wtime_(void);
#define wtime wtime_
#define TIMER_START(t)                                                                             \
    if (timeron)                                                                                   \
    timer_start(t)
#define TIMER_STOP(t)                                                                              \
    if (timeron)                                                                                   \
    timer_stop(t)

/* kernel.c: the work. relax() holds the potential checkpoint; the kernels
 * of the table are called through pointers, and one of them reaches it. */
typedef void (*kernel_fn)(double *grid, int n, int sweep);
extern kernel_fn kernels[2];
void relax(double *grid, int n, int sweeps);
double randlc(double *seed, double a);

#endif
