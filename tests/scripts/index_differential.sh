#!/bin/sh
# index_differential.sh - a database answers exactly as the scan of its sources: for
# every search criterion (each row of the table in lib/query/search_query.c has a case
# below; a criterion without one fails the test), every stats report and the convert
# formats, over the test corpora (one big plain file, a gzip file, a CRLF file with
# byte order marks, a file that holds no game but a comment), standard output, standard error and the exit status through
# `pgnkit index`'s database equal those of the source files, with 1 and 2 jobs.
# The criteria the database decides from its records (lib/index/index_plan.c) have
# more cases, over testdata/index/tricky.pgn too: ratings, dates, ECO codes and
# results that are junk, partial or disagree, repeated tags, a regex that gives up
# at its limit on one name, criteria combined, --moves (decided from the first
# 30 moves: shorter and longer lines, another start, another --input-lang), --position
# with a board alone or a board and its side to move (any castling rights), positions
# found through the material keys (testdata/index/latepos.pgn: after a promotion and
# an underpromotion past ply 30, one reached by two move orders, the same board with
# the other side to move; a material no game has; a position first or after another
# criterion; material criteria of one exact material, through the same keys), and the
# material runs (testdata/index/material.pgn: a set-up start with Black to move, a
# capture that promotes, en passant, an underpromotion, a main line an illegal move
# ends), and --where on the fields the records hold (testdata/index/where.pgn: an
# empty White and no Black, a repeated Black, a FEN that is no position, a variant,
# a rating whose text is not its digits, a Round on which a regex gives up).
. tests/scripts/index_setup.inc
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/broken/*.pgn "$root"/testdata/search/*.pgn \
    "$root"/testdata/stats/*.pgn "$root"/testdata/sample.pgn "$root"/testdata/index/*.pgn >all.pgn
cp "$root/testdata/sample.pgn.gz" "$root/testdata/reader/bom_crlf.pgn" \
    "$root/testdata/index/sources/comment_only.pgn" .
sources="all.pgn sample.pgn.gz bom_crlf.pgn comment_only.pgn"
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
--material K:KQ --material-plies 1
--material-either KQ:K --material-plies 3
--material-end K:KQ
--material-end KQR2B2N2P7:KQR2B2N2P7
--material 'KQR*B*N*P*:KR*B*N*P*'
--material KQR2B2N2P8:KQR2B2N2P7
--material-either 'KR+P*:KR+P*' --material-plies 9
--player E --material KQR2B2N3P7:KQR2B2NP6 --material-plies 1
--position '4k3/1q6/8/8/1K6/8/8/8 w - - 0 5'
--position '2rr2k1/5p2/pp2pn1p/2b3p1/3N4/4P1P1/PP2NP1P/2RR2K1 b - - 3 21'
--position-pattern '*/*/*/*/???PP???/*/*/*'
--position-pattern-either '*/*/*/*/???PP???/*/*/*'
--positions-file "$root/testdata/search/positions.txt"
--moves-file "$root/testdata/search/lines.txt"
--moves-anywhere 'Nf3 * Bb5'
--polyglot-key 823c9b50fd114196
--repertoire "$root/testdata/repertoire/rep.pgn"
--repertoire "$root/testdata/repertoire/rep.pgn" --repertoire-side black --repertoire-exit them
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
--where 'white_elo > 2600 and result = "1-0"'
--where 'player ~ "carlsen" or black = ""'
--ignore-case --where 'player ~ "carlsen" and not checkmate'
--where 'white = "" or not black'
--where 'Black = "Tal, Mikhail" or White ~ "^K"'
--where 'Black != "Tal, Mikhail" and Event'
--where 'date >= "2000" and date < "2016"'
--where 'date ~ "\\?" or year = 1999'
--where 'white_elo ~ "^2[0-9]" and black_elo < 2500'
--where 'min_elo ~ "^2[34]" or elo_diff >= 100 and max_elo < 2800'
--where 'game <= 3 or game = 40'
--where 'plies > 60 and moves < 40 or plies = 0'
--where 'checkmate or stalemate or dead_position'
--where 'threefold and not fivefold or fifty or seventyfive or underpromotion'
--where 'material = "KQ:K" or material ~ "^KR[0-9]*:KR[0-9]*$"'
--where 'not material or material = "KQR2B2N2P8:KQR2B2N2P8" and plies < 2'
--where 'round = "1" and white_elo > 2000'
--where 'eco ~ "^B" and result = "1/2-1/2"'
--where 'white = black or white_elo = black_elo'
--where 'valid and white_elo > 2000'
--where 'white_min_clock < 50 or black_accuracy > 60 or white_blunders = 1 or eval_final > 0'
--where 'player = "Carlsen, Magnus" and result != "*"'
--where 'Site ~ "Moscow|Wijk" and year > 1990'
--match-limit 1000 --where 'white ~ "(a+)+$"'
--match-limit 1000 --where 'round ~ "(a+)+$" and white_elo > 2500 or result = "0-1"'
--match-limit 1000 --where 'white_elo > 2500 and round ~ "(a+)+$" or result = "0-1"'
--elo-min 2400 --player Anderssen
--ignore-case --player carlsen
--player '(a+)+$' --match-limit 1000
--player '(a+)+$' --match-limit 1000 --elo-min 2400
--elo-min 2400 --player '(a+)+$' --match-limit 1000
--tag White=Tal
--tag Black=Fischer --site Reykjavik
--date-from 1990.05 --date-to 1990.06
--eco A-E --result 1/2-1/2
--eco B --site Moscow
--result 0-1 --moves '1. e4'
--plies-min 4 --plies-max 11
--black-elo 2450- --elo-diff 0-100
--checkmate --result 1-0
--input-lang en --stalemate
--repetition 5
--time-trouble 10
--underpromotion --moves '1. e4'
--moves '1. d4 Nf6 2. c4'
--moves '1. e4' --player Carlsen
--input-lang en --moves '1. e4 e5'
--moves '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"] 1... c5'
--moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4'
--moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O'
--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
--position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
--position 'r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9'
--position '7r/6p1/Rkp5/2p1pP2/4P3/5nP1/1P3N1r/R4K2 b - - 1 35'
--position '1r6/8/2R2P2/2p5/1k2P3/1n4P1/8/2R3K1 b - - 0 55'
--input-lang en --position 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
--position 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2' --elo-min 2000
--elo-min 2000 --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
--position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b'
--position 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b'
--position 'r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1'
--elo-min 2000 --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR'
--position '4Q3/8/8/8/1k6/8/5K2/8 b - - 0 21'
--position '4N3/8/8/8/1k6/8/5K2/8 b - - 0 21'
--position '8/8/5k2/8/8/5K2/3P4/8 w - - 4 62'
--position '8/8/5k2/8/8/5K2/3P4/8 b - - 0 60'
--position '2rr2k1/5p2/pp2pn1p/2b3p1/3N4/4P1P1/PP2NP1P/2RR2K1 b - - 3 21' --result 1/2-1/2
--position '7r/6p1/Rkp5/2p1pP2/4P3/5nP1/1P3N1r/R4K2 b - - 1 35' --elo-min 2000
--material-end KRP:KR
--material KQ:K --material-plies 1
--material-end KN:K
--material-either KRRPP:KRRP
--material KPPP:KPP --material-plies 4
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

