/* Matched probes: MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv.
 *
 * A matched probe hands the program a message that no other receive can
 * take. Here that message is taken out of MPI (or out of the late registry
 * when recovering) into the held list at once, marked with a number no
 * receive matches (held.c), and the program's MPI_Message is that number.
 * Held messages are saved with the image, so a message probed before a
 * checkpoint and received after it is there after a recovery. The probe
 * itself is the layer's MPI_Probe or MPI_Iprobe, logged and replayed as
 * they are. */
#include "coord.h"
#include "handle_bits.h"
#include "held.h"
#include "objects.h"
#include "piggyback.h"
#include "registries.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <stdint.h>

#define MESSAGE_BASE 0x5b000000

static MPI_Message handle_of(int id)
{
    return CL_HANDLE(MPI_Message, MESSAGE_BASE + id);
}

static int id_of(MPI_Message message, const char *call)
{
    int id = (int)(CL_BITS(message) - MESSAGE_BASE);
    if (CL_BITS(message) < MESSAGE_BASE || id <= 0 || id >= CL_MATCHED_LIMIT)
        ckpt_fatal("%s: invalid message handle %#lx", call, (unsigned long)CL_BITS(message));
    return id;
}

/* The message a probe on comm found from `source` with `tag` (no
 * wildcards: the probe's status), set apart for the program. */
static int set_apart(int comm, int source, int tag)
{
    int chan = cl_chan(comm);
    int id = cl_held_match(chan, source, tag);
    if (id)
        return id;
    void *bytes;
    int src, tg, nbytes;
    if (cl.replaying && cl_late_take(chan, source, tag, &src, &tg, &bytes, &nbytes))
        cl_held_add(chan, src, tg, bytes, nbytes);
    else
        cl_hold_through(comm, source, tag);
    return cl_held_match(chan, source, tag);
}

static void no_proc(MPI_Message *message, MPI_Status *status)
{
    MPI_Status st;
    cl_status_set(&st, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    cl_status_give(status, &st);
    *message = MPI_MESSAGE_NO_PROC;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    if (source == MPI_PROC_NULL) {
        no_proc(message, status);
        return MPI_SUCCESS;
    }
    MPI_Status st;
    int rc = MPI_Probe(source, tag, comm, &st);
    if (rc != MPI_SUCCESS)
        return rc;
    *message = handle_of(set_apart(cl_comm_index(comm), st.MPI_SOURCE, st.MPI_TAG));
    cl_status_give(status, &st);
    return MPI_SUCCESS;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                MPI_Status *status)
{
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        no_proc(message, status);
        return MPI_SUCCESS;
    }
    MPI_Status st;
    int rc = MPI_Iprobe(source, tag, comm, flag, &st);
    if (rc != MPI_SUCCESS || !*flag)
        return rc;
    *message = handle_of(set_apart(cl_comm_index(comm), st.MPI_SOURCE, st.MPI_TAG));
    cl_status_give(status, &st);
    return MPI_SUCCESS;
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message,
              MPI_Status *status)
{
    MPI_Status st;
    if (*message == MPI_MESSAGE_NO_PROC) {
        cl_status_set(&st, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    } else {
        void *bytes;
        int src, tag, nbytes;
        if (!cl_held_take_matched(id_of(*message, "MPI_Mrecv"), &src, &tag, &bytes, &nbytes))
            ckpt_fatal("MPI_Mrecv: message handle %#lx was received already",
                       (unsigned long)CL_BITS(*message));
        cl_check_fits(src, tag, nbytes, count, type); /* stops the program, as MPI would */
        cl_data_unbytes(bytes, nbytes, buf, count, type);
        ckpt_untracked_free(bytes);
        cl_status_set(&st, src, tag, nbytes);
    }
    cl_status_give(status, &st);
    *message = MPI_MESSAGE_NULL;
    return MPI_SUCCESS;
}

/* The message is here already: received at once, the request done. */
int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message,
               MPI_Request *request)
{
    MPI_Status st;
    int rc = MPI_Mrecv(buf, count, type, message, &st);
    *request = rc == MPI_SUCCESS ? cl_request_done(&st) : MPI_REQUEST_NULL;
    return rc;
}
