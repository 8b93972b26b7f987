# conftest.py - what the Python module's tests share: the tree, the pgnkit command, its JSON.
# SPDX-License-Identifier: MIT
#
# The oracle of these tests is the pgnkit command itself (its JSON, CSV and
# UCI output, its messages and exit codes), hand counts, and published
# reference values; never the module's own output.
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("PGNKIT_ROOT", Path(__file__).resolve().parents[2]))
PGNKIT = os.environ.get("PGNKIT", str(ROOT / "build" / "pgnkit"))
TESTDATA = ROOT / "testdata"

# Corpora of real games: every kind the tests read (clocks, evaluations, NAGs,
# comments, variations, German moves, Chess960, CRLF, Latin-1).
CORPORA = sorted(str(p.relative_to(ROOT)) for p in (TESTDATA / "corpus").glob("*.pgn")) + [
    "testdata/sample.pgn",
    "testdata/convert/annotated.pgn",
    "testdata/annotate/lichess-judged.pgn",
    "testdata/reader/german.pgn",
    "testdata/reader/constructs.pgn",
    "testdata/reader/cp1252.pgn",
    "testdata/python/clocks.pgn",
]


def cli(*args, input=None, check=True):
    """Runs the pgnkit command from the root of the tree; returns the CompletedProcess."""
    p = subprocess.run([PGNKIT, *args], cwd=ROOT, input=input, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if check and p.returncode not in (0, 1):
        raise AssertionError("pgnkit %s: exit %d: %s" % (" ".join(args), p.returncode,
                                                         p.stderr.decode(errors="replace")))
    return p


def cli_json_games(path, *options):
    """The valid games of path as `pgnkit convert --format json` writes them."""
    return json.loads(cli("convert", "--format", "json", *options, path).stdout)


def cli_diagnostics(path):
    """`pgnkit validate --format json` diagnostics of path, one dict each, in order."""
    out = cli("validate", "--format", "json", path).stdout.decode()
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


@pytest.fixture(autouse=True)
def _root_cwd(monkeypatch):
    # Paths in the tests are relative to the root, as the command's messages are.
    monkeypatch.chdir(ROOT)
