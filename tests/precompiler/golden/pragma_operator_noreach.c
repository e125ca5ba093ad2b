/* _Pragma("ckpt noreach(...)") followed by a declaration on the same line:
 * the declaration must be kept. */
_Pragma("ckpt noreach(remote)") void remote(void);

void call_remote(void)
{
    remote();
}
