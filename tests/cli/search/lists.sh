# Files of positions and of move lines, moves anywhere, Polyglot keys.
S=testdata/sample.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" 2>&1 | cut -f1 | tr '\n' ' '; echo; }
q --positions-file testdata/search/positions.txt "$S"
q --moves-file testdata/search/lines.txt "$S"
q --moves-anywhere 'Nf3 Nc6 Bb5' "$S"
q --moves-anywhere '1. e4 * 2. Nf3' "$S"
q --moves-anywhere 'O-O O-O' "$S"
q --polyglot-key 823c9b50fd114196 "$S"
q --polyglot-key 0x463b96181691fc9c "$S"
q --polyglot-key xyz "$S"
q --moves-file testdata/search/bad-lines.txt "$S"
q --positions-file testdata/search/missing.txt "$S"
q --moves-anywhere 'Nf3 Zz9' "$S"
