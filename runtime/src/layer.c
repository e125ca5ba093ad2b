#include "layer.h"

#include "checkpoint.h"
#include "cleanup.h"
#include "log.h"
#include "output_forward.h"
#include "state.h"

const struct ckpt_layer *ckpt_active_layer;
uint32_t ckpt_rank = 0, ckpt_nranks = 1;
uint32_t ckpt_node_processes = 1;
int ckpt_node_leader = 1;

void ckpt_set_layer(const struct ckpt_layer *layer)
{
    ckpt_active_layer = layer;
    ckpt_set_point_hook(layer->point_due);
}

void ckpt_layer_set_rank(uint32_t rank, uint32_t nranks)
{
    ckpt_rank = rank;
    ckpt_nranks = nranks;
    ckpt_log_set_rank((int)rank);
    ckpt_output_forward_rank(rank);
}

void ckpt_layer_set_node_processes(uint32_t processes)
{
    ckpt_node_processes = processes > 0 ? processes : 1;
}

void ckpt_layer_set_node_leader(int leader)
{
    ckpt_node_leader = leader != 0;
}

void ckpt_layer_checkpoint_settled(uint64_t n, int committed)
{
    ckpt_checkpoint_settled(n, committed);
}

void ckpt_layer_job_ending(void)
{
    ckpt_cleanup_job_ending();
}
