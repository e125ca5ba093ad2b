/* Where the runtime puts the memory that must be at the same address in
 * every run: the checkpoint heap and the program's stack.
 *
 * AddressSanitizer keeps its shadow memory at fixed addresses on x86-64
 * (up to 0x10007fff7fff), where the usual addresses fall; under it (the
 * AALC_SANITIZE build, the fuzz target) both move above the shadow. An
 * image written by one kind of build is refused by the other anyway: they
 * are different executables (exe_identity.h). */
#ifndef AALC_FIXED_ADDRESSES_H
#define AALC_FIXED_ADDRESSES_H

#include <stdint.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) /* clang before 15 */
#define CKPT_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(CKPT_UNDER_ASAN)
#define CKPT_HEAP_BASE_ADDRESS ((uintptr_t)0x200000000000ULL)
#define CKPT_STACK_TOP_ADDRESS ((uintptr_t)0x1f0000000000ULL)
#else
#define CKPT_HEAP_BASE_ADDRESS ((uintptr_t)0x100000000000ULL)
#define CKPT_STACK_TOP_ADDRESS ((uintptr_t)0x0f0000000000ULL)
#endif

#endif
