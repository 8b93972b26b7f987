# test_read.py - every field of pgnkit.Game against what the pgnkit command says of the same games.
# SPDX-License-Identifier: MIT
import re

import pytest

import pgnkit
from conftest import CORPORA, ROOT, cli, cli_diagnostics, cli_json_games


def clock_seconds(args):
    """[%clk H:MM:SS(.s)] as seconds, read here by hand."""
    h, m, s = args.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def eval_pair(args):
    """[%eval 0.34] -> (34, None); [%eval #-3] -> (None, -3): White's view, as written."""
    if args.startswith("#"):
        return None, int(args[1:])
    return round(float(args) * 100), None


def commands(move, name):
    return [c["args"] for com in move.get("comments", []) for c in com.get("commands", [])
            if c["name"] == name]


@pytest.mark.parametrize("path", CORPORA)
def test_fields_agree_with_convert_json(path):
    games = list(pgnkit.read(path))
    valid = [g for g in games if g.valid]
    oracle = cli_json_games(path)
    assert len(valid) == len(oracle), "convert writes the valid games, and only those"
    for g, j in zip(valid, oracle):
        assert g.tags == j["tags"]
        assert g.result == j["result"]
        moves = j["moves"]
        assert g.moves == [m["san"] for m in moves]
        assert g.uci == [m["uci"] for m in moves]
        assert g.nags == [tuple(m.get("nags", ())) for m in moves]
        # A move's comments: those before its variations, then those after each.
        after = [m.get("comments", []) + [c for v in m.get("variations", [])
                                          for c in v.get("comments_after", [])] for m in moves]
        assert g.comments == [tuple(c["text"] for c in cs if c["text"]) for cs in after]
        assert g.start_comments == [c["text"] for c in j.get("comments", []) if c["text"]]
        clocks = [commands(m, "clk") for m in moves]
        assert g.clocks == [clock_seconds(c[0]) if c else None for c in clocks]
        took = [commands(m, "emt") for m in moves]
        assert g.elapsed == [clock_seconds(t[0]) if t else None for t in took]
        evals = [eval_pair(e[0]) if e else (None, None) for e in (commands(m, "eval") for m in moves)]
        assert g.evals == [e[0] for e in evals]
        assert g.mates == [e[1] for e in evals]
        # Variations of the main line: as many, after the same plies, as long.
        want = [(m["ply"] - 1, len(v["moves"])) for m in moves for v in m.get("variations", [])]
        got = [(v.index, len(v.moves)) for v in g.variations if v.parent == 0]
        assert got == want


def test_sample_has_what_the_comparison_covers():
    # The comparison above must see variations, NAGs, comments, clocks and evaluations.
    games = [g for path in CORPORA for g in pgnkit.read(path)]
    assert any(g.variations for g in games)
    assert any(any(n) for g in games for n in g.nags)
    assert any(any(c) for g in games for c in g.comments)
    assert any(c is not None for g in games for c in g.clocks)
    assert any(t is not None for g in games for t in g.elapsed)
    assert any(e is not None for g in games for e in g.evals)
    assert any(m is not None for g in games for m in g.mates)
    assert any(not g.valid for g in games)


@pytest.mark.parametrize("path", ["testdata/sample.pgn", "testdata/corpus/engine_tcec_chess960.pgn",
                                  "testdata/corpus/engine_tcec_odd_starts.pgn"])
def test_fens_agree_with_convert_json(path):
    valid = [g for g in pgnkit.read(path) if g.valid]
    oracle = cli_json_games(path, "--fen")
    for g, j in zip(valid, oracle):
        fens = g.fens()
        assert fens[1:] == [m["fen"] for m in j["moves"]]
        assert len(fens) == len(g.uci) + 1


def test_start_fen_of_a_game_from_a_position():
    text = b'[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n[SetUp "1"]\n\n1. O-O Kd7 *\n'
    (g,) = pgnkit.read(text)
    assert g.fens()[0] == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert g.uci == ["e1g1", "e8d7"]


@pytest.mark.parametrize("path", CORPORA + ["testdata/broken/illegal-move-in-variation.pgn",
                                            "testdata/broken/syntax-unclosed-variation.pgn"])
