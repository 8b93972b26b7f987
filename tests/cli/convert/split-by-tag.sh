# --split-by: tag values made safe file names, never outside the folder; one
# file for values that sanitise alike ("a/b", "a_b"); none for unknown values.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
mkdir "$d/out"
for key in event White eco eco:1 date:4; do
    echo "== --split-by $key"
    "$PGNKIT" convert -q --split-by "$key" --split-name "$d/out/{}.pgn" testdata/convert/split-keys.pgn
    (cd "$d/out" && for f in * .*; do [ -f "$f" ] && echo "$f: $(grep -c '^\[Event ' "$f")"; done)
    rm -f "$d/out"/*
done
ls "$d"
