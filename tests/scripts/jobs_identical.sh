#!/bin/sh
# jobs_identical.sh - output with several threads is byte-identical to one thread:
# validate (diagnostics in text and JSON, summary, exit status, --good/--bad files,
# --max-errors), convert in every output format, search (tags, moves, duplicates,
# --max-count, --summary), stats (every report, with criteria) and annotate (no
# engine), each with -j 2, 3 and 7 against -j 1 on the test data. PGNKIT_QUICK=1
# (sanitizer builds) compares -j 3 only for the commands other than validate.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat testdata/broken/*.pgn testdata/corpus/*.pgn testdata/sample.pgn >"$tmp/mix.pgn"
# Every PGN file of the test data in one input (German notation, CRLF, lone CR,
# byte order marks, CP1252, NUL bytes, header-only games...), then files on their own.
cat testdata/*.pgn testdata/*/*.pgn >"$tmp/all.pgn"
inputs="$tmp/all.pgn testdata/reader/bom_crlf.pgn testdata/hostile/invalid-utf8.pgn testdata/sample.pgn.gz"
status=0
jobs="2 3 7"
[ -n "${PGNKIT_QUICK:-}" ] && jobs=3

# same NAME CMD ARGS...: -j 1 and each of $jobs give the same standard output,
# standard error and exit status on $inputs.
same() {
    name=$1; shift
    "$PGNKIT" "$@" -j 1 $inputs >"$tmp/same.out1" 2>"$tmp/same.err1"
    echo "exit $?" >>"$tmp/same.err1"
    [ -s "$tmp/same.out1" ] || { echo "$name: no output with -j 1"; status=1; }
    for j in $jobs; do
        "$PGNKIT" "$@" -j "$j" $inputs >"$tmp/same.out" 2>"$tmp/same.err"
        echo "exit $?" >>"$tmp/same.err"
        for f in out err; do
            if ! cmp -s "$tmp/same.${f}1" "$tmp/same.$f"; then
                echo "$name: -j $j: standard $f differs from -j 1"
                diff "$tmp/same.${f}1" "$tmp/same.$f" | head -n 5 | cut -c 1-160; status=1
            fi
        done
    done
}

same convert-pgn convert --keep-invalid
same convert-json convert --format json --fen --keep-invalid
same convert-ndjson convert --format ndjson --fix-results
same convert-epd convert --format epd --ply final
same convert-fen convert --format fen --ply 0-3
same convert-uci convert --format uci -q
same convert-csv convert --format csv --columns game,file,White,plies,result,end,final_fen
same convert-rows convert --format rows
same convert-ply-csv convert --format csv --per ply --fen
same convert-ply-rows convert --format rows --per ply
same convert-plain convert --format plain --random 0.5 --seed 3 --skip-opening 2
same convert-lan-de convert --notation lan --lang de --book --strip comments,clocks
same search-tags search -i --player a --white e
same search-tags-plies search -i --player a --white e --plies-min 30
same search-list search -l --result 1-0,1/2-1/2 --plies-max 80
same search-invert-max search -v --event o --has-comments -m 40
same search-moves search --checkmate --summary --format json --fix-results
same search-material search --material KQ:KR --summary -c
same search-unique search --unique --summary --format pgn --width 60
same search-duplicates search --duplicates -l
same search-where search --where 'plies > 60 and white ~ "a"' --summary
same stats-summary stats
same stats-openings stats --openings --format csv
same stats-players stats --players --format json --white e
same stats-tree stats --tree --depth 3 --unique
same annotate annotate --eco --plycount --termination --final-fen --hash --fen-comments
same annotate-judge annotate --judge --width 70
run() {
    j=$1; shift
    "$PGNKIT" validate -j "$j" --good "$tmp/good$j" --bad "$tmp/bad$j" "$@" >"$tmp/out$j" 2>&1
    echo "exit $?" >>"$tmp/out$j"
    "$PGNKIT" validate -j "$j" --format json --max-errors 25 -v "$@" >"$tmp/json$j" 2>&1
    echo "exit $?" >>"$tmp/json$j"
}
run 1 "$tmp/mix.pgn" testdata/broken/fen-invalid.pgn testdata/sample.pgn.gz
for j in 2 3 7; do
    run $j "$tmp/mix.pgn" testdata/broken/fen-invalid.pgn testdata/sample.pgn.gz
    for f in out good bad json; do
        if ! cmp -s "$tmp/${f}1" "$tmp/$f$j"; then
            echo "-j $j: $f differs from -j 1"; diff "$tmp/${f}1" "$tmp/$f$j" | head -5; status=1
        fi
    done
done
# A truncated gzip input: the games before the damage, then the error, in the same order.
head -c 30000 testdata/sample.pgn.gz >"$tmp/cut.gz"
"$PGNKIT" validate -j 1 "$tmp/cut.gz" testdata/sample.pgn >"$tmp/cut1" 2>&1
"$PGNKIT" validate -j 3 "$tmp/cut.gz" testdata/sample.pgn >"$tmp/cut3" 2>&1
cmp -s "$tmp/cut1" "$tmp/cut3" || { echo "truncated input: -j 3 differs"; status=1; }
# A closed pipe is quiet (the input is large enough that the reader of the
# pipe leaves long before the end), and the status still tells that the
# input has invalid games.
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/mix.pgn"; done >"$tmp/big.pgn"
for j in 1 2; do
    { "$PGNKIT" validate -j $j "$tmp/big.pgn" 2>"$tmp/err"; echo $? >"$tmp/code"; } | head -n 1 >/dev/null
    if [ "$(cat "$tmp/code")" != 1 ] || grep -qv '^[0-9]* games: ' "$tmp/err"; then
        echo "closed pipe, -j $j: exit $(cat "$tmp/code")"; cat "$tmp/err"; status=1
    fi
done
exit $status
