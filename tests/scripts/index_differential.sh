#!/bin/sh
# index_differential.sh - a database answers exactly as the scan of its sources: for
# every search criterion (each row of the table in lib/query/search_query.c has a case
# below; a criterion without one fails the test), every stats report and the convert
# formats, over the test corpora (one big plain file, a gzip file, a CRLF file with
# byte order marks), standard output, standard error and the exit status through
# `pgnkit index`'s database equal those of the source files, with 1 and 2 jobs.
. tests/scripts/index_setup.inc
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/broken/*.pgn "$root"/testdata/search/*.pgn \
    "$root"/testdata/stats/*.pgn "$root"/testdata/sample.pgn >all.pgn
cp "$root/testdata/sample.pgn.gz" "$root/testdata/reader/bom_crlf.pgn" .
sources="all.pgn sample.pgn.gz bom_crlf.pgn"
"$PGNKIT" index -q $sources -o games.pgnkit || { echo "index failed"; exit 1; }

# same CMD ARGS...: the scan of $sources and the database give the same answer.
same() {
    for j in 1 2; do
        "$PGNKIT" "$@" -j $j $sources >scan.out 2>scan.err; echo "exit $?" >>scan.err
        "$PGNKIT" "$@" -j $j games.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
        for f in out err; do
            if ! cmp -s scan.$f db.$f; then
                echo "$* -j $j: standard $f through the database differs from the scan"
                diff scan.$f db.$f | head -n 6 | cut -c 1-160; status=1
            fi
        done
    done
    [ -s scan.out ] || [ "$1" = convert ] || { echo "$*: no output at all"; status=1; }
}

# One case per criterion (its option first), each run as a count, a list and the games.
cases=$(cat <<'EOF'
--white Anderssen
--black ^Carlsen
--player 'fastchess|Anderssen'
--player-like 'Andersen, A.'
--event 'World|TCEC'
--site Moscow
--annotator .
--tag Opening=Sicilian
--elo-min 2400
--elo-max 2000
--white-elo 2500-2800
--black-elo -2000
--elo-diff 100-
--date-from 1990
--date-to 1900.06
--eco B20-B99
--result 1/2-1/2,*
--plies-min 80
--plies-max 20
--time-control blitz
--moves '1. e4 c5'
--position 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
--material KRP:KR
--material-end KQ:K
--material-either KRP:KR
--material KR:KR --material-plies 1
--position-pattern '*/*/*/*/???PP???/*/*/*'
--position-pattern-either '*/*/*/*/???PP???/*/*/*'
--positions-file "$root/testdata/search/positions.txt"
--moves-file "$root/testdata/search/lines.txt"
--moves-anywhere 'Nf3 * Bb5'
--polyglot-key 823c9b50fd114196
--check-file "$root/testdata/sample.pgn"
--contains-move e8=Q
--checkmate
--stalemate
--dead-position
--repetition 3
--fifty
--seventyfive
--underpromotion
--variant chess960
--has-comments
--has-variations
--comment 'better|good'
--where 'plies > 60 && white_elo > 2000'
EOF
)
for opt in $("$PGNKIT" search -h | sed -n '/^Tags/,/^Selection:/p' | grep -o -- '--[a-z][a-z-]*' \
        | grep -v -- '--ignore-case' | sort -u); do
    printf '%s\n' "$cases" | grep -q -- "^$opt " || printf '%s\n' "$cases" | grep -qx -- "$opt" \
        || { echo "criterion $opt has no case in index_differential.sh"; status=1; }
done
printf '%s\n' "$cases" | {
    while IFS= read -r c; do
        eval "set -- $c"
        same search --count "$@"
        same search --list "$@"
        same search "$@"
        same stats "$@"
    done
    exit $status
} || status=1

for args in "" "--unique" "--duplicates" "--invert-match --player Tal" "--max-count 3" \
        "--format json" "--summary"; do
    # shellcheck disable=SC2086
    same search $args
done
for report in "" "--openings" "--tree" "--tree --depth 3" "--players" "--format json" \
        "--format csv --players" "--tree --moves '1. e4'"; do
    eval "same stats $report"
done
for fmt in pgn json epd csv uci; do
    same convert --keep-invalid --format $fmt
done
same validate
exit $status
