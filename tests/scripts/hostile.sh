#!/bin/sh
# hostile.sh - pgnkit validate on hostile input, generated at test time (the small
# cases live in testdata/hostile/). Each hostile thing sits between a normal game
# before it and one after it (after a line end); both must come out valid and byte
# for byte in --good. Each case must give its diagnostic, account for every game
# (games = valid + invalid + skipped), stay under 64 MB of peak memory and finish in
# bounded time. Prints one line per case: name, peak RSS, seconds (wall, CPU), diagnostic.
# validate runs with -j 2 (HOSTILE_JOBS=N for another count): the bound holds with workers.
# Then convert -j with output 16 times its input; last, search with regular
# expressions that backtrack exponentially.
# PGNKIT_QUICK=1 (sanitizer builds) makes the big cases 16 times smaller and skips
# the memory bound, which a sanitizer's shadow memory breaks; HOSTILE_SCALE=N divides
# the sizes by N.
set -u
: "${PGNKIT:?set PGNKIT to the pgnkit binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MB=1048576
scale=1
[ -n "${PGNKIT_QUICK:-}" ] && scale=16
scale=${HOSTILE_SCALE:-$scale}
max_rss_kb=65536
max_secs=60
failed=0
# The peak memory comes from GNU time: without it the test is skipped.
. tests/scripts/need.inc
need time
TIME=$need_path
need gzip

game() { # game NAME: a short valid game
    printf '[Event "%s"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n' "$1"
    printf '[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n'
}
game before >"$tmp/before.pgn"
game after >"$tmp/after.pgn"
tags() { # tags NAME: a tag section
    printf '[Event "%s"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n' "$1"
    printf '[Black "B"]\n[Result "*"]\n\n'
}
repeat() { # repeat BYTES TEXT: TEXT over and over, BYTES in all, no line end
    yes "$2" | tr -d '\n' | head -c "$1"
}

# check NAME GAMES GOOD DIAG [OPTIONS...] < input: validates standard input.
#   GAMES  the number of games expected
#   GOOD   which games --good must hold, as files of $tmp joined by '+'
#   DIAG   an extended regular expression the diagnostics must match
check() {
    name=$1 want_games=$2 want_good=$3 diag=$4
    shift 4
    # Unless a game is too big to be copied, --good and --bad partition the input.
    case $diag in *'game larger'*) cat ;; *) tee "$tmp/in" ;; esac |
        $TIME -f '%M %e %U %S' -o "$tmp/time" "$PGNKIT" validate -j "${HOSTILE_JOBS:-2}" \
            --good "$tmp/good" --bad "$tmp/bad" "$@" - >"$tmp/out" 2>"$tmp/err"
    code=$(sed -n 's/^Command exited with non-zero status //p' "$tmp/time")
    code=${code:-0}
    set -- $(tail -n 1 "$tmp/time")
    rss=$1 secs=$2 cpu=$(echo "$3 $4" | awk '{ printf "%.1f", $1 + $2 }')
    bad=""
    summary=$(grep -E '^[0-9]+ games: ' "$tmp/err" | tail -n 1)
    set -- $(echo "$summary" | sed -n 's/^\([0-9]*\) games: \([0-9]*\) valid, \([0-9]*\) invalid\(, \([0-9]*\) skipped\)*.*/\1 \2 \3 \5/p')
    if [ $# -lt 3 ]; then
        bad="$bad; no summary (exit $code)"
    else
        [ "$1" = "$want_games" ] || bad="$bad; $1 games, expected $want_games"
        [ "$1" = $(($2 + $3 + ${4:-0})) ] || bad="$bad; games $1 != valid $2 + invalid $3 + skipped ${4:-0}"
    fi
    case $code:$want_good in 0:*|1:*|3:prefix:*) ;; *) bad="$bad; exit $code" ;; esac
    case $want_good in
    prefix:*) # the games before a cut: a prefix of the input, more than the first game
        cmp -s -n "$(wc -c <"$tmp/good")" "$tmp/good" "$tmp/${want_good#prefix:}" &&
            [ "$(wc -c <"$tmp/good")" -gt "$(wc -c <"$tmp/before.pgn")" ] ||
            bad="$bad; --good is not the games before the cut" ;;
    *)  for f in $(echo "$want_good" | tr '+' ' '); do cat "$tmp/$f"; done >"$tmp/want_good"
        cmp -s "$tmp/good" "$tmp/want_good" || bad="$bad; --good is not exactly the games around the case" ;;
    esac
    grep -Eq "$diag" "$tmp/out" "$tmp/err" || bad="$bad; no diagnostic matching '$diag'"
    case $diag:$want_good in
    *'game larger'*|*:prefix:*) ;;
    *) [ "$(cat "$tmp/good" "$tmp/bad" | wc -c)" = "$(wc -c <"$tmp/in")" ] ||
           bad="$bad; --good and --bad do not partition the input" ;;
    esac
    [ "$scale" = 1 ] && [ "$rss" -gt "$max_rss_kb" ] && bad="$bad; peak RSS $rss KB"
    awk -v s="$secs" -v m="$max_secs" 'BEGIN { exit !(s > m) }' && bad="$bad; $secs s"
    what=$(grep -Eho "$diag" "$tmp/out" "$tmp/err" | head -n 1)
    printf '%-18s %7d KB %6s s %5s s CPU  %s\n' "$name" "$rss" "$secs" "$cpu" "$what"
    if [ -n "$bad" ]; then
        echo "    FAILED${bad#;}"
        head -n 5 "$tmp/out" "$tmp/err" | cut -c 1-200 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
}

