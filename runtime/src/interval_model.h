/*
 * The checkpoint interval from the failure rate (CKPT_MTBF): Daly's
 * higher-order estimate of the optimum compute time between checkpoints,
 *
 *   T = sqrt(2 C M) [1 + (1/3) sqrt(C / 2M) + (1/9) (C / 2M)] - C   for C < 2M
 *   T = M                                                            otherwise
 *
 * (J. T. Daly, "A higher order estimate of the optimum checkpoint interval
 * for restart dumps", FGCS 22, 2006; its first term is Young's), with M the
 * mean time between failures and C the cost of one checkpoint: the time the
 * program stood still for it, as this process measures it. The cost is
 * learned as the run goes, an exponentially weighted mean of the measured
 * ones, so that an interval follows a state that grows.
 */
#ifndef AALC_INTERVAL_MODEL_H
#define AALC_INTERVAL_MODEL_H

/* Weight of the newest cost in the learned one. */
#define CKPT_COST_WEIGHT 0.5
/* The cost assumed before the first checkpoint has measured one (seconds). */
#define CKPT_COST_GUESS 1.0

double ckpt_daly_interval(double cost, double mtbf);
/* The learned cost after one more measurement; learned < 0: none yet. */
double ckpt_cost_learn(double learned, double measured);

#endif
