# Tag criteria (PCRE2, unanchored; -i ignores case): the numbers of the games selected.
F=testdata/search/features.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" "$F" | cut -f1 | tr '\n' ' '; echo; }
q --white Carlsen
q --black Carlsen
q --player Carlsen
q --player carlsen
q -i --player carlsen
q --player '^Carlsen, M' --player Nakamura
q --white 'Rook|Pawn'
q --event Knights
q --event '^Knights dance thrice$'
q --site '\?'
q --annotator .
q --tag TimeControl=^60
q --tag Variant=.
q --tag 'FEN=^8/'
q --tag Nonexistent=.
q --tag WhiteElo=
