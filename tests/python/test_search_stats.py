# test_search_stats.py - pgnkit.search, pgnkit.stats and stats_merge against the command's own output.
# SPDX-License-Identifier: MIT
import json
import shutil

import pytest

import pgnkit
from conftest import CORPORA, ROOT, cli

# Criteria as Python keywords, and the same as options of pgnkit search.
CRITERIA = [
    ({}, []),
    ({"checkmate": True}, ["--checkmate"]),
    ({"where": "plies < 60"}, ["--where", "plies < 60"]),
    ({"eco": "B00-C99"}, ["--eco", "B00-C99"]),
    ({"white": "a", "ignore_case": True}, ["-i", "--white", "a"]),
    # After 1. e4 e5, reached at any ply of the main line.
    ({"position": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
     ["--position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]),
]


def raw_bytes(games, path):
    """The bytes of games as they stand in path, concatenated: what `pgnkit search` writes."""
    data = (ROOT / path).read_bytes()
    return b"".join(data[g.source.start:g.source.end] for g in games)


@pytest.mark.parametrize("path", CORPORA)
@pytest.mark.parametrize("threads", [1, 3])
def test_search_gives_the_commands_games(path, threads):
    for kw, options in CRITERIA:
        games = list(pgnkit.search(path, threads=threads, **kw))
        want = cli("search", *options, path).stdout
        assert raw_bytes(games, path) == want, (kw, threads)
        count = int(cli("search", "--count", *options, path).stdout)
        assert len(games) == count


def test_search_by_hand():
    games = list(pgnkit.search("testdata/sample.pgn", white="Steinitz"))
    assert len(games) == 4  # counted by hand in sample.pgn
    assert all(g.tags["White"] == "Steinitz, Wilhelm" for g in games)
    numbers = [g.number for g in games]
    assert numbers == sorted(numbers)  # input order
    # Several inputs are read one after another.
    two = list(pgnkit.search(["testdata/sample.pgn", "testdata/sample.pgn"], white="Steinitz",
                             threads=2))
    assert [g.number for g in two] == numbers + numbers


def test_search_a_database(tmp_path):
    shutil.copy(ROOT / "testdata/sample.pgn", tmp_path / "sample.pgn")
    cli("index", "-o", str(tmp_path / "s.pgnkit"), str(tmp_path / "sample.pgn"))
    for kw, options in CRITERIA:
        games = list(pgnkit.search(str(tmp_path / "s.pgnkit"), **kw))
        from_file = list(pgnkit.search("testdata/sample.pgn", **kw))
        assert [g.uci for g in games] == [g.uci for g in from_file], kw
        want = cli("search", *options, str(tmp_path / "s.pgnkit")).stdout
        assert raw_bytes(from_file, "testdata/sample.pgn") == want


@pytest.mark.parametrize("kw, option", [
    ({"eco": "ZZZ"}, ["--eco", "ZZZ"]),
    ({"where": "foo >"}, ["--where", "foo >"]),
    ({"position": "bad fen"}, ["--position", "bad fen"]),
    ({"plies_min": "many"}, ["--plies-min", "many"]),
])
def test_bad_criteria_raise_the_commands_message(kw, option):
    p = cli("search", *option, "testdata/sample.pgn", check=False)
    assert p.returncode == 2
    message = p.stderr.decode().splitlines()[0].removeprefix("pgnkit search: error: ")
    for call in (lambda: pgnkit.search("testdata/sample.pgn", **kw),
                 lambda: pgnkit.stats("testdata/sample.pgn", **kw)):
        with pytest.raises(pgnkit.Error) as e:
            call()
        assert str(e.value) == message
        assert e.value.exit_code == 2


STATS = [
    ({}, []),
    ({"report": "openings"}, ["--openings"]),
    ({"report": "players"}, ["--players"]),
    ({"report": "clock"}, ["--clock"]),
    ({"tree": ""}, ["--tree"]),
    ({"tree": "1. e4 c5", "depth": 3}, ["--tree", "--moves", "1. e4 c5", "--depth", "3"]),
    ({"report": "tree", "position": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
      "depth": 2},
     ["--tree", "--position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
      "--depth", "2"]),
    ({"where": "plies < 80"}, ["--where", "plies < 80"]),
]


def cli_stats(options, paths):
    return json.loads(cli("stats", "--format", "json", *options, *paths).stdout)


@pytest.mark.parametrize("kw, options", STATS)
def test_stats_is_the_commands_json(kw, options):
    for threads in (1, 2):
        for path in CORPORA:
            assert pgnkit.stats(path, threads=threads, **kw) == cli_stats(options, [path]), path
        assert pgnkit.stats(CORPORA, threads=threads, **kw) == cli_stats(options, CORPORA)


@pytest.mark.parametrize("kw, options", STATS)
def test_merged_dicts_are_one_run(kw, options):
    parts = [pgnkit.stats(path, **kw) for path in CORPORA]
    merged = pgnkit.stats_merge(parts)
    assert merged == cli_stats(options, CORPORA)
    # The command's own per-file JSON merges the same.
    assert pgnkit.stats_merge([cli_stats(options, [p]) for p in CORPORA]) == merged


def test_stats_by_hand():
    s = pgnkit.stats("testdata/sample.pgn")
    assert s["games"] == 39 and s["results"]["1-0"] == 17  # counted by hand
    tree = pgnkit.stats("testdata/sample.pgn", tree="1. e4")
    assert json.dumps(tree).count('"games": 3,') >= 1  # 1. e4 c5: 3 games (test_database)
    assert pgnkit.stats("testdata/sample.pgn", white="Steinitz")["games"] == 4


def test_stats_errors():
    with pytest.raises(ValueError):
        pgnkit.stats("testdata/sample.pgn", report="nonsense")
    with pytest.raises(ValueError):
        pgnkit.stats("testdata/sample.pgn", tree="1. e4", depth=30)
    with pytest.raises(pgnkit.MoveError):
        pgnkit.stats("testdata/sample.pgn", tree="1. e5")
    with pytest.raises(ValueError):
        pgnkit.stats_merge([])
    summary = pgnkit.stats("testdata/sample.pgn")
    players = pgnkit.stats("testdata/sample.pgn", report="players")
    with pytest.raises(pgnkit.Error):
        pgnkit.stats_merge([summary, players])
    bad = dict(summary, games=-1)
    with pytest.raises(pgnkit.Error) as e:
        pgnkit.stats_merge([bad])
    assert "negative" in str(e.value)
