"""Fits the gomoku evaluation's weights (server/.../bot/gomoku-eval.txt) to judged positions.

Usage: python3 fit.py features.csv [l2] [share] > gomoku-eval.txt   (numpy and scipy)

features.csv comes from the bench's `evalfeatures` command: per position the judge's value for
the side to move, then for the side to move and the other side the count of cells with each of the
495 sets of four line codes, then the threat bits and whether X is to move. The model is a logistic
regression of the judge's win chance, sigmoid(value / 200), on those counts, with an L2 penalty on
the standardised weights; 10% of the positions are held out to report the fit. Weights are printed
in the search's units: one logit is worth UNITS, the scale of the hand-made evaluation the search's
margins were tuned with. Whether X is to move is fitted, so the other weights do not absorb it,
but left out of the engine: a term that flips with every ply would only add noise to the search.
With a share below 1, the weights printed are that share of the fitted ones plus the rest of the
hand-set evaluation they replaced (HAND_SET): each line code worth a fixed value, 1.2 times as much
to the side to move, and fixed threat terms.
"""
import sys

import numpy as np
from scipy.optimize import minimize

JUDGE_SCALE = 200.0
UNITS = 469.60747551803564
# The hand-set evaluation: a value per line code, and the threat terms in THREATS order.
HAND_SET_CODE = [0, 1, 4, 12, 16, 48, 56, 200, 600]
HAND_SET_THREATS = [120, -150, -300, 500, 1500, 800 / 3, 800, -200, -400]
THREATS = ['myFour', 'threeToAnswerWithFour', 'threeToAnswer', 'fourThreeAgainstFours', 'fourThree',
           'doubleThreeAgainstFours', 'doubleThree', 'theirCombo', 'theirCombos']


def code_sets():
    return [(a, b, c, d) for a in range(9) for b in range(9) for c in range(9) for d in range(9)
            if a >= b >= c >= d]


def main():
    lam = float(sys.argv[2]) if len(sys.argv) > 2 else 1e-4
    share = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
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
    fitted = dict(zip(names, raw * UNITS))
    fitted['tempo'] = intercept * UNITS
    # The fitted weights are rounded to hundredths before the blend, as they print with share 1.
    weights = {name: share * round(w, 2) for name, w, count in zip(names, raw * UNITS, seen)
               if count > 0 and name != 'xToMove'}
    weights['tempo'] = share * round(fitted['tempo'], 2)
    for name, w in hand_set().items():
        weights[name] = weights.get(name, 0.0) + (1 - share) * w
    print('# fitted by bench/evalfit/fit.py on %d positions (l2 %g, share %g): held-out '
          'cross-entropy %.4f, the judge\'s own %.4f' % (len(value), lam, share,
                                                       cross_entropy(p, target[held]),
                                                       cross_entropy(target[held], target[held])))
    print('# weights in the search\'s units (%.1f a logit); cells not listed are worth 0' % UNITS)
    print('# xToMove %.2f (fitted, not used)' % fitted['xToMove'])
    for name in names[:-1 - len(THREATS)]:
        if abs(weights.get(name, 0.0)) >= 0.005:
            print('%s %.3f' % (name, weights[name]))
    for name in THREATS + ['tempo']:
        print('%s %.3f' % (name, weights.get(name, 0.0)))


def hand_set():
    weights = {}
    for s in code_sets():
        v = sum(HAND_SET_CODE[c] for c in s)
        weights['mover.cell.%d.%d.%d.%d' % s] = 1.2 * v
        weights['waiter.cell.%d.%d.%d.%d' % s] = -v
    weights.update(zip(THREATS, HAND_SET_THREATS))
    return weights


def cross_entropy(p, t):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))


if __name__ == '__main__':
    main()
