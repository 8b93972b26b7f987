#!/bin/sh
# elo_closed_form.sh - stats --elo against ratings worked out in closed form.
# testdata/stats/elo-chain.pgn is a chain of two matches, Alpha-Bravo (Alpha
# 3 of 4: two wins, two draws) and Bravo-Charlie (Bravo 2.5 of 4), and no
# game between Alpha and Charlie. Without a cycle each match is its own
# equation of maximum likelihood, so each rating difference is the logistic
# curve's inverse of the match score, d = 400 log10(p / (1 - p)), and its
# standard error that of one match, 400 / ln 10 / sqrt(n p (1 - p)) (the
# Fisher information of n games, a draw half a win). Anchored at Bravo the
# ratings are Bravo +/- d; with the average at 0 they shift by the mean.
# The likelihood of superiority over a neighbour is Phi(d / error). The
# expected values are computed here by awk, not by pgnkit; Ordo agrees to
# the printed decimal (tests/bench/run.sh with ORDO=).
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
in=testdata/stats/elo-chain.pgn

# expect ANCHOR_AT_BRAVO: the closed form as "player elo error los_next" lines.
expect() {
    awk -v anchored="$1" 'function d(p) { return 400 * log(p / (1 - p)) / log(10) }
        function se(n, p) { return 400 / log(10) / sqrt(n * p * (1 - p)) }
        function phi(x,   t, y) { # Abramowitz and Stegun 7.1.26 (error < 1.5e-7)
            t = 1 / (1 + 0.3275911 * (x < 0 ? -x : x) / sqrt(2))
            y = t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))
            y = 1 - t * (0.254829592 + t * (-0.284496736 + y)) * exp(-x * x / 2)
            return 0.5 * (1 + (x < 0 ? -y : y))
        }
        BEGIN {
            dab = d(3 / 4); dbc = d(2.5 / 4)
            b = anchored ? 2000 : -(dab - dbc) / 3
            printf "Alpha %.1f %s %.3f\n", b + dab, anchored ? sprintf("%.1f", se(4, 3 / 4)) : "-",
                phi(dab / se(4, 3 / 4))
            printf "Bravo %.1f %s %.3f\n", b, anchored ? "0.0" : "-", phi(dbc / se(4, 2.5 / 4))
            printf "Charlie %.1f %s -\n", b - dbc, anchored ? sprintf("%.1f", se(4, 2.5 / 4)) : "-"
        }'
}
# got ARGS...: pgnkit's table as the same lines (error "-" unless anchored).
got() {
    anchored=$1
    shift
    "$PGNKIT" stats --elo --format csv "$@" "$in" |
        awk -F, -v anchored="$anchored" 'NR > 1 && NF >= 7 {
            printf "%s %s %s %s\n", $2, $3, anchored ? $4 : "-", $7 == "" ? "-" : $7 }'
}

expect 0 >"$tmp/want"
got 0 >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "average 0: $(diff "$tmp/want" "$tmp/got" | tr '\n' ' ')"
expect 1 >"$tmp/want"
got 1 --anchor Bravo=2000 >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "anchored at Bravo=2000: $(diff "$tmp/want" "$tmp/got" | tr '\n' ' ')"
exit $status
