# accuracy_oracle.py - lichess's game accuracy, written from the description of
# lila's AccuracyPercent.gameAccuracy one list at a time, apart from pgnkit's
# C code (lib/query/game_accuracy.c), to check it:
#   python3 accuracy_oracle.py w|b CP...   both sides' accuracies of a game
#                                          whose first mover is w or b
#   python3 accuracy_oracle.py players PGN  "name,accuracy,trouble,trouble%"
#                                          lines as stats --players writes them
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


# The per-player columns of `pgnkit stats --players --format csv` (accuracy,
# trouble, trouble%) worked out from the PGN text alone: the [%eval] and
# [%clk] comments in order, games starting from the initial position, a mate
# as +-1000, a time-trouble move one made with under 10 s left that lost 30
# win percentage points or more against the evaluation before it.
def players(path):
    import re
    text = open(path).read()
    games = re.split(r'\n(?=\[Event )', text)
    acc, clocked, trouble = {}, {}, {}
    for g in games:
        white = re.search(r'\[White "([^"]*)"\]', g).group(1)
        black = re.search(r'\[Black "([^"]*)"\]', g).group(1)
        movetext = g[g.index('\n\n'):]
        plies = re.findall(r'\{([^}]*)\}', movetext)
        cps, clocks = [], []
        for c in plies:
            e = re.search(r'\[%eval (#?)(-?[0-9.]+)\]', c)
            if not e:
                break
            v = float(e.group(2))
            cps.append((1000 if v > 0 else -1000) if e.group(1) else round(v * 100))
            k = re.search(r'\[%clk (\d+):(\d+):(\d+)\]', c)
            clocks.append(int(k.group(1)) * 3600 + int(k.group(2)) * 60 + int(k.group(3)) if k else None)
        names = (white, black)
        for side, a in enumerate(game(cps)):
            if a is not None:
                acc.setdefault(names[side], []).append(round(a * 100) / 100)
        for i in range(1, len(cps)):
            side = i % 2
            if clocks[i] is None:
                continue
            clocked.setdefault(names[side], set()).add(g)
            before, after = wp(cps[i - 1]), wp(cps[i])
            loss = (before - after) if side == 0 else (after - before)
            if loss >= 30 and clocks[i] < 10:
                trouble.setdefault(names[side], set()).add(g)
    out = {}
    for name in set(acc) | set(clocked):
        a = '%.1f' % (sum(acc[name]) / len(acc[name])) if name in acc else ''
        n = len(clocked.get(name, ()))
        t = len(trouble.get(name, ()))
        out[name] = (a, str(t) if n else '', '%.1f' % (100 * t / n) if n else '')
    return out


if __name__ == '__main__':
    if sys.argv[1] == 'players':
        for name, cells in sorted(players(sys.argv[2]).items()):
            print(','.join((name,) + cells))
    else:
        print(game([int(x) for x in sys.argv[2:]], sys.argv[1] == 'w'))
