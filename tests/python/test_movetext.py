# test_movetext.py - parse_movetext() against read() and the command, on one thread or several.
# SPDX-License-Identifier: MIT
import re

import pytest

import pgnkit
from conftest import CORPORA, cli


def movetexts(path):
    """The movetext of each game of path (its text after the tag section), as a dataset column holds it."""
    out = []
    for g in pgnkit.read(path):
        text = g.raw.decode("utf-8", errors="replace")
        out.append(re.sub(r"\A(?:\s*\[[^\]\n]*\]\s*\n)*", "", text))
    return out


@pytest.mark.parametrize("path", ["testdata/corpus/online_lichess.pgn", "testdata/python/clocks.pgn",
                                  "testdata/corpus/online_chesscom_clk.pgn",
                                  "testdata/annotate/lichess-judged.pgn"])
def test_movetext_agrees_with_the_command(path):
    texts = movetexts(path)
    rows = pgnkit.parse_movetext(texts)
    assert len(rows) == len(texts)
    games = list(pgnkit.read(path))
    for row, g in zip(rows, games):
        # Without the tags a game from a FEN would differ; these corpora have none.
        assert row["uci"] == g.uci
        assert row["clocks"] == g.clocks
        assert row["elapsed"] == g.elapsed
        assert (row["evals"], row["mates"]) == (g.evals, g.mates)
        assert row["result"] == (g.result if g.raw.rstrip().endswith(g.result.encode()) else "")
    # The UCI main lines are the command's, for the games it finds valid alone.
    want = cli("convert", "--format", "uci", path).stdout.decode().splitlines()
    assert [" ".join(r["uci"]) for r in rows if r["valid"]] == want


def test_threads_give_the_same_rows_in_the_same_order():
    texts = [t for path in CORPORA for t in movetexts(path)]
    assert len(texts) > 100
    one = pgnkit.parse_movetext(texts, threads=1)
    for n in (2, 3, 8):
        assert pgnkit.parse_movetext(texts, threads=n) == one


def test_validity_and_end_by_hand():
    rows = pgnkit.parse_movetext([
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
        "1. e4 e5 2. Ke3 *",
        b"1. f3 e5 2. g4 Qh4# 0-1",
        "",
        "1. e4 {[%clk 0:00:59.5]} 1... e5 {[%eval -0.25]} 2. Qh5 {[%eval #4]} *",
    ], threads=2)
    assert [(r["valid"], r["end"], r["result"]) for r in rows] == [
        (True, "checkmate", "1-0"), (False, "", "*"), (True, "checkmate", "0-1"),
        (False, "", ""), (True, "", "*")]  # an empty string is no game
    assert rows[1]["uci"] == ["e2e4", "e7e5"]
    assert rows[4]["clocks"] == [59.5, None, None]
    assert rows[4]["evals"] == [None, -25, None]
    assert rows[4]["mates"] == [None, None, 4]


def test_bad_arguments():
    with pytest.raises(TypeError):
        pgnkit.parse_movetext(["1. e4", 5])
    with pytest.raises(ValueError):
        pgnkit.parse_movetext([], threads=0)
    assert pgnkit.parse_movetext([]) == []
    assert pgnkit.parse_movetext(iter(["1. d4 *"]))[0]["uci"] == ["d2d4"]
