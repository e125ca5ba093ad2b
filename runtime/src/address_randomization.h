/* Shared libraries at the same addresses in every run. The executable (no
 * PIE), the checkpoint heap and the program's stack are at fixed addresses
 * anyway; the C library and the other shared libraries are where the
 * kernel's address-space randomization puts them, which differs from run to
 * run. A program keeps pointers into them without knowing it: a saved copy
 * of stdout, the function table in a FILE, a handler from a library. So
 * every program starts by running itself again (execve of the same
 * executable, arguments and environment) with randomization turned off for
 * its process (personality ADDR_NO_RANDOMIZE, as `setarch -R` does): with
 * the same libraries and the same stack limit, they load where they loaded
 * in the run that took the checkpoint.
 *
 * CKPT_ASLR=1 keeps randomization (a recovery then moves what it can: the
 * streams it restores; files.c); it is kept also where the system refuses
 * the change, and under valgrind. */
#ifndef AALC_ADDRESS_RANDOMIZATION_H
#define AALC_ADDRESS_RANDOMIZATION_H

/* Call first thing in main, with main's own arguments: returns only once
 * randomization is off (or cannot or should not be turned off). */
void ckpt_address_randomization_off(char **argv);
/* Is randomization off in this process? */
int ckpt_address_randomization_is_off(void);

#endif
