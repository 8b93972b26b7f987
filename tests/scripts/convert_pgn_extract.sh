#!/bin/sh
# convert_pgn_extract.sh - pgn-extract as a second opinion on convert's SAN:
#  1. pgn-extract -Wsan rewriting our output gives it back (same tags, moves,
#     move numbers, NAGs, comments and variations);
#  2. on inputs pgn-extract reads in full, our output and pgn-extract -Wsan's
#     are the same.
# Compared after normalising white space and line breaks, with tags sorted
# (pgn-extract moves some tags, we keep the input order). Known differences,
# taken out before comparing: pgn-extract (19.04) drops comments after the
# result and cannot read ';' comments. Skipped when pgn-extract is missing.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/pgn_extract.inc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# One token per line; per game "GAME", its tags sorted, then the movetext up to
# the result (comments after it are dropped).
normalise() {
    awk '
    function flush(  i, j, t) {
        if (!started) return
        print "GAME"
        for (i = 1; i <= nt; i++)
            for (j = i + 1; j <= nt; j++)
                if (tags[j] < tags[i]) { t = tags[i]; tags[i] = tags[j]; tags[j] = t }
        for (i = 1; i <= nt; i++) print tags[i]
        printf "%s", body
        nt = 0; body = ""; started = 0; done = 0; depth = 0; incomment = 0; inbody = 0
    }
    /^\[[A-Za-z0-9_]+ "/ && !incomment {
        if (inbody) flush()
        started = 1; tags[++nt] = $0; next
    }
    {
        line = $0
        gsub(/[{}()]/, " & ", line)
        n = split(line, tok, /[ \t\r]+/)
        for (i = 1; i <= n; i++) {
            t = tok[i]
            if (t == "") continue
            started = 1; inbody = 1
            if (done) continue
            if (incomment) { if (t == "}") incomment = 0 }
            else if (t == "{") incomment = 1
            else if (t == "(") depth++
            else if (t == ")") depth--
            else if (depth == 0 && (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*")) done = 1
            body = body t "\n"
        }
    }
    END { flush() }' "$1"
}

compare() {
    normalise "$1" >"$tmp/ours.txt"
    normalise "$2" >"$tmp/theirs.txt"
    if ! cmp -s "$tmp/ours.txt" "$tmp/theirs.txt"; then
        echo "$3: our SAN and pgn-extract's differ:"
        diff "$tmp/ours.txt" "$tmp/theirs.txt" | head -n 12
        status=1
    fi
    games=$(grep -c '^GAME$' "$tmp/ours.txt")
    [ "$games" -gt 0 ] || { echo "$3: no game compared"; status=1; }
}

# ';' comments out (outside braces a ';' runs to the end of the line).
drop_line_comments() {
    awk '{
        out = ""
        for (i = 1; i <= length($0); i++) {
            c = substr($0, i, 1)
            if (!inc && c == ";") break
            if (c == "{") inc = 1
            else if (c == "}") inc = 0
            out = out c
        }
        sub(/ +$/, "", out)
        if (out != "" || $0 == "") print out
    }'
}

# 1. pgn-extract rewrites our output.
for f in testdata/sample.pgn testdata/convert/*.pgn testdata/notation/*.pgn; do
    "$PGNKIT" convert -q "$f" | drop_line_comments >"$tmp/ours.pgn"
    "$pgn_extract" -s --allownullmoves -Wsan -w80 "$tmp/ours.pgn" >"$tmp/theirs.pgn" 2>/dev/null
    compare "$tmp/ours.pgn" "$tmp/theirs.pgn" "$f (pgn-extract on our output)"
done

# 2. Both read the same input.
for f in testdata/convert/otb_events_2019.en.pgn testdata/convert/chess960.pgn \
    testdata/notation/otb_events_2019.de-san.pgn; do
    "$PGNKIT" convert -q "$f" >"$tmp/ours.pgn"
    "$pgn_extract" -s -Wsan -w80 "$f" >"$tmp/theirs.pgn" 2>/dev/null
    compare "$tmp/ours.pgn" "$tmp/theirs.pgn" "$f"
done
exit $status
