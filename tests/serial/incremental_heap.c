/* incremental_heap: a 24 MiB table written once and read every step, a
 * 512 KiB working array rewritten every step, and a list of small blocks
 * allocated and freed as it goes, so that an incremental image holds the
 * working array and the list's pages, not the table. A potential checkpoint
 * at the top of each step; prints checksums that read all three.
 *
 *   incremental_heap [steps]     default: 600
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TABLE ((size_t)3 << 20) /* uint64_t: 24 MiB */
#define WORK ((size_t)64 << 10) /* uint64_t: 512 KiB */

struct node {
    struct node *next;
    uint64_t value[7];
};

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 600;
    uint64_t *table = malloc(TABLE * sizeof *table), *work = malloc(WORK * sizeof *work);
    if (!table || !work)
        return 1;
    for (size_t i = 0; i < TABLE; i++)
        table[i] = i * 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < WORK; i++)
        work[i] = i;
    struct node *list = NULL;
    uint64_t sum = 0;
    for (int s = 0; s < steps; s++) {
#pragma ckpt potential
        for (size_t i = 0; i < WORK; i++)
            work[i] = work[i] * 6364136223846793005ull + table[(work[i] >> 11) % TABLE];
        if (s % 3 != 2) { /* the list grows two steps in three, shrinks in the third */
            struct node *n = malloc(sizeof *n);
            if (!n)
                return 1;
            for (int k = 0; k < 7; k++)
                n->value[k] = work[(size_t)(s * 7 + k) % WORK];
            n->next = list;
            list = n;
        } else if (list) {
            struct node *gone = list;
            list = list->next;
            free(gone);
        }
        for (struct node *n = list; n; n = n->next)
            sum = sum * 31 + n->value[s % 7];
        sum += work[(size_t)s * 97 % WORK] ^ table[(size_t)s * 4099 % TABLE];
        if (s % 50 == 0)
            printf("step %d: %016llx\n", s, (unsigned long long)sum);
    }
    printf("sum %016llx\n", (unsigned long long)sum);
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    free(table);
    free(work);
    return 0;
}
