# --repertoire: games that leave a repertoire (all games of the file merged,
# variations as alternatives, positions matched so a transposition stays in
# the book). Hand counts on testdata/repertoire/games.pgn, read as White's:
# us (White left it): 3 (2. Bc4), 5 (1. d4), 6 (3. Bb5); them: 2 (2...d6),
# 8 and 10 (1...c6); never left: 1 and 7 (past the book's end), 4 (a
# transposition into it), 9 (ends inside it).
R=testdata/repertoire/rep.pgn
G=testdata/repertoire/games.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l --repertoire "$R" "$@" "$G" | cut -f1 | tr '\n' ' '; echo; }
q
q --repertoire-side white --repertoire-exit us
q --repertoire-side white --repertoire-exit them
q --repertoire-side black --repertoire-exit us
q --repertoire-side black --repertoire-exit any
q -v
# --match-tag names the move that left it.
"$PGNKIT" search --match-tag --repertoire "$R" --repertoire-side white "$G" | grep -E '^\[(Event|RepertoireExit) '
"$PGNKIT" search -c --repertoire "$R" -j 2 "$G"
# Through a database: the same games.
t=$(mktemp -d) && trap 'rm -rf "$t"' EXIT
"$PGNKIT" index -q "$G" -o "$t/g.pgnkit"
"$PGNKIT" search -l --repertoire "$R" --repertoire-side white --repertoire-exit them "$t/g.pgnkit" | cut -f1 | tr '\n' ' '; echo
