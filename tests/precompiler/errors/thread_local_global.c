/* Thread-local variables cannot be checkpointed (only the main thread's
 * state is saved), at file scope or as static locals. */
_Thread_local int per_thread;
static __thread int counter;

int bump(void)
{
    static _Thread_local int calls;
    return ++calls + ++counter + per_thread;
}
// EXPECT-ERROR: 3:19: thread-local variable 'per_thread' cannot be checkpointed
// EXPECT-ERROR: 4:21: thread-local variable 'counter' cannot be checkpointed
// EXPECT-ERROR: 8:30: thread-local variable 'calls' cannot be checkpointed
