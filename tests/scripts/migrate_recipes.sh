#!/bin/sh
# migrate_recipes.sh - the pgnkit forms of pgnkit-migrate(1)'s pgn-extract options
# select the right games. Each form below is taken from man/pgnkit-migrate.1 as written, run on
# testdata/search/recipes.pgn instead of testdata/sample.pgn, and its games (their
# Event tags g1..g12) compared with the answer counted by hand from that file:
#
#   g1  Carlsen 2850 - Anand 2780, 1-0, B90, 1. e4 c5 2. Nf3 d6
#   g2  Lowe 847 - Berg 1000, 0-1          g3  Novak 1000 - Ortiz 847, 0-1
#   g4  Anderssen 2000 - Dufresne 1900, 1995, 1. e4 e5, draw
#   g5  Quinn ? - Rossi 1500, 1-0          g6  fool's mate, 0-1
#   g7  Loyd's stalemate, draw             g8  knights out and back twice: threefold
#   g9  Topalov - Carlsen, g1's moves, 0-1 g10 SetUp, 1. e4 {a comment}
#   g11 SetUp, 1. a8=N                      g12 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6
#
# A form missing from the page fails the test: a recipe must not vanish unchecked.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/form_scratch.inc
status=0
ran=0
all="g1 g2 g3 g4 g5 g6 g7 g8 g9 g10 g11 g12"

# check OPTION ANSWER: the games (or, with a leading =, the output) the form gives.
check() {
    form=$(migrate_form "$1")
    if [ -z "$form" ]; then
        echo "man/pgnkit-migrate.1: no pgnkit form for $1"
        status=1
        return
    fi
    ran=$((ran + 1))
    form=$(printf '%s' "$form" | sed 's|testdata/sample\.pgn|testdata/search/recipes.pgn|g')
    rm -f "$scratch"/*.pgn
    out=$(cd "$scratch" && PATH="$scratch/bin:$PATH" sh -c "$form" 2>"$scratch/err" </dev/null)
    # A form that writes its games to a file (> FILE): the games are that file's.
    to=$(printf '%s' "$form" | sed -n 's/.* > \([^ ]*\)$/\1/p')
    [ -n "$to" ] && out=$(cat "$scratch/$to")
    case $2 in
        =*) got="=$out" ;;
        *) got=$(printf '%s\n' "$out" | sed -n 's/^\[Event "\(g[0-9]*\)"\]$/\1/p' | tr '\n' ' ' | sed 's/ $//') ;;
    esac
    if [ "$got" != "$2" ]; then
        echo "$1: $form"
        echo "    gives '$got', expected '$2'"
        sed 's/^/    /' "$scratch/err" | head -n 5
        status=1
    fi
}

check --higherratedwinner "g1 g2"
check --lowerratedwinner "g3"
check "-M, --checkmate" "g6"
check --stalemate "g7"
check --repetition "g8"
check --repetition5 ""
check -TwNAME "g1"
check -TbNAME "g9"
check -TpNAME "g1 g9"
check --tagsubstr "g1"
check -TrRESULT "g1 g2 g3 g5 g6 g9"
check -TeECO "g1"
check -TdDATE "g4"
check -tFILE "g4"
check "-D, --noduplicates" "g1 g2 g3 g4 g5 g6 g7 g8 g10 g11 g12"
check "-U, --nounique" "g9"
check --commented "g10"
check --nosetuptags "g1 g2 g3 g4 g5 g6 g7 g8 g9 g12"
check --onlysetuptags "g10 g11"
check --underpromotion "g11"
check -HHASH "g1 g4 g9 g12"
check "--markmatches TEXT" "g1 g4 g9 g12"
check --vanywhere "g12"
check "--btm, --wtm" "$all"
check -W "$all"
check --suppressmatched "g2 g3 g4 g5 g6 g7 g8 g9 g10 g11 g12"
check -nFILE "g4"
check "-dFILE, --duplicates FILE" "g9"
check "-oFILE, --output FILE" "$all"
check "--selectonly LIST" "g1 g2 g3 g4 g5 g6 g7 g8 g9 g10"
check "--skipmatching LIST" "g4 g5 g6 g7 g8 g9 g10 g11 g12"
check "--stopafter N" "g1 g2 g3 g4 g5"
check "--firstgame N" "g10 g11 g12"
check "--gamelimit N" "$all"
check -AFILE "=1"
check -fFILE "=12"
[ $status = 0 ] && echo "migrate_recipes: $ran forms gave the games counted by hand"
exit $status