def test_diagnostics_agree_with_validate_json(path):
    games = list(pgnkit.read(path))
    want = [d for d in cli_diagnostics(path) if d["code"] != "duplicate-game"]
    got = [(g.number, d) for g in games for d in g.diagnostics]
    assert len(got) == len(want)
    for (number, d), w in zip(got, want):
        assert number == w["game"]
        assert (d.file, d.line, d.column, d.offset) == (w["file"], w["line"], w["column"], w["offset"])
        assert (d.severity, d.code, d.message) == (w["severity"], w["code"], w["message"])
        assert (d.ply, d.move, d.fen) == (w["ply"], w["move"], w["fen"])
    for g in games:
        assert g.errors == [d for d in g.diagnostics if d.severity == "error"]
        assert g.valid == (not g.errors)


def test_broken_files_all_agree_with_validate():
    for path in sorted((ROOT / "testdata" / "broken").glob("*.pgn")):
        rel = str(path.relative_to(ROOT))
        want = [(d["game"], d["line"], d["column"], d["code"], d["ply"], d["message"])
                for d in cli_diagnostics(rel) if d["code"] != "duplicate-game"]
        got = [(g.number, d.line, d.column, d.code, d.ply, d.message)
               for g in pgnkit.read(rel) for d in g.diagnostics]
        assert got == want, rel


@pytest.mark.parametrize("path", CORPORA)
def test_end_agrees_with_convert_csv(path):
    out = cli("convert", "--format", "csv", "--columns", "end", path).stdout.decode()
    want = out.splitlines()[1:]
    got = [g.end for g in pgnkit.read(path) if g.valid]
    assert got == [w.strip('"') for w in want]


def test_end_by_hand():
    mate = b"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"
    (g,) = pgnkit.read(mate)
    assert (g.end, g.result, g.valid) == ("checkmate", "1-0", True)
    (g,) = pgnkit.read(b"1. e4 e5 *\n")
    assert g.end == ""


@pytest.mark.parametrize("path", ["testdata/sample.pgn", "testdata/corpus/online_fics_crlf.pgn",
                                  "testdata/reader/bom_crlf.pgn", "testdata/reader/junk_between_games.pgn"])
def test_sources_partition_the_file(path):
    data = (ROOT / path).read_bytes()
    games = list(pgnkit.read(path))
    assert b"".join(g.raw for g in games) == data
    at = 0
    for n, g in enumerate(games, 1):
        assert g.number == n
        assert g.source.file == path
        assert g.source.start == at and data[g.source.start:g.source.end] == g.raw
        at = g.source.end
    assert at == len(data)


def test_tags_in_file_order_first_of_a_name():
    text = b'[White "A"]\n[Black "B"]\n[Event "E"]\n[White "again"]\n\n1. e4 *\n'
    (g,) = pgnkit.read(text)
    assert list(g.tags) == ["White", "Black", "Event"]
    assert g.tags["White"] == "A"


def test_clocks_and_evals_by_hand():
    text = (b"1. e4 { [%clk 1:02:03.5] [%eval 0.34] } e5 { [%eval #-3] } "
            b"2. Nf3 { hello [%clk 0:00:07] } *\n")
    (g,) = pgnkit.read(text)
    assert g.clocks == [3723.5, None, 7.0]
    assert g.evals == [34, None, None]
    assert g.mates == [None, -3, None]
    assert g.comments == [(), (), ("hello",)]


def test_clock_file_by_hand():
    g, plain = pgnkit.read("testdata/python/clocks.pgn")
    assert g.clocks == [5400.0, None, 5390.3, 5280.0, None]
    assert g.elapsed == [5.0, 62.5, 14.0, None, 3600.0]
    assert g.evals == [None, 25, None, None, -105]
    assert g.mates == [None, None, 7, None, None]
    assert g.comments == [(), (), ("thinking",), (), ()]
    assert plain.clocks == plain.elapsed == [None] * 7 and plain.end == "checkmate"


