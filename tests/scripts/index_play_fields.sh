#!/bin/sh
# index_play_fields.sh - the database keeps the clock and evaluation fields of --where
# (white_min_clock .. black_accuracy, lib/index/index_play.h) and answers them alone:
# over every testdata game with clocks, evaluations or judgment NAGs, each field's
# count for being absent and for lying below each of a ladder of thresholds (which
# together give its whole distribution at those points) is the scan's, with the
# source gone; before schema 7 the database had to read the source for these fields.
# With the source back, the games each expression selects are the scan's, one by one.
. tests/scripts/index_setup.inc
for f in corpus/online_chesscom_clk.pgn diagram/bad-clocks.pgn records/lichess.expected.pgn \
        records/chesscom.expected.pgn records/rows.expected.pgn annotate/lichess-judged.pgn \
        annotate/lichess-evals.pgn convert/annotated.pgn convert/clock-kinds.pgn \
        convert/plies.pgn search/clock-evals.pgn python/clocks.pgn sample.pgn \
        reader/constructs.pgn corpus/otb_world_matches.pgn; do
    cat "$root/testdata/$f"
done >games.pgn
"$PGNKIT" index -q games.pgn -o games.pgnkit || { echo "index failed"; exit 1; }
fields="white_min_clock black_min_clock time_control_base time_control_increment
white_time_used black_time_used eval_final max_eval_swing white_blunders white_mistakes
white_inaccuracies black_blunders black_mistakes black_inaccuracies white_accuracy
black_accuracy"
# The fields the search man page lists among the clocks and evaluations: each has a case.
for f in $(sed -n '/^From the clocks and evaluations/,/^These fields\|^A database/p' \
        "$root/man/pgnkit-search.1" | grep -oE '(white|black|time_control|eval|max_eval)_[a-z_]+' \
        | sort -u); do
    case " $(echo $fields) " in *" $f "*) ;; *) fail "field $f has no case here" ;; esac
done

# counts INPUT: per field, the games without it and those below each threshold.
counts() {
    for f in $fields; do
        printf '%s' "$f"
        for e in "not $f" "$f < -300" "$f < 0" "$f < 1" "$f < 2" "$f < 5" "$f < 10" \
                "$f < 30" "$f < 60" "$f < 90" "$f < 100" "$f < 300" "$f < 1000" "$f < 100000"; do
            n=$("$PGNKIT" search -c --where "$e" "$1" 2>err); rc=$?
            [ $rc -le 1 ] || n="exit $rc: $(head -n 1 err)"
            printf ' %s' "$n"
        done
        echo
    done
}
counts games.pgn >scan.txt
[ "$(wc -l <scan.txt)" -eq 16 ] || fail "scan counts: $(cat scan.txt)"
# The games must say the fields: a run where every game lacks them checks nothing.
grep -q '^white_min_clock [0-9]* ' scan.txt && ! grep -q '^eval_final 0 ' scan.txt \
    && ! grep -q "^white_blunders $("$PGNKIT" search -c games.pgn) " scan.txt \
    || fail "the games do not give the fields: $(cat scan.txt)"
mv games.pgn away.pgn
counts games.pgnkit >db.txt
cmp -s scan.txt db.txt || { fail "the database's counts differ from the scan's:"; diff scan.txt db.txt; }

# Game by game: with the source back, the games each expression selects (their
# numbers) are the scan's.
mv away.pgn games.pgn
for f in $fields; do
    for e in "not $f" "$f < 0" "$f < 1" "$f < 10" "$f < 60" "$f < 100" "$f >= 100"; do
        "$PGNKIT" search --list --where "$e" games.pgn | cut -f 1 >scan.list
        "$PGNKIT" search --list --where "$e" games.pgnkit | cut -f 1 >db.list
        cmp -s scan.list db.list || fail "--where '$e': the database selects other games"
    done
done
exit $status
