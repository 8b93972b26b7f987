# test_dask.py - pgnkit.dask on a LocalCluster of worker processes against one run of the command.
# SPDX-License-Identifier: MIT
import json
import os

import pytest

import pgnkit
from conftest import CORPORA, ROOT, cli, cli_diagnostics

try:
    import distributed
except ImportError:  # pragma: no cover - Debian python3-distributed is in .ci/deps
    distributed = None
    if os.environ.get("CI") == "true":
        raise  # under CI nothing may be skipped
    pytestmark = pytest.mark.skip("no dask (Debian packages python3-dask, python3-distributed)")
else:
    import pgnkit.dask

# A plain file cut into pieces; the corpora whole or cut, and a compressed file (read whole).
BIG = "testdata/sample.pgn"
INPUTS = CORPORA + ["testdata/sample.pgn.gz", "testdata/reader/junk_between_games.pgn",
                    "testdata/reader/comments_only.pgn"]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_shards_cut_at_game_boundaries():
    parts = pgnkit.dask.shards(BIG, pieces=4)
    assert len(parts) == 4  # sample.pgn has 39 games, enough for 4 pieces
    data = (ROOT / BIG).read_bytes()
    assert b"".join(data[p.start:p.end] for p in parts) == data  # a partition, in order
    for p in parts[1:]:
        assert data[p.start:p.start + 7] == b"[Event "  # each piece starts with a game's tags
        assert data[:p.start].count(b"\n") + 1 == p.line
        assert data[:p.start].count(b"[Event ") + 1 == p.number  # one Event tag per game
    assert pgnkit.dask.shards(BIG) == [pgnkit.dask.Shard(BIG, 0, None, 1, 1)]
    gz = "testdata/sample.pgn.gz"
    assert pgnkit.dask.shards([gz, BIG], pieces=4)[0] == pgnkit.dask.Shard(gz, 0, None, 1, 1)


STATS = [
    ({}, []),
    ({"report": "openings"}, ["--openings"]),
    ({"report": "players"}, ["--players"]),
    ({"tree": "1. e4", "depth": 3}, ["--tree", "--moves", "1. e4", "--depth", "3"]),
    ({"where": "plies < 80"}, ["--where", "plies < 80"]),
]


@pytest.mark.parametrize("kw, options", STATS)
def test_stats_equal_one_run(client, kw, options):
    want = json.loads(cli("stats", "--format", "json", *options, *INPUTS).stdout)
    assert pgnkit.dask.stats(client, INPUTS, pieces=3, **kw) == want
    one = json.loads(cli("stats", "--format", "json", *options, BIG).stdout)
    assert pgnkit.dask.stats(client, BIG, pieces=5, **kw) == one


def test_search_in_input_order(client):
    for kw, options in [({"where": "plies < 60"}, ["--where", "plies < 60"]),
                        ({"checkmate": True}, ["--checkmate"]), ({}, [])]:
        want = cli("search", *options, *INPUTS).stdout
        assert b"".join(pgnkit.dask.search(client, INPUTS, pieces=4, **kw)) == want
    with pytest.raises(pgnkit.Error):
        pgnkit.dask.search(client, BIG, eco="ZZZ")


def test_validate_as_the_command(client):
    broken = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "testdata/broken").glob("*.pgn"))
    for path in INPUTS + broken:
        want = [d for d in cli_diagnostics(path) if d["code"] != "duplicate-game"]
        got = pgnkit.dask.validate(client, path, pieces=3)
        keys = ("game", "file", "line", "column", "offset", "code", "severity", "message", "ply",
                "move", "fen")
        assert [tuple(d[k] for k in keys) for d in got["diagnostics"]] == \
               [tuple(d[k] for k in keys) for d in want], path
        games = list(pgnkit.read(path))
        assert got["games"] == len(games)
        assert got["invalid"] == sum(not g.valid for g in games)
