# test_memory.py - reading does not leak: 100,000 reads of a small game keep the memory flat.
# SPDX-License-Identifier: MIT
import gc
import sys

import pgnkit

GAME = (b'[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        b"1. e4 {[%clk 0:01:00] [%eval 0.3]} e5 $1 (1... c5 {Sicilian}) 2. Bc4 Nc6 3. Qh5 Nf6 "
        b"4. Qxf7# 1-0\n")


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def touch_everything(data):
    for g in pgnkit.read(data):
        g.fens()
        _ = (g.tags, g.moves, g.uci, g.clocks, g.evals, g.mates, g.comments, g.nags,
             g.variations, g.diagnostics, g.errors, g.source, g.raw, repr(g))


def test_100000_reads_keep_rss_flat():
    data = GAME
    for _ in range(10_000):  # warm up: allocator pools and caches reach their size
        touch_everything(data)
    gc.collect()
    before = rss_kb()
    refs_before = sys.getrefcount(data)
    for _ in range(100_000):
        touch_everything(data)
    gc.collect()
    grown = rss_kb() - before
    # A leak of even 40 bytes a read would be 4 MB here.
    assert grown < 2048, f"RSS grew by {grown} kB over 100,000 reads"
    assert sys.getrefcount(data) == refs_before


def test_errors_and_positions_do_not_leak():
    for _ in range(2_000):
        try:
            pgnkit.Position("not a fen")
        except pgnkit.FenError:
            pass
    gc.collect()
    before = rss_kb()
    for _ in range(50_000):
        try:
            pgnkit.Position("not a fen")
        except pgnkit.FenError:
            pass
        p = pgnkit.Position()
        p.push("e4")
        try:
            p.push("Ke3")
        except pgnkit.MoveError:
            pass
        p.legal_moves(format="san")
        p.copy().fen()
    gc.collect()
    assert rss_kb() - before < 2048
