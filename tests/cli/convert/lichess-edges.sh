# --from lichess, the writer's rarer cases, expected output written by hand:
# a clock of ten hours and more (3600000 cs) and the rounding of centiseconds
# to the second (359950 cs is 1:00:00, 359949 cs is 0:59:59); a date and a time
# with one-digit fields (createdAt 981173106000 is 2001-02-03 04:05:06 UTC, as
# `date -u -d @981173106` says); a name with quotes and a backslash (escaped in
# the tag) and one with a tab (a space in the tag); a rating difference of 0
# ("+0", as lichess writes it).
"$PGNKIT" convert -q --from lichess testdata/records/lichess-edges.ndjson
