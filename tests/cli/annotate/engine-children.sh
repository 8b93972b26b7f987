# An engine (here a wrapper script) whose child process holds on: the timeout
# kills the engine's whole process group, the child too.
state=$(mktemp)
FAKE_MODE=children FAKE_STATE=$state "$PGNKIT" annotate -q -j 1 --engine tests/fakes/uci_fake.sh --engine-timeout 300 --nodes 10 testdata/annotate/short.pgn >/dev/null
echo "annotate: exit $?"
child=$(cat "$state")
sleep 0.2
# Alive: kill -0 succeeds and it is not a zombie (dead, not yet reaped).
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    [ -r "/proc/$1/stat" ] || return 0
    [ "$(cut -d' ' -f3 "/proc/$1/stat")" != Z ]
}
if [ -z "$child" ]; then
    echo "the engine started no child"
elif alive "$child"; then
    echo "the engine's child survived"
    kill "$child"
else
    echo "the engine's child is gone"
fi
rm -f "$state"
