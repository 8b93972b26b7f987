#!/bin/sh
# rows_oracles.sh - convert's rows agree with its older outputs on the test
# corpora, read by Python's json and csv modules:
#   - per game (--format rows): every column is the tag of that name as the
#     per-game CSV (--columns) writes it, null where the CSV cell is empty
#     (and for Event, Site, White and Black where it is "?");
#     WhiteElo and the other ratings the same number; UTCDate the same date
#     with dashes;
#   - per ply (--format csv --per ply): a game's rows, in order, give its
#     main line in SAN (the CSV's moves column) and in UCI (--format uci),
#     with plies numbered one after the other.
# SPDX-License-Identifier: MIT
set -u
. tests/scripts/need.inc
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cols=Event,Site,White,Black,Result,WhiteTitle,BlackTitle,WhiteElo,BlackElo,WhiteRatingDiff,BlackRatingDiff,UTCDate,UTCTime,ECO,Opening,Termination,TimeControl
status=0
# One file at a time: the game column counts the games of each file.
for f in testdata/sample.pgn testdata/corpus/*.pgn testdata/convert/plies.pgn; do
"$PGNKIT" convert -q --format rows "$f" >"$tmp/rows.ndjson"
"$PGNKIT" convert -q --format csv --columns "game,$cols,moves" "$f" >"$tmp/games.csv"
"$PGNKIT" convert -q --format csv --per ply "$f" >"$tmp/plies.csv"
"$PGNKIT" convert -q --format uci "$f" >"$tmp/games.uci"
python3 - "$tmp" "$f" <<'PY'
import csv, json, re, sys
tmp, path = sys.argv[1], sys.argv[2]
bad = 0
def fail(msg):
    global bad
    bad += 1
    if bad <= 10:
        print(f"{path}: {msg}")
rows = [json.loads(l) for l in open(f"{tmp}/rows.ndjson", encoding="utf-8")]
games = list(csv.DictReader(open(f"{tmp}/games.csv", encoding="utf-8", newline="")))
ucis = open(f"{tmp}/games.uci", encoding="utf-8").read().split("\n")[:-1]
if not rows or not (len(rows) == len(games) == len(ucis)):
    fail(f"games: {len(rows)} rows, {len(games)} CSV rows, {len(ucis)} UCI lines")
numbers = {"WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff"}
for row, game in zip(rows, games):
    # Variant, SetUp and FEN come only with a game that has them.
    names = [n for n in row if n not in ("Variant", "SetUp", "FEN")]
    if names != [c for c in game if c not in ("game", "moves")] + ["movetext"]:
        fail(f"game {game['game']}: columns {names}")
    for name, tag in game.items():
        if name in ("game", "moves"):
            continue
        got = row[name]
        if name in numbers:
            want = int(tag) if re.fullmatch(r"[+-]?[0-9]+", tag) else None
        elif name == "UTCDate":
            want = tag.replace(".", "-") if re.fullmatch(r"[0-9]{4}\.[0-9]{2}\.[0-9]{2}", tag) else None
        elif name == "Result" and tag == "":
            want = "*"  # the export format's result of a game without the tag (and a token)
        elif name in ("Event", "Site", "White", "Black"):
            want = tag if tag not in ("", "?") else None  # "?" is PGN's unknown
        else:
            want = tag if tag != "" else None
        if got != want:
            fail(f"game {game['game']}: {name} is {got!r}, the tag {tag!r}")
plies = {}
for p in csv.DictReader(open(f"{tmp}/plies.csv", encoding="utf-8", newline="")):
    plies.setdefault(p["game"], []).append(p)
for game, uci in zip(games, ucis):
    ps = plies.get(game["game"], [])
    if " ".join(p["san"] for p in ps) != game["moves"]:
        fail(f"game {game['game']}: SAN of the rows differs from the moves column")
    if " ".join(p["uci"] for p in ps) != uci:
        fail(f"game {game['game']}: UCI of the rows differs from --format uci")
    seen = [int(p["ply"]) for p in ps]
    if seen and seen != list(range(seen[0], seen[0] + len(seen))):
        fail(f"game {game['game']}: plies not consecutive")
sys.exit(1 if bad else 0)
PY
[ $? = 0 ] || status=1
done
exit $status
