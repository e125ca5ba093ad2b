/* Code that spells types and storage classes with macros (REAL for the
 * floating-point type, STATIC), as numerical codes often do. The functions
 * and the calls are written in this file, only some of their tokens come
 * from macros: they are instrumented like any other (they were refused as
 * "defined in a header or a macro" and "comes from a macro expansion"). */
#define REAL double
#define STATIC static
#define N 4

REAL norm(const REAL *v, int n);

STATIC REAL scaled(const REAL *v)
{
    REAL s = norm(v, N);
    return s * 2;
}

REAL twice(const REAL *v)
{
    REAL t = scaled(v);
    return t;
}
// REACHES: norm
