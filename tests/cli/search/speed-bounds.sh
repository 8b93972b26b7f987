# The speed classes' six-hour bound and TimeControl "-" (no clock), as stats and serve class
# them: games a (21599 s) and d (1500 s) are classical, b (21600 s) and c ("-") correspondence.
F=testdata/search/speed-bounds.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" "$F" | cut -f6 | tr '\n' ' '; echo; }
q --time-control classical
q --time-control correspondence
q --time-control 21600-
q --time-control 1000-30000
q --where 'speed = "correspondence"'
q --where 'speed = "classical"'
q --where 'time_estimate >= 0'
