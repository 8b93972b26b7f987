#!/bin/sh
# standings_published.sh - stats --standings against the published results of two real
# events (testdata/standings/*.facts, each quoting its source): a round robin (Tata Steel
# Masters 2019) and a Swiss (Gibraltar Masters 2019): score, rank, losses, performance.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
tab=$(printf '\t')
# check FACTS PGN: each fact line is player|score|rank|fourth, the fourth column named by $3
check_event() {
    facts=$1 pgn=$2 fourth=$3
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
# The round robin: 14 players, 91 games, every pair met once: the grid layout, auto.
"$PGNKIT" stats --crosstable testdata/standings/tata-steel-2019.pgn | grep -q '^Crosstable (grid):' ||
    { echo "tata-steel-2019: the crosstable of a round robin is not a grid"; status=1; }
"$PGNKIT" stats --crosstable testdata/standings/gibraltar-2019.pgn.gz | grep -q '^Crosstable (rounds):' ||
    { echo "gibraltar-2019: the crosstable of a Swiss is not by rounds"; status=1; }
exit $status
