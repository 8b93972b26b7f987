# test_errors.py - exceptions carry the command's messages and exit codes; bad input never crashes.
# SPDX-License-Identifier: MIT
import errno
import os
import subprocess
import sys

import pytest

import pgnkit
from conftest import ROOT, cli


def cli_error(path):
    """The error line `pgnkit validate` prints for path, without its "pgnkit validate: error: "."""
    p = cli("validate", path, check=False)
    lines = [line for line in p.stderr.decode().splitlines() if line.startswith("pgnkit validate: error: ")]
    return p.returncode, lines[0][len("pgnkit validate: error: "):]


def test_missing_file():
    code, msg = cli_error("no-such-file.pgn")
    with pytest.raises(pgnkit.ReadError) as e:
        pgnkit.read("no-such-file.pgn")
    assert str(e.value) == msg == "cannot open 'no-such-file.pgn': No such file or directory"
    assert e.value.exit_code == code == 3
    assert e.value.errno == errno.ENOENT
    assert isinstance(e.value, OSError) and isinstance(e.value, pgnkit.Error)
    assert pgnkit.status_name(e.value.status) == pgnkit.status_name(-5)


@pytest.mark.parametrize("path", ["testdata/formats/document.pdf", "testdata/formats/image.png",
                                  "testdata/formats/program.exe"])
def test_not_pgn(path):
    code, msg = cli_error(path)
    with pytest.raises(pgnkit.ReadError) as e:
        list(pgnkit.read(path))
    assert str(e.value) == msg
    assert e.value.exit_code == code == 3


def test_truncated_gzip_gives_the_games_before_then_the_error(tmp_path):
    data = (ROOT / "testdata/sample.pgn.gz").read_bytes()
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(data[: len(data) // 2])
    code, msg = cli_error(str(cut))
    games = []
    with pytest.raises(pgnkit.ReadError) as e:
        for g in pgnkit.read(str(cut)):
            games.append(g)
    assert str(e.value) == msg and code == 3
    assert len(games) > 5
    plain = list(pgnkit.read("testdata/sample.pgn"))
    assert [g.uci for g in games[:-1]] == [g.uci for g in plain[: len(games) - 1]]


def test_status_names_and_bad_arguments():
    assert pgnkit.status_name(-2) == "illegal move"
    with pytest.raises(TypeError):
        pgnkit.read(12)
    with pytest.raises(pgnkit.FenError) as e:
        pgnkit.Position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.exit_code == 2 and "invalid FEN" in str(e.value)


HOSTILE = [
    b"",
    b"\x00" * 1000,
    b"[" * 100000,
    b"(" * 100000 + b"1. e4",
    b"1. e4 " + b"(e5 " * 5000 + b"*",
    b"{" + b"x" * 3_000_000,
    b"[Event \"" + b"\\" * 200000,
    b"1. e4 $999999999999 $-1 e5 *\n",
    b"1. " + b"Nf3 " * 20000,
    bytes(range(256)) * 200,
    b"\xff\xfe" + "1. e4 e5 *".encode("utf-16-le"),
    b"\x1f\x8b\x08\x00garbage",
    b"(\xd8\x00" * 3000,
    b'[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 *\n',
    b'[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra junk"]\n\n1. e4 *\n',
    b"1. e4 {[%clk 99999999:99:99] [%eval #-999999999999] [%eval 1e308]} *\n",
]


@pytest.mark.parametrize("i", range(len(HOSTILE)))
def test_hostile_inputs_never_crash(i, tmp_path):
    """Each is read in a child process: a crash would be its exit by a signal."""
    f = tmp_path / "hostile.pgn"
    f.write_bytes(HOSTILE[i])
    code = ("import sys, pgnkit\n"
            "n = 0\n"
            "try:\n"
            "    for g in pgnkit.read(sys.argv[1]):\n"
            "        n += 1; g.fens(); g.diagnostics; g.variations\n"
            "    for g in pgnkit.read(open(sys.argv[1], 'rb').read()): n += 1\n"
            "except pgnkit.Error as e:\n"
            "    print('error', e.exit_code)\n"
            "def games(threads):\n"
            "    out = []\n"
            "    try:\n"
            "        for g in pgnkit.read(sys.argv[1], threads=threads):\n"
            "            out.append((g.uci, g.diagnostics, g.source))\n"
            "    except pgnkit.Error as e:\n"
            "        out.append(str(e))\n"
            "    return out\n"
            "assert games(1) == games(3), 'threads change the games'\n"
            "print('games', n)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.run([sys.executable, "-c", code, str(f)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=120)
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    # Games are accounted as the command accounts them.
    out = cli("validate", str(f), check=False)
    summary = out.stderr.decode().splitlines()[-1]
    if "error" not in p.stdout.decode():
        assert p.stdout.decode().split()[-1] == str(2 * int(summary.split()[0]))


@pytest.mark.parametrize("name", sorted(os.listdir(ROOT / "testdata/hostile")))
def test_hostile_suite_files(name):
    path = f"testdata/hostile/{name}"
    code, msg = cli_error(path) if cli("validate", path, check=False).returncode == 3 else (0, "")
    try:
        games = list(pgnkit.read(path))
    except pgnkit.ReadError as e:
        assert (str(e), e.exit_code) == (msg, code)
        return
    out = cli("validate", path, check=False).stderr.decode().splitlines()[-1]
    assert len(games) == int(out.split()[0])
    assert sum(g.valid for g in games) == int(out.split()[2])
