#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vla_scopes.c"
/* Variable-length arrays in scope of checkpoints. Each declaration of
 * variably modified type whose scope holds a restore label runs again while
 * the stack is rebuilt: the entry table jumps to a label before the
 * outermost one, and a table after each goes on to the next or to the
 * site's label. Sizes come back as they were when declared (ckpt_dim_K,
 * saved with the frame), not from their expressions now: 'n++' is not
 * evaluated again. Initializers that are not constant are not evaluated
 * while restoring (the locals are restored after the declarations). */
#include <stdlib.h>

void work(double *row, int n);
int next(void);

/* 2-D, a size with a side effect, and nested scopes. */
int grid(int n, int m)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    __SIZE_TYPE__ ckpt_dim_2 = 0;
    __SIZE_TYPE__ ckpt_dim_3 = 0;
    __SIZE_TYPE__ ckpt_dim_4 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0xad475f49ae1fc75eull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(
                    CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_SIZE(ckpt_dim_3));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
                CKPT_RESTORE(ckpt_from, ckpt_dim_3);
            }
            goto ckpt_vla_1;
        case 3: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(
                    CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_SIZE(ckpt_dim_3) +
                    CKPT_SIZE(ckpt_dim_4));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
                CKPT_RESTORE(ckpt_from, ckpt_dim_3);
                CKPT_RESTORE(ckpt_from, ckpt_dim_4);
            }
            goto ckpt_vla_1;
        }
    }
#line 17 "vla_scopes.c"
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 17 "vla_scopes.c"
    double a[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))][ckpt_restoring ? ckpt_dim_2 : (ckpt_dim_2 = (m + 1))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_vla_2;
        case 3: goto ckpt_vla_2;
        }
    }
#line 18 "vla_scopes.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(m) + CKPT_SIZE(a));
        CKPT_CHECK_ADDRESS(ckpt_from, a, "'a' in grid()");
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, m);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 18 "vla_scopes.c"
    work(a[0], n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xad475f49ae1fc75eull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_ADDRESS_SIZE +
            CKPT_SIZE(n) + CKPT_SIZE(m) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, ckpt_dim_2);
        CKPT_SAVE_ADDRESS(ckpt_to, a);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, m);
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 18 "vla_scopes.c"
                                            /* chain: a */
    {
        ckpt_vla_2:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 20 "vla_scopes.c"
        int k = ckpt_restoring ? 0 : (n * 2), b[ckpt_restoring ? ckpt_dim_3 : (ckpt_dim_3 = (k++))][3];
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 2: goto ckpt_resume_2;
            case 3: goto ckpt_vla_3;
            }
        }
#line 21 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(m) +
                CKPT_SIZE(a) + CKPT_SIZE(k) + CKPT_SIZE(b));
            CKPT_CHECK_ADDRESS(ckpt_from, a, "'a' in grid()");
            CKPT_CHECK_ADDRESS(ckpt_from, b, "'b' in grid()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, m);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, k);
            CKPT_RESTORE(ckpt_from, b);
        }
#line 21 "vla_scopes.c"
        work(a[1], k);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xad475f49ae1fc75eull, 2,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_SIZE(ckpt_dim_3) +
                CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(m) +
                CKPT_SIZE(a) + CKPT_SIZE(k) + CKPT_SIZE(b));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, ckpt_dim_2);
            CKPT_SAVE(ckpt_to, ckpt_dim_3);
            CKPT_SAVE_ADDRESS(ckpt_to, a);
            CKPT_SAVE_ADDRESS(ckpt_to, b);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, m);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, k);
            CKPT_SAVE(ckpt_to, b);
            return (int){0};
        }
#line 21 "vla_scopes.c"
                                            /* chain: a, b */
        ckpt_vla_3:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 22 "vla_scopes.c"
        typedef double row_t[ckpt_restoring ? ckpt_dim_4 : (ckpt_dim_4 = (m))];
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 3: goto ckpt_vla_4;
            }
        }
#line 23 "vla_scopes.c"
        ckpt_vla_4:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 23 "vla_scopes.c"
        row_t r, *rp = ckpt_restoring ? 0 : (&r);
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 3: goto ckpt_resume_3;
            }
        }
