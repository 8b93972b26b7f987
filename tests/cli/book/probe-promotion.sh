# A promotion in a book: a7a8q is to a8 (56) | from a7 (48) << 6 | queen (4) << 12 =
# 0x4c38, a7a8n 0x1c38 (knight 1); the position's key is the one --probe prints.
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fen="8/P7/8/8/8/8/8/k6K w - - 0 1"
: >"$t/empty.bin"
key=$("$PGNKIT" book --probe "$fen" --format json "$t/empty.bin" 2>/dev/null | sed 's/.*"key":"\([0-9a-f]*\)".*/\1/')
echo "key $key"
# Big-endian bytes of the key, then move, weight 3 / 1, learn 0, written with printf.
octal() { # the bytes of hex string $1 as printf octal escapes
    echo "$1" | sed 's/../& /g' | tr ' ' '\n' | grep . | while read -r h; do printf '\\%03o' "$((0x$h))"; done
}
entry() { printf "$(octal "$key$1")" >>"$t/promo.bin"; }
entry 4c38000300000000
entry 1c38000100000000
"$PGNKIT" book --probe "$fen" "$t/promo.bin"; echo "exit $?"
mkdir "$t/dir.bin"
"$PGNKIT" book --probe "$fen" "$t/dir.bin" 2>&1 | sed "s|$t/||"