def test_german_moves_come_out_in_english_san():
    (g,) = pgnkit.read("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n".encode())
    assert g.moves == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert g.uci == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]


def test_uci_agrees_with_convert_uci_on_every_corpus():
    for path in CORPORA:
        want = cli("convert", "--format", "uci", path).stdout.decode().splitlines()
        got = [" ".join(g.uci) for g in pgnkit.read(path) if g.valid]
        got = [line for line in got]
        assert [w.split(" ") for w in want] == [x.split(" ") for x in got], path


def everything(g):
    return (g.tags, g.result, g.moves, g.uci, g.clocks, g.elapsed, g.evals, g.mates, g.comments,
            g.start_comments, g.nags, g.variations, g.diagnostics, g.valid, g.end, g.source,
            g.raw, g.number, g.line, g.fens())


THREAD_INPUTS = CORPORA + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "testdata/broken").glob("*.pgn")) + [
    "testdata/sample.pgn.gz", "testdata/formats/sample.pgn.7z", "testdata/formats/encoding-utf16le.pgn",
    "testdata/formats/encoding-utf8-bom.pgn", "testdata/reader/bom_crlf.pgn", "testdata/reader/lone_cr.pgn",
    "testdata/reader/junk_between_games.pgn", "testdata/reader/comments_only.pgn",
    "testdata/reader/boundaries.pgn", "testdata/reader/mixed.pgn", "testdata/reader/unicode.pgn",
]


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_give_the_same_games_in_the_same_order(threads):
    for path in THREAD_INPUTS:
        one = [everything(g) for g in pgnkit.read(path)]
        assert len(one) == validate_game_count(path), path
        assert [everything(g) for g in pgnkit.read(path, threads=threads)] == one, path


def validate_game_count(path):
    """How many games `pgnkit validate` counts in path ("N games: ...")."""
    p = cli("validate", "--no-warnings", path, check=False)
    out = (p.stdout + p.stderr).decode(errors="replace")
    return int(re.search(r"^(\d+) games?:", out, re.M).group(1))


def test_entries_that_are_no_game_are_not_games():
    # A file of two comments (counted by hand): no game, as validate counts none.
    assert list(pgnkit.read("testdata/reader/comments_only.pgn")) == []
    assert list(pgnkit.read("testdata/reader/comments_only.pgn", threads=2)) == []
    assert list(pgnkit.search("testdata/reader/comments_only.pgn")) == []
    games = list(pgnkit.read(b"{a comment}\n\n[White \"A\"]\n\n1. e4 *\n\n{another}\n"))
    assert [g.uci for g in games] == [["e2e4"]]


def test_threads_over_bytes_a_big_game_and_errors(tmp_path):
    data = (ROOT / "testdata/sample.pgn").read_bytes()
    big = b"[White \"big\"]\n\n1. e4 {" + b"x" * (40 << 20) + b"} e5 *\n"
    many = data + big + data
    one = [everything(g) for g in pgnkit.read(many)]
    assert len(one) == 79
    assert one[39][16] is None, "the big game is over the size limit: it has no raw text"
    assert [everything(g) for g in pgnkit.read(many, threads=4)] == one
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes((ROOT / "testdata/sample.pgn.gz").read_bytes()[:3000])
    for threads in (1, 2):
        got = []
        with pytest.raises(pgnkit.ReadError) as e:
            for g in pgnkit.read(str(cut), threads=threads):
                got.append(everything(g))
        if threads == 1:
            first, message = got, str(e.value)
        assert (got, str(e.value)) == (first, message)
    with pytest.raises(ValueError):
        pgnkit.read("testdata/sample.pgn", threads=0)


def test_an_unfinished_threaded_read_stops_cleanly():
    for _ in range(50):
        it = pgnkit.read("testdata/sample.pgn", threads=3)
        next(it)
        del it


def test_repr_and_types():
    g = next(pgnkit.read("testdata/sample.pgn"))
    assert "Paulsen" in repr(g)
    assert isinstance(g.source, pgnkit.Source)
    assert isinstance(g.variations[0], pgnkit.Variation)
    assert re.match(r"^\d+$", str(g.number))
