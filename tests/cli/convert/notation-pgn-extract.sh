# --notation lalg, halg, elalg, xlalg, xolalg: pgn-extract's -W long styles as it
# writes them (tests/scripts/output_pgn_extract.sh compares with pgn-extract).
for style in lalg halg elalg xlalg xolalg; do
    echo "== $style"
    "$PGNKIT" convert -q --notation $style --strip tags testdata/notation/long-styles.pgn
done
echo "== elalg, German letters"
"$PGNKIT" convert -q --notation elalg --lang de --strip tags testdata/notation/long-styles.pgn | head -n 2
