#!/bin/sh
# seeds.sh - writes the seed inputs of each fuzz target named into OUT/NAME/, made from
# the test data at run time (corpora are never committed).
#   tests/fuzz/seeds.sh OUT NAME...
set -u
out=${1:?usage: tests/fuzz/seeds.sh OUT NAME...}
shift
cd "$(dirname "$0")/../.." || exit 3
for name in "$@"; do
    dir=$out/$name
    mkdir -p "$dir" || exit 3
    case $name in
    fuzz_pgn_reader)
        # The small fixtures whole (game boundaries, one defect each), then every game
        # of the real-game samples on its own, and a gzip stream.
        for f in testdata/reader/*.pgn testdata/broken/*.pgn; do
            cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        cat testdata/corpus/*.pgn testdata/notation/*.pgn testdata/sample.pgn |
            awk -v dir="$dir" '/^\[Event / && n { close(f); n = 0 }
                { if (!n) f = sprintf("%s/game-%05d", dir, ++k); print > f; n++ }'
        gzip -c testdata/broken/illegal-pinned-piece.pgn >"$dir/gzip"
        ;;
    fuzz_fen)
        sh tests/fuzz/fens.sh | awk -v dir="$dir" '{ f = sprintf("%s/fen-%04d", dir, NR); print > f; close(f) }'
        ;;
    fuzz_san_roundtrip)
        # Each row of the SAN table: the number of its FEN in the list (two bytes), no
        # playout, move 0, then its token (see the layout in fuzz_san_roundtrip.c).
        sh tests/fuzz/fens.sh >"$dir/.fens"
        grep -v '^#' tests/data/san.tsv |
            awk -F '\t' 'NR == FNR { idx[$0] = NR - 1; next }
                ($1 in idx) { printf "%03o %03o %s\n", idx[$1] % 256, int(idx[$1] / 256), $2 }' \
                "$dir/.fens" - |
            { k=0; while read -r lo hi tok; do
                  k=$((k + 1)); printf "\\$lo\\$hi\\000\\000%s" "$tok" >"$dir/san-$k"
              done; }
        rm -f "$dir/.fens"
        ;;
    fuzz_json)
        # What convert writes (json and ndjson, with FENs, invalid games kept) from the
        # convert samples, one game per seed too, and a hand-written object.
        [ -x "${PGNKIT:-}" ] || { echo "seeds.sh: set PGNKIT for the fuzz_json seeds" >&2; exit 3; }
        for f in testdata/convert/*.pgn; do
            b=$(basename "$f" .pgn)
            "$PGNKIT" convert -q --format json --fen --keep-invalid "$f" >"$dir/$b.json" 2>/dev/null
            "$PGNKIT" convert -q --format ndjson --keep-invalid "$f" 2>/dev/null |
                awk -v p="$dir/$b-" '{ f = sprintf("%s%03d", p, NR); print > f; close(f) }'
        done
        printf '[{"tags": {"White": "A"}, "comments": [{"text": "c", "commands": [{"name": "clk", "args": "0:05:00"}]}], "moves": [{"san": "e4", "nags": [1]}, {"uci": "c7c5", "variations": [{"moves": [{"san": "e5"}], "comments_after": [{"text": "or"}]}]}, {"null": true}], "result": "*"}]\n{"valid": false, "raw": "1. e4 *"}\n' >"$dir/handwritten"
        ;;
    fuzz_where)
        # The --where expressions of the search tests (flags byte 0), and a few more.
        { sed -n "s/.*--where '\([^']*\)'.*/\1/p" tests/cli/search/*.sh
          printf '%s\n' 'player ~ "Carlsen" and (result = "1-0" or plies < 40)' \
              'not (A and B) || !C' "white == 'Tal, Mikhail'" 'date >= "2015.06" and eco <= "B90"' \
              'event ~ "(a+)+$" or comment !~ "^x*y"' 'WhiteElo > 2700 && valid = false' \
              'material = "KQvK" or checkmate or underpromotion != false'
        } | awk -v dir="$dir" '{ f = sprintf("%s/where-%03d", dir, NR); printf "%c%s", 0, $0 > f; close(f) }'
        ;;
    fuzz_stats_json)
        # Each report's aggregate of the stats samples, and the hand-made merge inputs.
        [ -x "${PGNKIT:-}" ] || { echo "seeds.sh: set PGNKIT for the fuzz_stats_json seeds" >&2; exit 3; }
        for report in "" --openings --players --tree; do
            "$PGNKIT" stats $report --format json testdata/stats/*.pgn testdata/sample.pgn \
                >"$dir/stats${report#--}.json" 2>/dev/null
        done
        cp testdata/stats/merge/*.json "$dir/"
        ;;
    *) ;;
    esac
done