#line 24 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) +
                CKPT_SIZE(m) + CKPT_SIZE(a) + CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(r) +
                CKPT_SIZE(rp));
            CKPT_CHECK_ADDRESS(ckpt_from, a, "'a' in grid()");
            CKPT_CHECK_ADDRESS(ckpt_from, b, "'b' in grid()");
            CKPT_CHECK_ADDRESS(ckpt_from, r, "'r' in grid()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, m);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, k);
            CKPT_RESTORE(ckpt_from, b);
            CKPT_RESTORE(ckpt_from, r);
            CKPT_RESTORE(ckpt_from, rp);
        }
#line 24 "vla_scopes.c"
        work(*rp, m);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xad475f49ae1fc75eull, 3,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_SIZE(ckpt_dim_3) +
                CKPT_SIZE(ckpt_dim_4) + CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE +
                CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(m) + CKPT_SIZE(a) +
                CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(r) + CKPT_SIZE(rp));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, ckpt_dim_2);
            CKPT_SAVE(ckpt_to, ckpt_dim_3);
            CKPT_SAVE(ckpt_to, ckpt_dim_4);
            CKPT_SAVE_ADDRESS(ckpt_to, a);
            CKPT_SAVE_ADDRESS(ckpt_to, b);
            CKPT_SAVE_ADDRESS(ckpt_to, r);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, m);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, k);
            CKPT_SAVE(ckpt_to, b);
            CKPT_SAVE(ckpt_to, r);
            CKPT_SAVE(ckpt_to, rp);
            return (int){0};
        }
#line 24 "vla_scopes.c"
                                            /* chain: a, b, row_t, r */
        k += next();
    }
    return m;
}

/* In a loop body: declared again at every iteration. Pointers to VLAs
 * initialized by malloc, and two declarators in one statement. */
void loop(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    __SIZE_TYPE__ ckpt_dim_2 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0xa410c2e84a66e3f0ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
            }
            goto ckpt_vla_1;
        }
    }
#line 34 "vla_scopes.c"
    for (int i = 1; i < n; i++) {
        ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 35 "vla_scopes.c"
        double v[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (i))], s = ckpt_restoring ? 0 : (0.5 * i);
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 1: goto ckpt_vla_2;
            case 2: goto ckpt_vla_2;
            }
        }
#line 36 "vla_scopes.c"
        ckpt_vla_2:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 36 "vla_scopes.c"
        double (*p)[ckpt_restoring ? ckpt_dim_2 : (ckpt_dim_2 = (i))] = ckpt_restoring ? 0 : (malloc(sizeof *p * n)), (*q)[2] = 0;
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 1: goto ckpt_resume_1;
            case 2: goto ckpt_resume_2;
            }
        }
#line 37 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(v) +
                CKPT_SIZE(s) + CKPT_SIZE(p) + CKPT_SIZE(q));
            CKPT_CHECK_ADDRESS(ckpt_from, v, "'v' in loop()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, v);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
        }
#line 37 "vla_scopes.c"
        work(v, i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa410c2e84a66e3f0ull, 1,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_ADDRESS_SIZE +
                CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(v) + CKPT_SIZE(s) + CKPT_SIZE(p) +
                CKPT_SIZE(q));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, ckpt_dim_2);
            CKPT_SAVE_ADDRESS(ckpt_to, v);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, v);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            return;
        }
#line 38 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(v) +
                CKPT_SIZE(s) + CKPT_SIZE(p) + CKPT_SIZE(q));
            CKPT_CHECK_ADDRESS(ckpt_from, v, "'v' in loop()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, v);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
        }
#line 38 "vla_scopes.c"
        work(p[0], (int)s);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa410c2e84a66e3f0ull, 2,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_ADDRESS_SIZE +
                CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(v) + CKPT_SIZE(s) + CKPT_SIZE(p) +
                CKPT_SIZE(q));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, ckpt_dim_2);
            CKPT_SAVE_ADDRESS(ckpt_to, v);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, v);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            return;
        }
#line 39 "vla_scopes.c"
        free(p);
        (void)q;
    }
}

/* A potential point in scope of one, recursion, and the user's own goto and
 * switch: their labels stay outside the arrays' scopes. */
int depth(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0x337534d77215c159ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        }
    }
#line 48 "vla_scopes.c"
    int total = 0;
again:
    switch (n) {
    case 0:
        return total;
    default: {
        ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 54 "vla_scopes.c"
        int w[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))];
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 1: goto ckpt_resume_1;
            case 2: goto ckpt_resume_2;
            }
        }
