/* Globals whose declaration only starts with a macro (a storage class or an
 * attribute spelled by a macro, as legacy code often does) are ordinary
 * declarations written in this file: the section attribute goes in front of
 * the macro. Only a declaration whose variable itself comes from a macro
 * cannot be marked (see errors/global_from_macro.c). */
#define PRIVATE static
#define ALIGNED __attribute__((aligned(64)))
#define SIZE 8

PRIVATE int counter;
ALIGNED double buffer[SIZE];
PRIVATE const int limit = SIZE;

int bump(void)
{
    return ++counter + (int)buffer[0] + limit;
}
