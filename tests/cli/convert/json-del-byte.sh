# The DEL byte (0x7f) is escaped as \u007f by every JSON writer alike: convert's
# game objects (lib/write) and stats' report (cmd/cli) both use json_escape().
"$PGNKIT" convert --format json testdata/convert/del-byte.pgn 2>/dev/null | grep -o '"Event":"[^"]*"'
"$PGNKIT" stats --format json testdata/convert/del-byte.pgn | grep -o '"events":{[^}]*}'