big=$((100 * MB / scale))
{ cat "$tmp/before.pgn"; tags comment; printf '1. e4 {'; yes 'a comment that goes on' | head -c $big
  printf '} e5 *\n\n'; cat "$tmp/after.pgn"; } |
    check comment-100MB 3 before.pgn+after.pgn 'game larger than [0-9]+ bytes'

{ cat "$tmp/before.pgn"; printf '[Event "tag"]\n[Annotator "'; repeat $((10 * MB / scale)) 'x'
  printf '"]\n\n1. e4 *\n\n'; cat "$tmp/after.pgn"; } |
    check tag-value-10MB 3 before.pgn+after.pgn 'tag value too long \(limit [0-9]+\)'

n=$((100000 / scale))
{ cat "$tmp/before.pgn"; tags nested; printf '1. e4 '; repeat $((4 * n)) '(e4 '; repeat $n ')'
  printf ' *\n\n'; cat "$tmp/after.pgn"; } |
    check nested-100k 3 before.pgn+after.pgn 'nested too deep|too many variations'

# Braces nested 100,000 deep in one comment (--nested-comments counts them, no recursion),
# then as many opened and never closed.
{ tags braces; printf '1. e4 '; repeat $n '{'; repeat $n '}'; printf ' *\n\n'; } >"$tmp/braces.pgn"
cat "$tmp/before.pgn" "$tmp/braces.pgn" "$tmp/after.pgn" |
    check braces-100k 3 before.pgn+braces.pgn+after.pgn '3 games: 3 valid' --nested-comments
{ cat "$tmp/before.pgn"; tags open-braces; printf '1. e4 '; repeat $n '{'; printf '\n\n'
  cat "$tmp/after.pgn"; } |
    check open-braces-100k 3 before.pgn+after.pgn 'unterminated comment' --nested-comments

{ cat "$tmp/before.pgn"; head -c $((1024 * MB / scale)) /dev/zero | tr '\0' N; printf '\n'
  cat "$tmp/after.pgn"; } |
    check line-1GB 3 before.pgn+after.pgn 'game larger than [0-9]+ bytes'

cat "$tmp/before.pgn" testdata/hostile/nul-bytes.pgn "$tmp/after.pgn" |
    check nul-bytes 3 before.pgn+after.pgn 'unexpected control character 0x00'

cp testdata/hostile/invalid-utf8.pgn "$tmp/utf8.pgn"
cat "$tmp/before.pgn" "$tmp/utf8.pgn" "$tmp/after.pgn" |
    check invalid-utf8 3 before.pgn+utf8.pgn+after.pgn 'not valid UTF-8: read as CP1252'

# Invalid UTF-8 everywhere in a big game: 15 MB of comments in CP1252, twice as long
# in UTF-8. The reader holds it twice (its window, its UTF-8 text); the pipeline lends
# such a game to a worker instead of copying it, so -j stays within the bound.
{ tags cp1252; i=0; while [ $i -lt $((15 / scale + 1)) ]; do
      printf '{'; repeat $((MB - 64)) "$(printf '\200\237\377 ')"; printf '}\n'; i=$((i + 1)); done
  printf '1. e4 *\n\n'; } >"$tmp/cp1252.pgn"
cat "$tmp/before.pgn" "$tmp/cp1252.pgn" "$tmp/after.pgn" |
    check invalid-utf8-15MB 3 before.pgn+cp1252.pgn+after.pgn 'not valid UTF-8: read as CP1252'

# The bomb: 1 GB of NUL bytes in 16 gzip members (one compressed once, 64 KB each).
head -c $((64 * MB / scale)) /dev/zero | gzip -9 >"$tmp/zeros.gz"
{ gzip -c "$tmp/before.pgn"; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
      cat "$tmp/zeros.gz"; done; printf '\n' | cat - "$tmp/after.pgn" | gzip; } >"$tmp/bomb.gz"
check gzip-bomb-1GB 3 before.pgn+after.pgn 'game larger than [0-9]+ bytes' <"$tmp/bomb.gz"

# A gzip stream cut in half: the games before the cut come out; the one it cuts is invalid.
{ cat "$tmp/before.pgn"; i=0; while [ $i -lt 3000 ]; do game "g$i"; i=$((i + 1)); done
  cat "$tmp/after.pgn"; } >"$tmp/whole.pgn"
gzip -9 -c "$tmp/whole.pgn" >"$tmp/whole.gz"
head -c $(($(wc -c <"$tmp/whole.gz") / 2)) "$tmp/whole.gz" >"$tmp/cut.gz"
games=$(gzip -dc "$tmp/cut.gz" 2>/dev/null | grep -c '^\[Event ')
check truncated-gzip "$games" prefix:whole.pgn 'cannot read .* to its end' <"$tmp/cut.gz"