# Questions no game answers (counted: a list would be empty): a board of the corpora
# with the other side to move, a material no game has, through the material keys.
for args in "--position '1r6/8/2R2P2/2p5/1k2P3/1n4P1/8/2R3K1 w - - 0 55'" \
        "--position 'k7/8/8/8/8/8/1QQQ4/K7 b - - 0 1'" "--material-either KBN:K --material-plies 1"; do
    eval "same search --count $args"
done
# The tag criteria a database answers through its keys (game_keys, lib/index/index_keys.h):
# each kind alone and combined, ranges whose ends fall inside a key's span (ratings by 16,
# plies by 8, dates by year), one field's two ends (a date range), a name with a rating
# (the cheaper one picks), and where expressions whose first conjuncts the keys hold. Each
# case counts (the keys' sure part is counted without records) and lists (every game read);
# index_fastpath.sh checks that the database has the keys.
while IFS= read -r c; do
    eval "set -- $c"
    for mode in --count --list; do
        "$PGNKIT" search $mode "$@" $sources >scan.out 2>scan.err; echo "exit $?" >>scan.err
        "$PGNKIT" search $mode "$@" games.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
        cmp -s scan.out db.out && cmp -s scan.err db.err ||
            fail "search $mode $c: the database differs from the scan"
    done
done <<'EOF'
--player Carlsen
--player Carlsen --plies-min 100
--plies-min 100 --player Carlsen
--white Anderssen --result 1-0
--white-elo 2500-2700
--white-elo 2497-2510
--black-elo 2600- --eco B90-B99
--eco B90-B99
--eco C --result 1-0
--date-from 2000 --date-to 2010
--date-from 2005.06 --date-to 2005.06.30
--date-to 1900.06
--result 1/2-1/2 --plies-max 40
--plies-min 81 --plies-max 87
--event World --date-to 1990
--site Moscow --white-elo 2600-
--elo-min 2700 --player Carlsen
--where 'player ~ "Carlsen" and plies > 120'
--where 'plies > 150 and white_elo >= 2600'
--where 'year = 2015 and result = "1-0"'
--where 'white = "Carlsen,M" or plies > 200'
--where 'white_elo >= 2700 and black_elo >= 2700'
--where 'year >= 2000 and year <= 2010 and black ~ "^Kasp"'
--where 'event ~ "World" and not checkmate'
--ignore-case --where 'player ~ "carlsen" and plies < 60'
--match-limit 1000 --where 'white ~ "(a+)+$" and plies > 100'
EOF

for args in "" "--unique" "--duplicates" "--invert-match --player Tal" "--max-count 3" \
        "--format json" "--summary"; do
    # shellcheck disable=SC2086
    same search $args
done
# The tree is counted from the database's walks where it can be (lib/index/index_tree.c):
# roots at the start, in the opening, past ply 30 and in endgames; depths that reach
# past the 30 moves the database keeps; FEN and Chess960 starts.
for report in "" "--openings" "--tree" "--tree --depth 3" "--players" "--format json" \
        "--format csv --players" "--tree --moves '1. e4'" "--tree --format json --depth 20" \
        "--tree --moves '1. e4 c5' --depth 4 --format json" \
        "--tree --moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3' --depth 6 --format csv" \
        "--tree --moves '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4' --depth 3" \
        "--tree --position '7r/6p1/Rkp5/2p1pP2/4P3/5nP1/1P3N1r/R4K2 b - - 1 35' --format json" \
        "--tree --position '1r6/8/2R2P2/2p5/1k2P3/1n4P1/8/2R3K1 b - - 0 55' --depth 5" \
        "--tree --position 'rknqbbrn/pppppppp/8/8/8/8/PPPPPPPP/RKNQBBRN w KQkq - 0 1' --depth 2" \
        "--tree --moves '1. d4 Nf6 2. c4' --format json --depth 2"; do
    eval "same stats $report"
done
for fmt in pgn json epd csv uci; do
    same convert --keep-invalid --format $fmt
done
same validate
exit $status
