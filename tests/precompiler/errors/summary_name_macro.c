/* A macro named like the function the inserted summary defines would rename
 * it: refused, naming the macro. */
#define ckpt_register_this_unit init_tables

long step(long i)
{
#pragma ckpt potential
    return i * 2 + 1;
}
// EXPECT-ERROR: summary_name_macro.c:3:9: 'ckpt_register_this_unit' is a name that the code inserted at the end of this file defines (its summary, for ckpt-link); rename this macro
