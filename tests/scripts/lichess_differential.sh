#!/bin/sh
# lichess_differential.sh - the same games as lichess API records and as the PGN
# lichess exports for them give the same convert, search and stats outputs.
#
# The games are sample.pgn's main lines. A Python writer (its own code, from
# lichess's documented export: tag order, { [%eval] [%clk] } comments, judged
# moves with their glyph, comment and suggested line) writes each game both
# ways: as an NDJSON record of the game export API and as lichess's PGN. The
# records carry what the reader of records must follow: clocks, evaluations,
# mates, judgments, rating differences, an AI opponent, casual games, a
# tournament, extra members it must pass over (nested, with the same names
# deeper down), and one record written with \u escapes and one with a member
# twice, which go the jansson way. Every output must be byte-identical.
set -u
. tests/scripts/need.inc
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

"$PGNKIT" convert -q --format ndjson testdata/sample.pgn >"$tmp/games.ndjson" 2>/dev/null
"$need_path" - "$tmp/games.ndjson" "$tmp/lichess.ndjson" "$tmp/lichess.pgn" <<'EOF'
import json, sys, time

src, out_json, out_pgn = sys.argv[1:4]
perfs = [("blitz", "Blitz"), ("rapid", "Rapid"), ("classical", "Classical"), ("bullet", "Bullet")]

def eval_text(cp):
    a, sign = abs(cp), "-" if cp < 0 else ""
    return "%s%d.%02d" % (sign, a // 100, a % 100) if a % 10 else "%s%d.%d" % (sign, a // 100, a % 100 // 10)

def clock_text(cs):
    s = (cs + 50) // 100
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)

