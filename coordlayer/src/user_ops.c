/* User reductions see the program's datatype handles.
 *
 * MPI calls a user reduction with its own handle of the datatype; the program
 * knows only the virtual one (objects.h), and may compare them. So the
 * library gets a trampoline instead of the program's function: one of a fixed
 * set, each bound to a slot holding the program's function, which it calls
 * with the program's handle. */
#include "user_ops.h"

#include "handle_bits.h"
#include "objects.h"

#include <aalc/ckpt_layer_services.h>

#define USER_OPS 32

static MPI_User_function *functions[USER_OPS];
static unsigned char used[USER_OPS];

static void call_user(int slot, void *in, void *inout, int *len, MPI_Datatype *type)
{
    MPI_Datatype mine = CL_HANDLE(MPI_Datatype, cl_virtual_of(CL_BITS(*type), CL_OBJ_TYPE));
    functions[slot](in, inout, len, &mine);
}

#define TRAMPOLINE(i)                                                                    \
    static void trampoline_##i(void *in, void *inout, int *len, MPI_Datatype *type)      \
    {                                                                                    \
        call_user(i, in, inout, len, type);                                              \
    }
TRAMPOLINE(0) TRAMPOLINE(1) TRAMPOLINE(2) TRAMPOLINE(3) TRAMPOLINE(4) TRAMPOLINE(5)
TRAMPOLINE(6) TRAMPOLINE(7) TRAMPOLINE(8) TRAMPOLINE(9) TRAMPOLINE(10) TRAMPOLINE(11)
TRAMPOLINE(12) TRAMPOLINE(13) TRAMPOLINE(14) TRAMPOLINE(15) TRAMPOLINE(16) TRAMPOLINE(17)
TRAMPOLINE(18) TRAMPOLINE(19) TRAMPOLINE(20) TRAMPOLINE(21) TRAMPOLINE(22) TRAMPOLINE(23)
TRAMPOLINE(24) TRAMPOLINE(25) TRAMPOLINE(26) TRAMPOLINE(27) TRAMPOLINE(28) TRAMPOLINE(29)
TRAMPOLINE(30) TRAMPOLINE(31)

static MPI_User_function *const trampolines[USER_OPS] = {
    trampoline_0, trampoline_1, trampoline_2, trampoline_3, trampoline_4, trampoline_5,
    trampoline_6, trampoline_7, trampoline_8, trampoline_9, trampoline_10, trampoline_11,
    trampoline_12, trampoline_13, trampoline_14, trampoline_15, trampoline_16, trampoline_17,
    trampoline_18, trampoline_19, trampoline_20, trampoline_21, trampoline_22, trampoline_23,
    trampoline_24, trampoline_25, trampoline_26, trampoline_27, trampoline_28, trampoline_29,
    trampoline_30, trampoline_31};

int cl_user_op_slot(void)
{
    for (int i = 0; i < USER_OPS; i++)
        if (!used[i])
            return i;
    ckpt_fatal("MPI_Op_create: more than %d user reductions alive at once", USER_OPS);
}

MPI_User_function *cl_user_op_bind(int slot, MPI_User_function *function)
{
    if (slot < 0 || slot >= USER_OPS)
        ckpt_fatal("internal error: user reduction slot %d", slot);
    functions[slot] = function;
    used[slot] = 1;
    return trampolines[slot];
}

void cl_user_op_release(int slot)
{
    if (slot >= 0 && slot < USER_OPS)
        used[slot] = 0;
}
