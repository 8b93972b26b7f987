#!/usr/bin/env python3
# elo_compare.py - compares pgnkit's `stats --elo --format csv` with a peer's
# ratings (Ordo's `-c` CSV: "#","PLAYER","RATING",...), player by player.
#   elo_compare.py PGNKIT_CSV ORDO_CSV
# Prints "players N, max |diff| X, mean |diff| Y, worst NAME (A vs B)"; both
# must be anchored the same way (the average at 0). Exit 1 when the players differ.
import csv
import sys


def read(path, name_col, rating_col):
    out = {}
    with open(path, newline="") as f:
        rows = csv.reader(f)
        next(rows, None)
        for row in rows:
            if not row or len(row) <= rating_col:
                break  # pgnkit's table of superiority follows an empty line
            out[row[name_col]] = float(row[rating_col])
    return out


ours = read(sys.argv[1], 1, 2)
peer = read(sys.argv[2], 1, 2)
if set(ours) != set(peer):
    print("players differ: only pgnkit %s, only the peer %s"
          % (sorted(set(ours) - set(peer))[:3], sorted(set(peer) - set(ours))[:3]))
    sys.exit(1)
diffs = sorted(((abs(ours[p] - peer[p]), p) for p in ours), reverse=True)
worst = diffs[0][1]
print("players %d, max |diff| %.2f, mean |diff| %.2f, worst %s (%.1f vs %.1f)"
      % (len(diffs), diffs[0][0], sum(d for d, _ in diffs) / len(diffs), worst,
         ours[worst], peer[worst]))
