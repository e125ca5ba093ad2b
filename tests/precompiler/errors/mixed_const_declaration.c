/* One declaration declaring a const and a non-const variable (the pointer
 * is not const, the char is) shares one attribute: refused. */
const char *name = "x", separator = ',';
// EXPECT-ERROR: 3:13: this declaration mixes const and non-const variables; declare 'name' in a declaration of its own
