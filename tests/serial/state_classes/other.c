#include "state.h"

void bump_elsewhere(void) { counter_elsewhere++; }