n=$((1000000 / scale))
yes '[Event "?"]
*
' | head -n $((3 * n)) >"$tmp/empty.pgn"
cat "$tmp/before.pgn" "$tmp/empty.pgn" "$tmp/after.pgn" |
    check empty-games-1M $((n + 2)) before.pgn+empty.pgn+after.pgn \
        "^$((n + 2)) games: $((n + 2)) valid" -w

# 20,000 plies: knights shuffling (a legal game, past fivefold repetition and the
# 75-move rule: a warning), then the same with an illegal last move, which the replay
# must reach.
long() {
    tags "$1"
    awk -v last="$2" 'BEGIN { for (i = 1; i <= 5000; i++) {
        printf "%d. Nf3 Nf6 %d. Ng1 Ng8%s", 2 * i - 1, 2 * i, i % 5 ? " " : "\n" }
        printf "%s*\n\n", last }'
}
long long '' >"$tmp/long.pgn"
long long-illegal '10001. Qxf7 ' >"$tmp/long-illegal.pgn"
cat "$tmp/before.pgn" "$tmp/long.pgn" "$tmp/long-illegal.pgn" "$tmp/after.pgn" |
    check plies-20000 4 before.pgn+long.pgn+after.pgn '10001\. Qxf7: illegal move'

# Output many times the size of its input (JSON with the FEN after every move, 16
# times as big): with workers, the output waiting to be written counts against the
# memory bound too. The same output as one thread.
awk -v n=$((60 / scale + 1)) 'BEGIN { for (g = 1; g <= n; g++) {
    printf "[Event \"g%d\"]\n[Result \"*\"]\n\n", g
    for (i = 1; i <= 2500; i++) printf "%d. Nf3 Nf6 %d. Ng1 Ng8%s", 2 * i - 1, 2 * i, i % 5 ? " " : "\n"
    printf "*\n\n" } }' >"$tmp/longs.pgn"
$TIME -f '%M %e %U %S' -o "$tmp/time" "$PGNKIT" convert -q -j "${HOSTILE_JOBS:-2}" --format json \
    --fen "$tmp/longs.pgn" | cksum >"$tmp/sum"
set -- $(tail -n 1 "$tmp/time")
printf '%-18s %7d KB %6s s %5s s CPU  %s\n' "convert-fen-16x" "$1" "$2" \
    "$(echo "$3 $4" | awk '{ printf "%.1f", $1 + $2 }')" "$(cut -d ' ' -f 2 "$tmp/sum") bytes"
bad=""
"$PGNKIT" convert -q -j 1 --format json --fen "$tmp/longs.pgn" | cksum | cmp -s - "$tmp/sum" ||
    bad="$bad; not the output of -j 1"
[ "$scale" = 1 ] && [ "$1" -gt "$max_rss_kb" ] && bad="$bad; peak RSS $1 KB"
[ -z "$bad" ] || { echo "    FAILED${bad#;}"; failed=$((failed + 1)); }

# Pathological regular expressions (search): exponential backtracking on 1000 games
# with a 10 KB Event stops at the match limit, with a warning; such a match counts as
# none, so -v prints every game, byte for byte.
x=$(head -c 10000 /dev/zero | tr '\0' x)
{ cat "$tmp/before.pgn"; i=0; while [ $i -lt $((1000 / scale)) ]; do
      printf '[Event "%sy"]\n[Result "*"]\n\n*\n\n' "$x"; i=$((i + 1)); done
  cat "$tmp/after.pgn"; } >"$tmp/regex.pgn"
for re in '(x+x+)+$' '^(x|xx)+$' '(?:x+)+\d'; do
    $TIME -f '%M %e %U %S' -o "$tmp/time" "$PGNKIT" search -v --event "$re" --where \
        "event ~ \"$re\" or white ~ \"$re\"" "$tmp/regex.pgn" >"$tmp/out" 2>"$tmp/err"
    set -- $(tail -n 1 "$tmp/time")
    printf '%-18s %7d KB %6s s %5s s CPU  %s\n' "regex $re" "$1" "$2" \
        "$(echo "$3 $4" | awk '{ printf "%.1f", $1 + $2 }')" "$(head -n 1 "$tmp/err" | cut -c 1-60)"
    bad=""
    cmp -s "$tmp/out" "$tmp/regex.pgn" || bad="$bad; -v does not print every game"
    grep -q 'gave up at its match limit' "$tmp/err" || bad="$bad; no match-limit warning"
    [ "$scale" = 1 ] && [ "$1" -gt "$max_rss_kb" ] && bad="$bad; peak RSS $1 KB"
    awk -v s="$2" -v m="$max_secs" 'BEGIN { exit !(s > m) }' && bad="$bad; $2 s"
    [ -z "$bad" ] || { echo "    FAILED${bad#;}"; head -n 3 "$tmp/err" | sed 's/^/    /'; failed=$((failed + 1)); }
done

[ "$failed" = 0 ] || { echo "hostile: $failed case(s) failed"; exit 1; }
