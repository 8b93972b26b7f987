import math, statistics, sys
def wp(cp):
    cp = max(-1000, min(1000, cp))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)
def move_acc(before, after):
    if after >= before: return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))
def game(cps, first_white=True):
    wins = [wp(15)] + [wp(c) for c in cps]
    w = max(2, min(8, len(cps) // 10))
    windows = [wins[:w]] * (min(w, len(wins)) - 2) + [wins[k:k + w] for k in range(len(wins) - w + 1)]
    weights = [max(0.5, min(12, statistics.pstdev(x))) for x in windows]
    per = {True: [], False: []}
    for i in range(len(cps)):
        white = (i % 2 == 0) == first_white
        prev, nxt = wins[i], wins[i + 1]
        a = move_acc(prev, nxt) if white else move_acc(nxt, prev)
        per[white].append((a, weights[i]))
    out = []
    for side in (True, False):
        xs = per[side]
        if not xs: out.append(None); continue
        wm = sum(a * k for a, k in xs) / sum(k for a, k in xs)
        hm = len(xs) / sum(1 / max(1, a) for a, k in xs)
        out.append((wm + hm) / 2)
    return out
if __name__ == '__main__':
    cps = [int(x) for x in sys.argv[2:]]
    print(game(cps, sys.argv[1] == 'w'))
