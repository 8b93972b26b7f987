# Export format's tag order, written by hand: the Seven Tag Roster in its
# order, then every other tag in ASCII order of its name (capitals before
# small letters, "ECO" before "EventDate").
"$PGNKIT" convert testdata/convert/tags-scrambled.pgn
