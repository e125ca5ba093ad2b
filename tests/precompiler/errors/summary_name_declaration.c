/* The unit's summary is inserted at the end of the file under fixed names: a
 * file-scope declaration with one of them is refused at its own line (the
 * compiler's error would point past the end of the file). A file with no
 * potential checkpoint gets the summary too. */
static int ckpt_unit_summary = 3;

int value(void)
{
    return ckpt_unit_summary;
}
// EXPECT-ERROR: summary_name_declaration.c:5:12: 'ckpt_unit_summary' is a name that the code inserted at the end of this file defines (its summary, for ckpt-link); rename this declaration
