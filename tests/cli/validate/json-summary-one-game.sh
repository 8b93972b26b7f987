# With --format json the summary keeps one form for scripts ("1 games:"), the text summary
# says "1 game:".
"$PGNKIT" validate --format json testdata/formats/one-game.pgn >/dev/null
"$PGNKIT" validate testdata/formats/one-game.pgn 2>&1 >/dev/null | tail -n 1
