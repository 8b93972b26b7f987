# Results with an en dash (1–0, 0–1, ½–½) and castling with Unicode hyphens,
# dashes or minus signs (O‑O, O–O-O, U+2010..U+2015, U+2212) are read, with one
# warning each (result-form, unicode-dash); the JSON gives their codes.
"$PGNKIT" validate --ignore missing-tag,notation testdata/lenient/unicode-dashes.pgn testdata/lenient/result-en-dash.pgn testdata/lenient/castling-dashes.pgn
"$PGNKIT" validate --format json testdata/lenient/unicode-dashes.pgn 2>/dev/null | grep -o '"code":"[a-z-]*"'
