/* Calls through function pointers may reach a checkpoint (the callee is not
 * known), so at statement level they are instrumented like direct calls: a
 * local pointer, an explicit dereference, a table at file scope, a pointer
 * parameter, a struct member. on_idle() is only ever called through a
 * pointer and reaches no point: left alone. A function whose only site is an
 * indirect call (through_param) is instrumented, with no summary edge. */
typedef void (*handler_t)(int);

static void on_tick(int n)
{
#pragma ckpt potential
    (void)n;
}

static void on_idle(int n)
{
    (void)n;
}

static handler_t handlers[2] = {on_tick, on_idle};
static const handler_t fixed_handlers[1] = {on_idle};

struct device {
    int id;
    handler_t callback;
};

void dispatch(int which, int n)
{
    handler_t h = handlers[which];
    h(n);
    (*h)(n);
    handlers[which](n);
    fixed_handlers[0](n);
}

void through_param(void (*fp)(int), int n)
{
    fp(n);
}

int through_struct(struct device *dev)
{
    dev->callback(dev->id);
    return dev->id;
}
