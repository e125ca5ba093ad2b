/* Unit test of the piggybacked header's wire form (coord.h): a header
 * encoded by a sender in epoch s reads back whole at a receiver in epoch
 * s-1, s or s+1 (the only differences the protocol allows), for every flag
 * and data size, across the wrap of the epoch's low bits on the wire and of
 * the 32-bit epoch itself. */
#include "coord.h"

#include "test_support.h"

struct cl_state cl; /* the receiver's epoch is all the decoding reads */

static void check_pair(uint32_t sender, uint32_t receiver, uint16_t flags, uint16_t nbytes)
{
    struct cl_header sent = {sender, flags, nbytes};
    cl.epoch = sender;
    struct cl_wire_header w = cl_header_encode(sent);
    cl.epoch = receiver;
    struct cl_header got = cl_header_decode(w);
    CHECK(got.epoch == sender && got.flags == flags && got.nbytes == nbytes,
          "sent epoch %u flags %u nbytes %u, read at epoch %u as epoch %u flags %u nbytes %u",
          sender, flags, nbytes, receiver, got.epoch, got.flags, got.nbytes);
}

int main(void)
{
    CHECK(CL_HEADER_BYTES == 2, "the wire header takes %d bytes", CL_HEADER_BYTES);
    const uint16_t flag_sets[] = {0, CL_LOGGING, CL_SPLIT, CL_LOGGING | CL_SPLIT};
    const uint16_t sizes[] = {0, 1, 8, 10, CL_COMBINE_LIMIT};
    /* around 0, the wrap of the bits on the wire (64, 128), and of uint32_t */
    const uint32_t starts[] = {0, 50, 120, 4000000000u, UINT32_MAX - 70};
    for (size_t a = 0; a < sizeof starts / sizeof *starts; a++)
        for (uint32_t k = 0; k < 140; k++) {
            uint32_t s = starts[a] + k;
            for (size_t f = 0; f < sizeof flag_sets / sizeof *flag_sets; f++)
                for (size_t n = 0; n < sizeof sizes / sizeof *sizes; n++) {
                    check_pair(s, s, flag_sets[f], sizes[n]);
                    check_pair(s, s + 1, flag_sets[f], sizes[n]); /* a late message */
                    if (s > 0)
                        check_pair(s, s - 1, flag_sets[f], sizes[n]); /* an early one */
                }
        }
    /* Further apart than the protocol allows, within the window (-32 to
     * +31), still reads right, so that the layer's own check names the gap. */
    check_pair(1000, 1000 - 31, 0, 8);
    check_pair(1000, 1000 + 32, 0, 8);
    return checks_summary("test_wire_header");
}
