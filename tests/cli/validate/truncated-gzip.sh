. tests/scripts/need.inc
need gzip
printf "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n" | gzip -c | head -c 40 | "$PGNKIT" validate
