/* A derived datatype's constructor and arguments (MPI_Type_get_envelope and
 * _contents), for the walks over type maps (typemap_prefix.c, byte_view.c). */
#include "type_contents.h"

#include <aalc/ckpt_layer_services.h>

int cl_type_contents_get(MPI_Datatype t, struct cl_type_contents *c)
{
    int ni, na, nd;
    PMPI_Type_get_envelope(t, &ni, &na, &nd, &c->combiner);
    c->ntypes = nd;
    if (c->combiner == MPI_COMBINER_NAMED)
        return 0;
    c->ints = ckpt_untracked_malloc(sizeof(int) * (size_t)(ni + 1));
    c->aints = ckpt_untracked_malloc(sizeof(MPI_Aint) * (size_t)(na + 1));
    c->types = ckpt_untracked_malloc(sizeof(MPI_Datatype) * (size_t)(nd + 1));
    PMPI_Type_get_contents(t, ni, na, nd, c->ints, c->aints, c->types);
    return 1;
}

void cl_type_contents_free(struct cl_type_contents *c)
{
    /* The library's handles that get_contents made for us. */
    for (int i = 0; i < c->ntypes; i++) {
        int e1, e2, e3, combiner;
        PMPI_Type_get_envelope(c->types[i], &e1, &e2, &e3, &combiner);
        if (combiner != MPI_COMBINER_NAMED)
            PMPI_Type_free(&c->types[i]);
    }
    ckpt_untracked_free(c->ints);
    ckpt_untracked_free(c->aints);
    ckpt_untracked_free(c->types);
}

MPI_Datatype cl_type_contents_of(MPI_Datatype t, int k)
{
    struct cl_type_contents c;
    if (!cl_type_contents_get(t, &c) || k < 0 || k >= c.ntypes) {
        if (c.combiner != MPI_COMBINER_NAMED)
            cl_type_contents_free(&c);
        return MPI_DATATYPE_NULL;
    }
    MPI_Datatype out = c.types[k];
    c.types[k] = MPI_INT; /* kept: not let go with the others */
    cl_type_contents_free(&c);
    return out;
}
