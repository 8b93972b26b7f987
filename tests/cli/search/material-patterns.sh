# Material patterns: counts and bounds, the minor-piece letter, either colour, and how many
# positions in a row the material must last (--material-plies, 2 by default).
F=testdata/search/features.pgn
S=testdata/sample.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" | cut -f1 | tr '\n' ' '; echo; }
# game 10: KRP:KR for 5 positions, KR:KR for 1 (2...Rxe2+ 3.Kxe2), KR:K for the last 2
q --material KR:KR "$F"
q --material KR:KR --material-plies 1 "$F"
q --material KR:K --material-plies 2 "$F"
q --material KR:K --material-plies 3 "$F"
q --material KR:KRP "$F"
q --material-either KR:KRP "$F"
q --material 'KR+P*:KR' "$F"
q --material 'KRP2-:KR+' "$F"
q --material 'KRP2+:KR' "$F"
q --material 'KQ*R2B*N*P*:KQ*R2B*N*P*' "$S"
q --material-either 'KL2P*:KRP*' "$S"
q --material 'KL+P*:KL+P*' --material-plies 40 "$S"
q --material-end 'KP*:KP*' "$S"
