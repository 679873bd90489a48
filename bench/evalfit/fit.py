"""Fits the gomoku evaluation's weights (server/.../bot/gomoku-eval.txt) to judged positions.

Usage: python3 fit.py features.csv [l2] > gomoku-eval.txt   (numpy and scipy)

features.csv comes from the server's `evalfeatures` command: per position the judge's value for
the side to move, then for the side to move and the other side the count of cells with each of the
495 sets of four line codes, then the threat bits and whether X is to move. The model is a logistic
regression of the judge's win chance, sigmoid(value / 200), on those counts, with an L2 penalty on
the standardised weights; 10% of the positions are held out to report the fit. Weights are printed
in the search's units: one logit is worth UNITS, the scale of the hand-made evaluation the search's
margins were tuned with. Whether X is to move is fitted, so the other weights do not absorb it,
but left out of the engine: a term that flips with every ply would only add noise to the search.
"""
import sys

import numpy as np
from scipy.optimize import minimize

JUDGE_SCALE = 200.0
UNITS = 469.60747551803564
THREATS = ['myFour', 'threeToAnswerWithFour', 'threeToAnswer', 'fourThreeAgainstFours', 'fourThree',
           'doubleThreeAgainstFours', 'doubleThree', 'theirCombo', 'theirCombos']


def code_sets():
    return [(a, b, c, d) for a in range(9) for b in range(9) for c in range(9) for d in range(9)
            if a >= b >= c >= d]


def main():
    lam = float(sys.argv[2]) if len(sys.argv) > 2 else 1e-4
    data = np.loadtxt(sys.argv[1], delimiter=',', dtype=np.float32)
    value = data[:, 0].astype(np.float64)
    sets = code_sets()
    names, cols = [], []
    for role_index, role in enumerate(('mover', 'waiter')):
        for j, s in enumerate(sets):
            if s != (0, 0, 0, 0):  # the empty set is implied by the others and the intercept
                names.append('%s.cell.%d.%d.%d.%d' % ((role,) + s))
                cols.append(1 + role_index * len(sets) + j)
    names += THREATS + ['xToMove']
    cols += list(range(1 + 2 * len(sets), 1 + 2 * len(sets) + len(THREATS) + 1))
    x = data[:, cols]
    seen = (x != 0).sum(0)
    target = 1 / (1 + np.exp(-value / JUDGE_SCALE))
    order = np.random.default_rng(1).permutation(len(value))
    held, train = order[:len(value) // 10], order[len(value) // 10:]
    mean = x[train].mean(0)
    sd = x[train].std(0) + 1e-3
    z = np.hstack([((x - mean) / sd).astype(np.float64), np.ones((len(value), 1))])
    zt, tt = z[train], target[train]

    def loss(w):
        p = 1 / (1 + np.exp(-np.clip(zt @ w, -30, 30)))
        return (cross_entropy(p, tt) + lam * np.sum(w[:-1] ** 2),
                zt.T @ (p - tt) / len(tt) + 2 * lam * np.r_[w[:-1], 0])

    w = minimize(loss, np.zeros(z.shape[1]), jac=True, method='L-BFGS-B',
                 options={'maxiter': 3000}).x
    p = 1 / (1 + np.exp(-np.clip(z[held] @ w, -30, 30)))
    raw = w[:-1] / sd
    intercept = w[-1] - np.sum(w[:-1] * mean / sd)
    print('# fitted by bench/evalfit/fit.py on %d positions (l2 %g): held-out cross-entropy %.4f, '
          'the judge\'s own %.4f' % (len(value), lam, cross_entropy(p, target[held]),
                                     cross_entropy(target[held], target[held])))
    print('# weights in the search\'s units (%.1f a logit); cells not listed are worth 0' % UNITS)
    for name, weight, count in zip(names, raw * UNITS, seen):
        if name == 'xToMove':
            print('# xToMove %.2f (fitted, not used)' % weight)
        elif count > 0 and abs(weight) >= 0.005:
            print('%s %.2f' % (name, weight))
    print('tempo %.2f' % (intercept * UNITS))


def cross_entropy(p, t):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))


if __name__ == '__main__':
    main()
