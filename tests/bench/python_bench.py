# python_bench.py - the Python module's figures for make bench (tests/bench/run.sh runs it).
# SPDX-License-Identifier: MIT
#
#   python3 tests/bench/python_bench.py FILE PGNKIT
# Prints, as ratios measured in one run: reading tags and UCI main lines
# from Python against `pgnkit convert --format uci` at -j 1 and -j 2 (CPU
# and wall time, best of BENCH_RUNS), parse_movetext's games per second,
# the peak memory of a full read at -j 2, python-chess when PYTHON_CHESS
# names a copy of its source (it is not a Debian package) on the first
# 10,000 games at -j 1, and Dask: stats on a LocalCluster of 2 worker
# processes over the file cut into 8 shards against one `pgnkit stats` run.
import gzip
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
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
    python_chess(path, games)
    dask_stats(path, cli)


def first_games(path, limit):
    """The first limit games of path, read by pgnkit -j 1: tags and the main line in UCI."""
    n = 0
    for g in pgnkit.read(path):
        g.tags, g.uci
        n += 1
        if n == limit:
            break
    return n


def python_chess(path, games):
    chess_dir = os.environ.get("PYTHON_CHESS")
    if not chess_dir:
        print("== python-chess: left out (PYTHON_CHESS=DIR names a copy of its source)")
        return
    sys.path.insert(0, chess_dir)
    import chess.pgn  # noqa: E402

    def read(limit):
        opener = gzip.open if path.endswith(".gz") else open
        n = 0
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            while n < limit:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                game.headers, [m.uci() for m in game.mainline_moves()]
                n += 1
        return n

    limit = min(games, 10000)  # python-chess is slow: the first games only
    # One run of python-chess: at about 1 ms a game, a second run says nothing more.
    t0 = time.perf_counter()
    theirs = read(limit)
    wall = time.perf_counter() - t0
    ours, _ = best(lambda: first_games(path, limit))
    print(f"== python-chess {chess.__version__}, first {theirs} games, tags and UCI main line,"
          f" -j 1: {wall:.2f} s, pgnkit {ours:.3f} s: {wall / ours:.0f}x faster")


def dask_stats(path, cli):
    try:
        import distributed

        import pgnkit.dask
    except ImportError:
        print("== Dask: left out (Debian python3-dask and python3-distributed are not installed)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "bench.pgn")  # shards are byte ranges of a plain file
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as src, open(plain, "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        with distributed.Client(cluster) as client:
            got = pgnkit.dask.stats(client, plain, pieces=8)  # warm: workers import pgnkit
            dask_wall, _ = best(lambda: pgnkit.dask.stats(client, plain, pieces=8))
            shards = len(pgnkit.dask.shards(plain, pieces=8))
        cluster.close()
        one = {}
        for j in (1, 2):
            args = [cli, "stats", "--format", "json", "-j", str(j), plain]
            one[j], _ = best(lambda: subprocess.run(args, stdout=subprocess.DEVNULL))
        want = json.loads(subprocess.run(args, stdout=subprocess.PIPE).stdout)
    print(f"== Dask LocalCluster, 2 worker processes: stats over {shards} shards {dask_wall:.2f} s"
          f" (the cut included); pgnkit stats -j 1 {one[1]:.2f} s, -j 2 {one[2]:.2f} s:"
          f" ratio {dask_wall / one[1]:.2f}x and {dask_wall / one[2]:.2f}x;"
          f" the same JSON: {'yes' if got == want else 'NO'}")


if __name__ == "__main__":
    main()
