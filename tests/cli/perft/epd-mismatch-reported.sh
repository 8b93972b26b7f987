printf "%s\n" "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66" "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67" > "${TMPDIR:-/tmp}/pgnkit-epd-$$.epd"
"$PGNKIT" perft --epd "${TMPDIR:-/tmp}/pgnkit-epd-$$.epd" | sed "s|^.*pgnkit-epd-[0-9]*.epd|FILE|"; code=$?
rm -f "${TMPDIR:-/tmp}/pgnkit-epd-$$.epd"
"$PGNKIT" perft --epd /nonexistent/file.epd