#line 55 "vla_scopes.c"
        w[0] = n;
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x337534d77215c159ull, 1,
                CKPT_SIZE(ckpt_dim_1) + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(total) +
                CKPT_SIZE(w));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE_ADDRESS(ckpt_to, w);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, w);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(w));
            CKPT_CHECK_ADDRESS(ckpt_from, w, "'w' in depth()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, w);
            ckpt_resume_finished();
        }
#line 57 "vla_scopes.c"
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(w));
            CKPT_CHECK_ADDRESS(ckpt_from, w, "'w' in depth()");
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, w);
        }
#line 57 "vla_scopes.c"
        int ckpt_result_2 = depth(n - 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x337534d77215c159ull, 2,
                CKPT_SIZE(ckpt_dim_1) + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(total) +
                CKPT_SIZE(w));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE_ADDRESS(ckpt_to, w);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, w);
            return (int){0};
        }
        total += ckpt_result_2;
        }
#line 58 "vla_scopes.c"
        total += w[0];
        break;
    }
    }
    if (total < 0)
        goto again;
    return total;
}

/* A pointer to rows whose size shadows another local: renamed in the
 * output, in the size as well; a cast to a pointer to rows in an
 * initializer. */
void shadow(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    __SIZE_TYPE__ ckpt_dim_2 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0xff4400dd54c5c54eull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
            }
            goto ckpt_vla_1;
        case 3: goto ckpt_resume_3;
        }
    }
#line 72 "vla_scopes.c"
    int m = n;
    {
        int m__ckpt1 = n + 1;
        ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 75 "vla_scopes.c"
        double (*rows)[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (m__ckpt1))] = 0;
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 1: goto ckpt_resume_1;
            case 2: goto ckpt_vla_2;
            }
        }
#line 76 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(m) + CKPT_SIZE(m__ckpt1) + CKPT_SIZE(rows));
            CKPT_RESTORE(ckpt_from, m);
            CKPT_RESTORE(ckpt_from, m__ckpt1);
            CKPT_RESTORE(ckpt_from, rows);
        }
#line 76 "vla_scopes.c"
        work(rows ? rows[0] : 0, m__ckpt1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xff4400dd54c5c54eull, 1,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(m) + CKPT_SIZE(m__ckpt1) +
                CKPT_SIZE(rows));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, m);
            CKPT_SAVE(ckpt_to, m__ckpt1);
            CKPT_SAVE(ckpt_to, rows);
            return;
        }
#line 77 "vla_scopes.c"
        ckpt_vla_2:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 77 "vla_scopes.c"
        double (*last)[ckpt_restoring ? ckpt_dim_2 : (ckpt_dim_2 = (m__ckpt1))] = ckpt_restoring ? 0 : ((double (*)[m__ckpt1])malloc(sizeof *last));
        if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
            switch (ckpt_label) {
            case 2: goto ckpt_resume_2;
            }
        }
#line 78 "vla_scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(m) + CKPT_SIZE(m__ckpt1) + CKPT_SIZE(last));
            CKPT_RESTORE(ckpt_from, m);
            CKPT_RESTORE(ckpt_from, m__ckpt1);
            CKPT_RESTORE(ckpt_from, last);
        }
#line 78 "vla_scopes.c"
        work(last[0], 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xff4400dd54c5c54eull, 2,
                CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_SIZE(m) +
                CKPT_SIZE(m__ckpt1) + CKPT_SIZE(last));
            CKPT_SAVE(ckpt_to, ckpt_dim_1);
            CKPT_SAVE(ckpt_to, ckpt_dim_2);
            CKPT_SAVE(ckpt_to, m);
            CKPT_SAVE(ckpt_to, m__ckpt1);
            CKPT_SAVE(ckpt_to, last);
            return;
        }
#line 79 "vla_scopes.c"
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(m));
        CKPT_RESTORE(ckpt_from, m);
    }
#line 80 "vla_scopes.c"
    work(0, m);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xff4400dd54c5c54eull, 3, CKPT_SIZE(m));
        CKPT_SAVE(ckpt_to, m);
        return;
    }
#line 81 "vla_scopes.c"
}
// REACHES: work
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vla_scopes.c\n"
    "R depth\n"
    "R grid\n"
    "R loop\n"
    "R shadow\n"
    "A next\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
