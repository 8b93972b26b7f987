#!/bin/sh
# standings_published.sh - stats --standings against the published results of two real
# events (testdata/standings/*.facts, each quoting its source): a round robin (Tata Steel
# Masters 2019) and a Swiss (Gibraltar Masters 2019): score, rank, losses, performance;
# for the Swiss also the standings published after rounds 8 and 9, from the games of
# those rounds (Round tags "R.BOARD").
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
tab=$(printf '\t')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# check_event FACTS PGN FOURTH [ROUNDS]: each fact line is player|score|rank|fourth, the
# fourth column named by FOURTH; with ROUNDS (1-9), the standings after that round.
check_event() {
    facts=$1 pgn=$2 fourth=$3
    if [ -n "${4:-}" ]; then
        "$PGNKIT" search --tag "Round=^[1-$4]\\." "$pgn" >"$tmp/rounds.pgn" 2>/dev/null ||
            { echo "$pgn: no games of rounds 1-$4"; status=1; return; }
        pgn=$tmp/rounds.pgn
    fi
    table=$("$PGNKIT" stats --standings --format tsv "$pgn") || { echo "$pgn: stats failed"; status=1; return; }
    grep -v '^#' "$facts" | while IFS='|' read -r player score rank extra; do
        row=$(echo "$table" | awk -F"$tab" -v p="$player" '$2 == p')
        [ -n "$row" ] || { echo "$pgn: no row for '$player'" >&2; echo fail; continue; }
        got_score=$(echo "$row" | cut -f4) got_rank=$(echo "$row" | cut -f1)
        [ -z "$score" ] || [ "$got_score" = "$score" ] ||
            { echo "$pgn: $player scored '$got_score', published $score" >&2; echo fail; }
        [ -z "$rank" ] || [ "$got_rank" = "$rank" ] ||
            { echo "$pgn: $player ranked '$got_rank', published $rank" >&2; echo fail; }
        if [ -n "$extra" ]; then
            col=$(echo "$table" | awk -F"$tab" -v n="$fourth" 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == n) print i }')
            got=$(echo "$row" | cut -f"$col")
            [ "$got" = "$extra" ] || { echo "$pgn: $player $fourth '$got', published $extra" >&2; echo fail; }
        fi
    done | grep -q fail && status=1
}
check_event testdata/standings/tata-steel-2019.facts testdata/standings/tata-steel-2019.pgn losses
check_event testdata/standings/gibraltar-2019.facts testdata/standings/gibraltar-2019.pgn.gz performance
check_event testdata/standings/gibraltar-2019-r8.facts testdata/standings/gibraltar-2019.pgn.gz played 8
check_event testdata/standings/gibraltar-2019-r9.facts testdata/standings/gibraltar-2019.pgn.gz played 9
# The round robin: 14 players, 91 games, every pair met once: the grid layout, auto.
"$PGNKIT" stats --crosstable testdata/standings/tata-steel-2019.pgn | grep -q '^Crosstable (grid):' ||
    { echo "tata-steel-2019: the crosstable of a round robin is not a grid"; status=1; }
"$PGNKIT" stats --crosstable testdata/standings/gibraltar-2019.pgn.gz | grep -q '^Crosstable (rounds):' ||
    { echo "gibraltar-2019: the crosstable of a Swiss is not by rounds"; status=1; }
exit $status
