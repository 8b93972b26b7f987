# python_bench.py - the Python module's figures for make bench (tests/bench/run.sh runs it).
# SPDX-License-Identifier: MIT
#
#   python3 tests/bench/python_bench.py FILE PGNKIT
# Prints, as ratios measured in one run: reading tags and UCI main lines
# from Python against `pgnkit convert --format uci` at -j 1 and -j 2 (CPU
# and wall time, best of BENCH_RUNS), parse_movetext's games per second,
# the peak memory of a full read at -j 2, and python-chess when
# PYTHON_CHESS names a copy of its source (it is not a Debian package).
import os
import re
import resource
import subprocess
import sys
import time

import pgnkit

RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def best(fn):
    """Best (wall, cpu) seconds of RUNS calls of fn; cpu counts this process and its children."""
    results = []
    for _ in range(RUNS):
        t0, c0 = time.perf_counter(), os.times()
        fn()
        c1 = os.times()
        cpu = (c1.user - c0.user) + (c1.system - c0.system) + \
              (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        results.append((time.perf_counter() - t0, cpu))
    return min(r[0] for r in results), min(r[1] for r in results)


def read_tags_uci(path, threads):
    n = 0
    for g in pgnkit.read(path, threads=threads):
        g.tags, g.uci
        n += 1
    return n


def main():
    path, cli = sys.argv[1], sys.argv[2]
    games = read_tags_uci(path, 1)
    print(f"== Python: tags and UCI main lines of {games} games, against pgnkit convert --format uci")
    for j in (1, 2):
        py = best(lambda: read_tags_uci(path, j))
        c = best(lambda: subprocess.run([cli, "convert", "--format", "uci", "-j", str(j), path],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        print(f"   -j {j}: python {py[0]:.2f} s wall, {py[1]:.2f} s CPU; convert {c[0]:.2f} s wall,"
              f" {c[1]:.2f} s CPU; ratio {py[0] / c[0]:.2f}x wall, {py[1] / c[1]:.2f}x CPU")
    texts = []
    for g in pgnkit.read(path):
        if g.raw:
            texts.append(re.sub(rb"\A(?:\s*\[[^\]\n]*\]\s*\n)*", b"", g.raw))
    for j in (1, 2):
        wall, _ = best(lambda: pgnkit.parse_movetext(texts, threads=j))
        print(f"== parse_movetext -j {j}: {len(texts) / wall:,.0f} games/s ({len(texts)} strings)")
    read_tags_uci(path, 2)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"== peak RSS after full reads at -j 2 (and the movetext list above): {peak} KB")
    chess_dir = os.environ.get("PYTHON_CHESS")
    if not chess_dir:
        print("== python-chess: left out (PYTHON_CHESS=DIR names a copy of its source)")
        return
    sys.path.insert(0, chess_dir)
    import chess.pgn  # noqa: E402
    import gzip  # noqa: E402
    import io  # noqa: E402

    def python_chess(limit):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            for _ in range(limit):
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                [m.uci() for m in game.mainline_moves()]

    limit = min(games, 5000)  # python-chess is slow: a slice, scaled
    wall, _ = best(lambda: python_chess(limit))
    ours, _ = best(lambda: [g.uci for _, g in zip(range(limit), pgnkit.read(path))])
    print(f"== python-chess, first {limit} games: {wall:.2f} s, pgnkit {ours:.2f} s: {wall / ours:.0f}x faster")
    del io


if __name__ == "__main__":
    main()
