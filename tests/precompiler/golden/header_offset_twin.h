/* Declared at the offset of the global in header_offset_twin.c.                                                                             */
int helper(void);
