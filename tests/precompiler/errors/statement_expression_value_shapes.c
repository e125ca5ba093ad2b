/* The value of a statement expression given by a reaching call behind a
 * label, before a null statement, or in a comma: refused like the rest. */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int run(int t)
{
    int a = ({ t++; f(t) + 1;; });
    int b = ({ t++; L: f(t) + 1; });
    int c = ({ t++, f(t); });
    return a + b + c;
}
// EXPECT-ERROR: statement_expression_value_shapes.c:11:21: inside a statement expression
// EXPECT-ERROR: statement_expression_value_shapes.c:12:24: inside a statement expression
// EXPECT-ERROR: statement_expression_value_shapes.c:13:21: inside a statement expression
