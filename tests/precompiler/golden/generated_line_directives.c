/* A generated source (bison, flex, ...) carries #line directives of its own
 * that point at the grammar. The #line directives that follow inserted code
 * must go back to those positions, not to this file's physical lines:
 * compiler errors and debuggers must keep pointing at model.y. */
void emit(int v);
#ifndef LINE_CHECK
enum { not_declared_in_action, not_declared_next_line };
#endif

int parse(int token)
{
    int value = token;
#line 40 "model.y"
    emit(value + not_declared_in_action);
    value += not_declared_next_line;
    return value;
}
// REACHES: emit
