#include "interval_model.h"

#include <math.h>

double ckpt_daly_interval(double cost, double mtbf)
{
    if (cost >= 2 * mtbf)
        return mtbf;
    double r = cost / (2 * mtbf);
    double t = sqrt(2 * cost * mtbf) * (1 + sqrt(r) / 3 + r / 9) - cost;
    return t > 0 ? t : 0;
}

double ckpt_cost_learn(double learned, double measured)
{
    if (learned < 0)
        return measured;
    return CKPT_COST_WEIGHT * measured + (1 - CKPT_COST_WEIGHT) * learned;
}
