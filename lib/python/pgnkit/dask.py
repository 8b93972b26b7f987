# pgnkit.dask - search, stats and validate on a Dask cluster, merged into what one run gives.
# SPDX-License-Identifier: MIT
"""Run pgnkit on a Dask cluster: files, or byte ranges of one big file, on the workers.

    from distributed import Client
    import pgnkit.dask
    client = Client("tcp://HOST:8786")            # or Client(LocalCluster(...))
    s = pgnkit.dask.stats(client, ["a.pgn", "b.pgn.gz"], pieces=8, report="openings")
    games = pgnkit.dask.search(client, "big.pgn", pieces=8, where="checkmate")
    report = pgnkit.dask.validate(client, "big.pgn", pieces=8)

Each input becomes one or more shards (shards()): a file whole, or a plain
PGN file cut at game boundaries into up to `pieces` byte ranges (the cut
reads the file once without replaying, on the caller; the workers replay).
Each shard is one task; the answers are merged on the caller: stats exactly
(the dict of one pgnkit.stats() run over every input), search and validate
in input order. Every worker reads the inputs at the same path: a shared
file system, or the same copy on each machine.

A real cluster: `dask scheduler` on one machine (it listens on port 8786),
`dask worker tcp://HOST:8786` on each machine that computes (with the pgnkit
module importable there), then Client("tcp://HOST:8786") here. The
functions need only the distributed package's Client (anything with map and
gather), so this module imports no Dask itself.
"""
from collections import namedtuple
import os

import pgnkit

__all__ = ["Shard", "shards", "stats", "search", "validate"]

Shard = namedtuple("Shard", "path start end line number")
Shard.__doc__ = """A piece of an input read apart: path's bytes [start, end) (end None: to
its end), whose first game is at line `line` and has number `number` in the
whole file. Shard(path, 0, None, 1, 1) is the whole file, in any form."""

# How the inputs pgnkit reads that are not plain PGN text begin: their byte
# offsets are not the file's, so they are read whole, one shard each.
_NOT_PLAIN = (
    b"\x1f\x8b",              # gzip
    b"\x28\xb5\x2f\xfd",      # zstd
    b"BZh",                   # bzip2
    b"\xfd7zXZ\x00",          # xz
    b"PK\x03\x04",            # zip
    b"7z\xbc\xaf\x27\x1c",    # 7z
    b"\xff\xfe", b"\xfe\xff", # UTF-16 byte order marks
)


def _plain(path):
    """True when path is a regular file of plain PGN text, whose offsets are its bytes'."""
    try:
        with open(path, "rb") as f:
            head = f.read(512)
    except OSError:
        return False  # the worker says why, in the command's words
    if not os.path.isfile(path) or head.startswith(_NOT_PLAIN):
        return False
    return head[257:262] != b"ustar"  # tar


def shards(sources, pieces=1):
    """The shards of sources (a path or a list of paths), in input order.

    A plain PGN file of more than one game is cut at game boundaries into
    up to `pieces` byte ranges of about equal size; every other input
    (compressed, archive, UTF-16, standard input) is one shard.
    """
    out = []
    for path in pgnkit._sources(sources):
        path = os.fspath(path)
        whole = Shard(path, 0, None, 1, 1)
        if pieces <= 1 or not _plain(path):
            out.append(whole)
            continue
        cuts = pgnkit._pgnkit._cut(path, os.path.getsize(path), pieces)
        starts = [(0, 1, 1)] + cuts
        ends = [c[0] for c in cuts] + [None]
        out += [Shard(path, s[0], e, s[1], s[2]) for s, e in zip(starts, ends)]
    return out


def _input(shard):
    """What pgnkit reads for shard: its path when whole, else its bytes."""
    if shard.start == 0 and shard.end is None:
        return shard.path
    with open(shard.path, "rb") as f:
        f.seek(shard.start)
        return f.read(-1 if shard.end is None else shard.end - shard.start)


def _stats_task(shard, kw):
    return pgnkit.stats(_input(shard), **kw)


def _search_task(shard, kw):
    return [_as_written(g.raw) for g in pgnkit.search(_input(shard), **kw)]


def _as_written(raw):
    """A game's text as pgnkit search writes it: ending with a line end."""
    return raw if raw.endswith((b"\n", b"\r")) else raw + b"\n"


def _validate_task(shard, kw):
    """The games, invalid games and diagnostics of shard, placed as in the whole file."""
    counts = pgnkit._summary()
    diagnostics = []
    line_delta = None
    for g in pgnkit.read(_input(shard), **kw):
        if line_delta is None:  # the shard's first game is at shard.line in the file
            line_delta = shard.line - g.line if g.line else 0
        pgnkit._tally(counts, g)
        for d in g.diagnostics:
            d = {k: getattr(d, k) for k in _FIELDS}
            if shard.start or shard.end is not None:
                d.update(file=shard.path, line=d["line"] + line_delta if d["line"] else 0,
                         offset=d["offset"] + shard.start)
            d["game"] = g.number + shard.number - 1
            diagnostics.append(d)
    return {"games": counts["games"], "invalid": counts["invalid"], "diagnostics": diagnostics}


_FIELDS = ("code", "severity", "message", "file", "line", "column", "offset", "ply", "move", "fen")


def _run(client, task, sources, pieces, kw):
    parts = shards(sources, pieces)
    return client.gather(client.map(task, parts, [kw] * len(parts)))


def stats(client, sources, pieces=1, **kw):
    """pgnkit.stats(sources, **kw) computed by client's workers: one task per
    shard (shards(sources, pieces)), the dicts merged exactly with
    pgnkit.stats_merge(). threads=N in kw counts on N threads per task.
    """
    pgnkit.stats([], **kw)  # a report or criterion refused here, before any task
    parts = _run(client, _stats_task, sources, pieces, kw)
    return pgnkit.stats_merge(parts) if parts else pgnkit.stats([], **kw)


def search(client, sources, pieces=1, **kw):
    """The PGN text (bytes) of each game pgnkit.search(sources, **kw) yields,
    in input order, searched by client's workers one task per shard:
    b"".join(...) is what `pgnkit search` writes; pgnkit.read() of it gives
    the Games.
    """
    pgnkit.search([], **kw)  # criteria refused here, before any task
    return [text for part in _run(client, _search_task, sources, pieces, kw) for text in part]


def validate(client, sources, pieces=1, **kw):
    """Every game of sources replayed by client's workers, one task per shard:
    {"games", "invalid", "diagnostics"}, the diagnostics in input order as
    dicts with the fields of pgnkit.Diagnostic and the game's number, placed
    (file, line, offset, game) as in the whole file, as `pgnkit validate
    --format json` gives them; except duplicate-game, which compares games
    across the whole input and is left to `pgnkit validate`.
    """
    parts = _run(client, _validate_task, sources, pieces, kw)
    return {
        "games": sum(p["games"] for p in parts),
        "invalid": sum(p["invalid"] for p in parts),
        "diagnostics": [d for p in parts for d in p["diagnostics"]],
    }
