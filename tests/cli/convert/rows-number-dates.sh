# --from rows: dates written as numbers become PGN dates: milliseconds since
# 1970 (pandas' to_json default; 1714521600000 is 2024-05-01 00:00 UTC, as
# `date -u -d @1714521600` says), YYYYMMDD and a year alone; a number of
# none of those forms is kept as it is, and ratings stay numbers. A row with
# UTCDate and no Date gets Date = UTCDate, as lichess's PGN has.
"$PGNKIT" convert -q --from rows --format csv --columns Event,Date,UTCDate,WhiteElo testdata/records/rows-dates.ndjson
