# test_convert_validate.py - pgnkit.convert, Game.write and pgnkit.validate against the command's own output.
# SPDX-License-Identifier: MIT
import re

import pytest

import pgnkit
from conftest import CORPORA, ROOT, TESTDATA, cli, cli_diagnostics

BROKEN = sorted(str(p.relative_to(ROOT)) for p in (TESTDATA / "broken").glob("*.pgn"))

# (format, per) as Python names them, and the same as options of pgnkit convert.
FORMATS = [
    (("pgn", "game"), ["--format", "pgn"]),
    (("ndjson", "game"), ["--format", "ndjson"]),
    (("epd", "game"), ["--format", "epd"]),
    (("fen", "game"), ["--format", "fen"]),
    (("uci", "game"), ["--format", "uci"]),
    (("csv", "game"), ["--format", "csv"]),
    (("rows", "game"), ["--format", "rows"]),
    (("plain", "game"), ["--format", "plain"]),
    (("rows", "ply"), ["--format", "rows", "--per", "ply"]),
    (("csv", "ply"), ["--format", "csv", "--per", "ply"]),
]

# The files every format is checked on: German moves, comments and NAGs, evaluations, Chess960.
FILES = ["testdata/sample.pgn", "testdata/reader/german.pgn", "testdata/convert/annotated.pgn",
         "testdata/annotate/lichess-judged.pgn", "testdata/corpus/engine_tcec_chess960.pgn"]


@pytest.mark.parametrize("path", FILES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_convert_writes_what_the_command_writes(path, lang):
    for (format, per), options in FORMATS:
        texts = list(pgnkit.convert(path, format, lang, per=per))
        want = cli("convert", *options, "--lang", lang, path).stdout
        assert "".join(texts).encode() == want, (format, per)


@pytest.mark.parametrize("path", CORPORA + BROKEN)
def test_convert_pgn_of_every_corpus_and_broken_file(path):
    assert "".join(pgnkit.convert(path)).encode() == cli("convert", path).stdout


def summary(path):
    """The counts of `pgnkit validate`'s summary line on stderr, by name."""
    line = cli("validate", path).stderr.decode().strip().splitlines()[-1]
    counts = {k: 0 for k in ("games", "valid", "invalid", "skipped", "errors", "warnings")}
    for n, word in re.findall(r"(\d+) (game|valid|invalid|skipped|error|warning)", line):
        counts[word if word in ("valid", "invalid", "skipped") else word + "s"] = int(n)
    return counts


@pytest.mark.parametrize("path", BROKEN + ["testdata/sample.pgn"])
def test_convert_counts_the_games_it_leaves_out(path):
    # convert leaves out what validate finds invalid or skips (a variant).
    # In pgn, which writes variations, an error in a variation costs the game too.
    converted = pgnkit.convert(path, "pgn")
    texts = list(converted)
    want = summary(path)
    assert converted.left_out == want["invalid"] + want["skipped"]
    assert len(texts) == want["valid"]


def test_convert_takes_bytes_and_file_objects():
    want = cli("convert", "--format", "uci", "testdata/sample.pgn").stdout
    data = (TESTDATA / "sample.pgn").read_bytes()
    assert "".join(pgnkit.convert(data, "uci")).encode() == want
    with open(TESTDATA / "sample.pgn", "rb") as f:
        assert "".join(pgnkit.convert(f, "uci")).encode() == want


def test_convert_refuses_names_that_are_none():
    for kw in ({"format": "json"}, {"format": "xml"}, {"lang": "xx"}, {"per": "move"},
               {"format": "pgn", "per": "ply"}):
        with pytest.raises(ValueError):
            pgnkit.convert("testdata/sample.pgn", **kw)


@pytest.mark.parametrize("path", ["testdata/sample.pgn", "testdata/reader/german.pgn"])
def test_game_write_of_each_game_is_converts_text(path):
    # Formats without a header or a game number (epd's id has one): each game's text stands alone.
    for (format, per), options in [f for f in FORMATS if f[0][0] in ("pgn", "ndjson", "fen", "uci")]:
        for lang in ("en", "de"):
            texts = [g.write(format, lang, per) for g in pgnkit.read(path)]
            assert "".join(texts).encode() == cli("convert", *options, "--lang", lang,
                                                  path).stdout, format


def test_game_write_csv_has_its_header_and_a_bad_game_nothing():
    # A file of one game: write() is convert's whole output for it, header row too.
    one = "testdata/broken/fen-move-number-zero.pgn"
    game, = pgnkit.read(one)
    assert game.write("csv").encode() == cli("convert", "--format", "csv", one).stdout
    bad = next(g for g in pgnkit.read("testdata/broken/ambiguous-knight-move.pgn") if not g.valid)
    assert bad.write() == ""
    with pytest.raises(ValueError):
        game.write("ndjson", "xx")


@pytest.mark.parametrize("path", BROKEN + ["testdata/sample.pgn", "testdata/corpus/engine_tcec_chess960.pgn"])
@pytest.mark.parametrize("threads", [1, 3])
def test_validate_counts_as_the_summary_line(path, threads):
    found = pgnkit.validate(path, threads=threads)
    counts = {k: v for k, v in found.items() if k != "diagnostics"}
    assert counts == summary(path)
    assert all(isinstance(d, pgnkit.Diagnostic) for d in found["diagnostics"])


def test_validate_finds_the_commands_diagnostics():
    path = "testdata/broken/ambiguous-knight-move.pgn"
    want = [(d["code"], d["line"], d["column"]) for d in cli_diagnostics(path)]
    assert [(d.code, d.line, d.column) for d in pgnkit.validate(path)["diagnostics"]] == want
    assert want  # the file has findings to compare