def number(ply, black_needs):
    if ply % 2 == 0:
        return "%d. " % (ply // 2 + 1)
    return "%d... " % (ply // 2 + 1) if black_needs else ""

records, pgns = [], []
for i, line in enumerate(open(src)):
    g = json.loads(line)
    t = g.get("tags", {})
    sans = [m["san"] for m in g.get("moves", []) if "san" in m]
    result = g.get("result") or t.get("Result", "*")
    if result not in ("1-0", "0-1", "1/2-1/2") or "FEN" in t:
        continue  # lichess records of standard games: from the start, and finished
    perf, perf_name = perfs[i % len(perfs)]
    rated = i % 3 != 1
    created = 1600000000000 + i * 86400123
    rec = {"id": "gm%06d" % i, "rated": rated, "variant": "standard", "speed": perf, "perf": perf,
           "createdAt": created, "lastMoveAt": created + 600000,
           "status": "draw" if result == "1/2-1/2" else ("mate" if i % 2 else "resign"),
           "source": {"moves": "not the game's"}, "moves": " ".join(sans)}
    players = {}
    for side in ("white", "black"):
        name = t.get(side.capitalize(), "?")
        p = {"user": {"name": name, "id": name.lower().replace(" ", "")}}
        if side == "black" and i % 7 == 3:
            p = {"aiLevel": 1 + i % 8}
        elo = t.get(side.capitalize() + "Elo", "")
        if elo.isdigit():
            p["rating"] = int(elo)
            if rated and i % 2 == 0:
                p["ratingDiff"] = (i % 11) - 5
        players[side] = p
    rec["players"] = players
    if result != "1/2-1/2":
        rec["winner"] = "white" if result == "1-0" else "black"
    if i % 4 == 2:
        rec["tournament"] = "tn%04d" % i
    if t.get("ECO"):
        rec["opening"] = {"eco": t["ECO"], "name": "Opening of game %d" % i, "ply": 4}
    clocked = i % 2 == 0
    if clocked:
        rec["clock"] = {"initial": 300, "increment": i % 4, "totalTime": 300 + 40 * (i % 4)}
        rec["clocks"] = [30000 - 97 * k + (k * 7919) % 450 for k in range(len(sans))]
    analysed = i % 3 == 0
    if analysed:
        rec["analysis"] = []
        for k in range(len(sans)):
            info = {"eval": ((k * 37 + i) % 900) - 450} if k % 9 != 8 else {"mate": (k % 5) - 2 or 3}
            if k % 13 == 5 and k + 2 < len(sans):
                name = ["Inaccuracy", "Mistake", "Blunder"][k % 3]
                info["judgment"] = {"name": name, "comment": "%s. %s was best." % (name, sans[k])}
                info["variation"] = " ".join(sans[k:k + 3])
                info["best"] = "a1a2"
            rec["analysis"].append(info)
    records.append(rec)

    # The PGN lichess exports for rec, as its documentation shows it.
    def tag(name, value):
        return '[%s "%s"]' % (name, value.replace("\\", "\\\\").replace('"', '\\"'))
    when = time.gmtime(created // 1000)
    date, clock = time.strftime("%Y.%m.%d", when), time.strftime("%H:%M:%S", when)
    kind = "Rated" if rated else "Casual"
    event = ("%s %s tournament https://lichess.org/tournament/%s" % (kind, perf_name, rec["tournament"])
             if "tournament" in rec else "%s %s game" % (kind, perf_name))
    def player_name(p):
        return p["user"]["name"] if "user" in p else "lichess AI level %d" % p["aiLevel"]
    tags = [tag("Event", event), tag("Site", "https://lichess.org/" + rec["id"]), tag("GameId", rec["id"]),
            tag("Date", date), tag("Round", "-"), tag("White", player_name(players["white"])),
            tag("Black", player_name(players["black"])), tag("Result", result), tag("UTCDate", date),
            tag("UTCTime", clock)]
    for side in ("white", "black"):
        tags.append(tag(side.capitalize() + "Elo", str(players[side].get("rating", "?"))))
    for side in ("white", "black"):
        if "ratingDiff" in players[side]:
            tags.append(tag(side.capitalize() + "RatingDiff", "%+d" % players[side]["ratingDiff"]))
    tags.append(tag("Variant", "Standard"))
    tags.append(tag("TimeControl", "%d+%d" % (rec["clock"]["initial"], rec["clock"]["increment"])
                    if clocked else "-"))
    tags.append(tag("ECO", rec["opening"]["eco"] if "opening" in rec else "?"))
    tags.append(tag("Opening", rec["opening"]["name"] if "opening" in rec else "?"))
    tags.append(tag("Termination", "Normal"))
    words, black_needs = [], False
    for k, san in enumerate(sans):
        info = rec["analysis"][k] if analysed else {}
        judgment = info.get("judgment")
        glyph = {"Inaccuracy": "?!", "Mistake": "?", "Blunder": "??"}[judgment["name"]] if judgment else ""
        words.append(number(k, black_needs) + san + glyph)
        black_needs = False
        facts = []
        if "eval" in info:
            facts.append("[%%eval %s]" % eval_text(info["eval"]))
        elif "mate" in info:
            facts.append("[%%eval #%d]" % info["mate"])
        if clocked:
            facts.append("[%%clk %s]" % clock_text(rec["clocks"][k]))
        if facts:
            words.append("{ %s }" % " ".join(facts))
            black_needs = True
        if judgment:
            words.append("{ %s }" % judgment["comment"])
            line = info["variation"].split()
            words.append("(" + " ".join(number(k + j, j == 0) + m for j, m in enumerate(line)) + ")")
            black_needs = True
    words.append(result)
    pgns.append("\n".join(tags) + "\n\n" + " ".join(words) + "\n")

with open(out_json, "w") as f:
    for n, rec in enumerate(records):
        text = json.dumps(rec)
        if n == 1:
            text = json.dumps(rec, ensure_ascii=True).replace('"moves"', '"\\u006doves"')
        if n == 2:
            text = text[:-1] + ', "players": ' + json.dumps(rec["players"]) + "}"
        f.write(text + "\n")
        if n % 5 == 4:
            f.write("\n")  # a keep-alive line
with open(out_pgn, "w") as f:
    f.write("\n".join(pgns))
EOF
[ -s "$tmp/lichess.ndjson" ] || { echo "no records written"; exit 1; }

# same WHAT ARGS...: the command's output from the records equals that from the PGN.
same() {
    what=$1
    shift
    "$PGNKIT" "$@" --from lichess - <"$tmp/lichess.ndjson" >"$tmp/json.out" 2>"$tmp/json.err"
    "$PGNKIT" "$@" - <"$tmp/lichess.pgn" >"$tmp/pgn.out" 2>"$tmp/pgn.err"
    # Every game replays, so no message names a line (a record is one line, its PGN many).
    if ! cmp -s "$tmp/json.err" "$tmp/pgn.err"; then
        echo "$what: the messages differ:"
        diff "$tmp/pgn.err" "$tmp/json.err" | head -10
        fail=1
    fi
    if ! cmp -s "$tmp/json.out" "$tmp/pgn.out"; then
        echo "$what: the records and the PGN differ:"
        diff "$tmp/pgn.out" "$tmp/json.out" | head -20
        fail=1
    fi
}
same "convert" convert
same "convert rows per ply" convert --format rows --per ply
same "convert csv" convert --format csv
same "convert uci" convert --format uci
same "search white_elo" search --where 'white_elo > 2500'
same "search -c ratingdiff" search -c --where 'plies > 60'
same "stats" stats
same "stats --clock" stats --clock
same "stats --players" stats --players

# The records are all games: none lost, none refused.
n=$("$PGNKIT" search -c --from lichess "$tmp/lichess.ndjson" 2>&1)
want=$(grep -c . "$tmp/lichess.ndjson")
[ "$n" = "$want" ] || { echo "search -c of the records: $n, expected $want"; fail=1; }
exit $fail
