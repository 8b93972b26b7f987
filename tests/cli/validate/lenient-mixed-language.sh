# A German game with English piece letters (2. Sf3 Nc6 3. Bb5): a move that does
# not read in the game's language is read in the other of English and German,
# with one warning per game (mixed-language). An English game's illegal 'Bb4'
# is not read as a German pawn move: only letters the other language alone has
# are tried.
"$PGNKIT" validate testdata/lenient/mixed-language.pgn
"$PGNKIT" convert -q --format uci testdata/lenient/mixed-language.pgn
