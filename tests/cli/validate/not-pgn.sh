# Inputs that are not text end with one error each; the next input is still read (exit 3).
d=testdata/formats
"$PGNKIT" validate $d/document.pdf $d/image.png $d/photo.jpg $d/picture.gif $d/program \
    $d/program.exe $d/nul-first-line.pgn $d/utf16-no-bom.pgn $d/one-game.pgn
