/*
 * tree.c -- a binary search tree on the heap that grows, shrinks and is freed.
 *
 * Shows: a linked structure of heap blocks. Nodes are malloc'ed, their names
 * strdup'ed and later grown with realloc; every round some nodes are removed
 * and freed, and every few rounds the whole tree is thrown away. The
 * potential checkpoint sits inside the recursive in-order walk, so saved
 * frames hold pointers into the tree; those pointers stay valid after
 * recovery because the heap comes back at the same addresses.
 *
 * Usage: tree [rounds]   (default 160)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct node {
    unsigned key;
    long hits;    /* how often the key was inserted */
    char *name;   /* strdup'ed, grows by one letter per extra hit */
    struct node *left, *right;
} node;

static node *root;
static unsigned long long rng = 42;

static unsigned next_rand(void)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng >> 33);
}

static node *insert(node *t, unsigned key)
{
    if (!t) {
        char buf[32];
        snprintf(buf, sizeof buf, "k%u:", key);
        t = calloc(1, sizeof *t);
        t->key = key;
        t->hits = 1;
        t->name = strdup(buf);
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else if (key > t->key) {
        t->right = insert(t->right, key);
    } else {
        size_t len = strlen(t->name);
        t->name = realloc(t->name, len + 2);
        t->name[len] = (char)('a' + t->hits % 26);
        t->name[len + 1] = '\0';
        t->hits++;
    }
    return t;
}

static void free_node(node *t)
{
    free(t->name);
    free(t);
}

static node *remove_key(node *t, unsigned key)
{
    if (!t)
        return NULL;
    if (key < t->key) {
        t->left = remove_key(t->left, key);
    } else if (key > t->key) {
        t->right = remove_key(t->right, key);
    } else if (!t->left || !t->right) {
        node *child = t->left ? t->left : t->right;
        free_node(t);
        return child;
    } else {
        /* Two children: take over the successor's contents, give it our
         * name to free, and remove the successor from the right subtree. */
        node *s = t->right;
        while (s->left)
            s = s->left;
        char *name = t->name;
        t->key = s->key;
        t->hits = s->hits;
        t->name = s->name;
        s->name = name;
        t->right = remove_key(t->right, s->key);
    }
    return t;
}

static void free_tree(node *t)
{
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free_node(t);
}

/* In-order walk: folds every node into a hash. A checkpoint may be taken at
 * any node, with the walk's frames (and their node pointers) on the stack. */
static unsigned long long walk(const node *t, unsigned long long h)
{
    if (!t)
        return h;
    h = walk(t->left, h);
#pragma ckpt potential
    h = h * 1099511628211ULL + t->key * 31u + (unsigned long long)t->hits;
    h ^= (unsigned char)t->name[strlen(t->name) - 1];
    h = walk(t->right, h);
    return h;
}

static long count(const node *t)
{
    return t ? 1 + count(t->left) + count(t->right) : 0;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 160;
    unsigned long long checksum = 0;

    printf("tree: %d rounds\n", rounds);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 6000; i++)
            root = insert(root, next_rand() % 100000);
        for (int i = 0; i < 2000; i++)
            root = remove_key(root, next_rand() % 100000);

        unsigned long long h = walk(root, 0);
        checksum = checksum * 31 + h;
        printf("round %2d: %6ld nodes, hash %016llx\n", r, count(root), h);

        if (r % 16 == 15) { /* start over with an empty tree now and then */
            free_tree(root);
            root = NULL;
            printf("round %2d: tree freed\n", r);
        }
    }
    free_tree(root);
    printf("checksum %016llx\n", checksum);
    return 0;
}
