/* The layer registered by ckpt_set_layer (aalc/ckpt_layer.h), if any. */
#ifndef AALC_LAYER_H
#define AALC_LAYER_H

#include <aalc/ckpt_layer.h>

extern const struct ckpt_layer *ckpt_active_layer;
extern uint32_t ckpt_rank, ckpt_nranks;
extern uint32_t ckpt_node_processes; /* ckpt_layer_set_node_processes; 1 without a layer */
extern int ckpt_node_leader;         /* ckpt_layer_set_node_leader; 1 without a layer */

#endif
