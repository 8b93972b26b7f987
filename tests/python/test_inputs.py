# test_inputs.py - every form of input the command reads gives the same games from Python.
# SPDX-License-Identifier: MIT
import gzip
import io
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

import pgnkit
from conftest import ROOT, cli

SAMPLE = "testdata/sample.pgn"


def summary(games):
    return [(g.tags, g.result, g.uci, g.valid) for g in games]


@pytest.fixture(scope="module")
def plain():
    return summary(pgnkit.read(SAMPLE))


def test_plain_has_the_39_games_of_sample(plain):
    assert len(plain) == 39  # counted by hand: 39 [Event tags
    assert (ROOT / SAMPLE).read_text(encoding="utf-8", errors="replace").count("[Event ") == 39


def test_gzip_zstd_7z_zip_are_the_same_games(plain, tmp_path):
    assert summary(pgnkit.read("testdata/sample.pgn.gz")) == plain
    assert summary(pgnkit.read("testdata/formats/sample.pgn.7z")) == plain
    z = tmp_path / "games.zip"
    with zipfile.ZipFile(z, "w") as f:
        f.write(ROOT / SAMPLE, "a.pgn")
        f.writestr("readme.txt", "not games")
        f.write(ROOT / "testdata/reader/german.pgn", "b.pgn")
    games = list(pgnkit.read(z))
    assert summary(games[:39]) == plain
    assert summary(games[39:]) == summary(pgnkit.read("testdata/reader/german.pgn"))
    assert games[0].source.file.endswith(":a.pgn")
    if shutil.which("zstd"):
        zs = tmp_path / "sample.pgn.zst"
        subprocess.run(["zstd", "-q", "-o", str(zs), str(ROOT / SAMPLE)], check=True)
        assert summary(pgnkit.read(str(zs))) == plain


def test_gzip_bytes_and_a_path_object(plain):
    assert summary(pgnkit.read((ROOT / "testdata/sample.pgn.gz").read_bytes())) == plain
    assert summary(pgnkit.read(ROOT / SAMPLE)) == plain


def test_utf16_reads_as_the_command_reads_it():
    for path in ("testdata/formats/encoding-utf16le.pgn", "testdata/formats/encoding-utf16be.pgn"):
        (g,) = pgnkit.read(path)
        assert g.tags["White"] == "Müller, Jürgen"
        out = cli("validate", path).stdout.decode()
        assert [f"{d.file}:{d.line}:{d.column}: {d.severity}:" for d in g.diagnostics] == \
            [line.split(" game ")[0] for line in out.splitlines() if ": error:" in line or ": warning:" in line]


def test_bytes_and_file_objects(plain):
    data = (ROOT / SAMPLE).read_bytes()
    assert summary(pgnkit.read(data)) == plain
    assert summary(pgnkit.read(bytearray(data))) == plain
    assert summary(pgnkit.read(memoryview(data))) == plain
    assert summary(pgnkit.read(io.BytesIO(data))) == plain
    with open(ROOT / SAMPLE, "rb") as f:
        assert summary(pgnkit.read(f)) == plain
    with open(ROOT / SAMPLE, encoding="utf-8", errors="surrogateescape") as f:
        games = list(pgnkit.read(io.StringIO(f.read())))
    assert len(games) == 39
    with open(ROOT / SAMPLE, "rb") as f:
        assert f.read(7) == b"[Event "  # Python buffers far ahead of this
        rest = list(pgnkit.read(f))
    # Read from where the file object stands, not from where its buffer does:
    # the rest of the first tag is junk, then game 1 without its Event tag.
    assert summary(rest[-38:]) == plain[1:]
    assert rest[0].source.start == 0 and rest[0].raw.startswith(b'"London"]')
    assert "Event" not in rest[-39].tags and rest[-39].tags["White"] == "Paulsen, Louis"


def test_names_of_memory_and_file_inputs():
    (g,) = pgnkit.read(b"1. e4 *\n")
    assert g.source.file == "<memory>"
    with open(ROOT / "testdata/formats/one-game.pgn", "rb") as f:
        (g,) = pgnkit.read(f)
    assert g.source.file.endswith("one-game.pgn")


def test_standard_input(plain):
    code = ("import sys, pgnkit\n"
            "print(sum(1 for g in pgnkit.read('-') if g.valid), "
            "next(pgnkit.read('-'), None))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    with open(ROOT / SAMPLE, "rb") as f:
        p = subprocess.run([sys.executable, "-c", code], stdin=f, stdout=subprocess.PIPE,
                           env=env, check=True)
    assert p.stdout.decode().split() == [str(sum(1 for s in plain if s[3])), "None"]


def test_gzip_of_a_game_file_made_here(tmp_path):
    text = b"[White \"A\"]\n\n1. d4 d5 2. c4 *\n"
    gz = tmp_path / "x.pgn.gz"
    gz.write_bytes(gzip.compress(text))
    (g,) = pgnkit.read(str(gz))
    assert g.uci == ["d2d4", "d7d5", "c2c4"]
    assert g.raw == text
