# test_database.py - pgnkit.Database against hand counts and the command over the same database.
# SPDX-License-Identifier: MIT
import json
import os
import shutil

import pytest

import pgnkit
from conftest import ROOT, cli


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    d = tmp_path_factory.mktemp("db")
    shutil.copy(ROOT / "testdata/sample.pgn", d / "sample.pgn")
    cli("index", "-o", str(d / "sample.pgnkit"), str(d / "sample.pgn"))
    with pgnkit.Database(str(d / "sample.pgnkit")) as database:
        yield d, database


def test_count_and_games_byte_for_byte(db):
    d, database = db
    assert len(database) == 39
    assert b"".join(database.game(n) for n in range(1, 40)) == (ROOT / "testdata/sample.pgn").read_bytes()
    with pytest.raises(IndexError):
        database.game(40)


@pytest.mark.parametrize("criteria", [
    {"white": "Steinitz"}, {"eco": "C2"}, {"checkmate": True}, {"result": "1/2-1/2"},
    {"plies_min": 80}, {"where": "plies < 40"}, {"white": "steinitz", "ignore_case": True},
])
def test_counts_are_search_counts(db, criteria):
    d, database = db
    args = []
    for k, v in criteria.items():
        if k == "ignore_case":
            args.append("-i")
        else:
            args += ["--" + k.replace("_", "-")] + ([] if v is True else [str(v)])
    want = int(cli("search", "--count", *args, str(d / "sample.pgnkit")).stdout)
    assert database.count(**criteria) == want


def test_count_by_hand(db):
    _, database = db
    assert database.count(white="Steinitz") == 4  # counted by hand in sample.pgn
    assert database.count() == 39
    with pytest.raises(pgnkit.Error) as e:
        database.count(no_such_criterion="x")
    assert e.value.exit_code == 2


def test_tree_is_the_stats_tree(db):
    d, database = db
    start = database.tree()
    assert start["total"]["games"] == 39
    e4 = [m for m in start["moves"] if m["san"] == "e4"][0]
    assert (e4["uci"], e4["games"]) == ("e2e4", 25)  # hand count: 25 games open 1. e4
    p = pgnkit.Position()
    p.push("e4")
    after = database.tree(p)
    c5 = [m for m in after["moves"] if m["san"] == "c5"][0]
    assert (c5["games"], c5["white_wins"], c5["draws"], c5["black_wins"]) == (3, 2, 1, 0)
    assert database.tree(p.fen()) == after
    out = json.loads(cli("stats", "--tree", "--format", "json", "--moves", "e4",
                         str(d / "sample.pgnkit")).stdout)
    text = json.dumps(out)
    for m in after["moves"]:
        assert f'"{m["san"]}": {{"games": {m["games"]}, "white": {m["white_wins"]}, ' \
               f'"draws": {m["draws"]}, "black": {m["black_wins"]}' in text


def test_errors(tmp_path):
    with pytest.raises(pgnkit.ReadError) as e:
        pgnkit.Database(str(tmp_path / "none.pgnkit"))
    assert e.value.exit_code == 3
    with pytest.raises(pgnkit.ReadError):
        pgnkit.Database(str(ROOT / "testdata/sample.pgn"))
    d = tmp_path / "x"
    d.mkdir()
    (d / "a.pgn").write_bytes((ROOT / "testdata/sample.pgn").read_bytes())
    cli("index", "-o", str(d / "a.pgnkit"), str(d / "a.pgn"))
    database = pgnkit.Database(str(d / "a.pgnkit"))
    (d / "a.pgn").write_bytes((ROOT / "testdata/sample.pgn").read_bytes().replace(b"Steinitz", b"Steinitx"))
    with pytest.raises(pgnkit.ReadError) as e:
        database.count(white="Steinitz")
    assert "changed since it was indexed" in str(e.value)
    database.close()
    with pytest.raises(ValueError):
        len(database)


def test_to_records(db):
    games = list(pgnkit.read("testdata/sample.pgn"))
    rows = pgnkit.to_records(games)
    assert len(rows) == 39
    assert rows[0]["White"] == "Paulsen, Louis" and rows[0]["plies"] == 83
    assert rows[0]["uci"].split()[:2] == ["e2e4", "c7c5"]
    cols = pgnkit.to_records(pgnkit.read("testdata/sample.pgn"), columns=True)
    assert len(cols["White"]) == 39 and cols["number"] == list(range(1, 40))
    # A tag only some games have is None for the others.
    assert None in cols["Annotator"] or all(cols["Annotator"])
    csv = cli("convert", "--format", "csv", "--columns", "game,plies,result",
              "testdata/sample.pgn").stdout.decode().splitlines()[1:]
    valid = [r for r in rows if r["valid"]]
    assert [f'{r["number"]},{r["plies"]},{r["result"]}' for r in valid] == \
        [line.replace('"', "") for line in csv]


def test_pandas_builds_a_frame():
    try:
        import pandas
    except ImportError:
        if os.environ.get("CI") == "true":  # CI installs it (.ci/deps): a skip would hide a failure
            raise
        pytest.skip("no pandas (Debian package python3-pandas; sh .ci/deps installs it)")
    frame = pandas.DataFrame(pgnkit.to_records(pgnkit.read("testdata/sample.pgn")))
    assert frame.shape[0] == 39 and frame["plies"].sum() > 39 * 20
