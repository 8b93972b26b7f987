#!/bin/sh
# migrate_guide.sh - every pgnkit form of man/pgnkit-migrate.1 runs (exit 0 or 1, never a
# usage or I/O error), every entry says form or none (a pending entry, an option not yet
# written, is refused), its -lFILE/-LFILE forms do log the diagnostics, and the page is
# the one place of the pgn-extract table: README.md links it and holds no copy.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
page=man/pgnkit-migrate.1
. tests/scripts/form_scratch.inc
status=0
ran=0

# Each entry: a .TP, the option line, then one machine-readable comment line.
entries=$(grep -c '^\.TP' "$page")
marked=$(grep -c '^\.\\" \(form\|none\):' "$page")
if [ "$entries" != "$marked" ]; then
    echo "$page: $entries entries but $marked form/none lines"
    status=1
fi
# No entry may wait for an option another change is adding: a form or none, and why.
if grep -n '^\.\\" pending:\|(pending)' "$page"; then
    echo "pending entries are refused: give a form, or none and the reason"
    status=1
fi

sed -n 's/^\.\\" form: //p' "$page" >"$scratch/forms"
while IFS= read -r form; do
    ran=$((ran + 1))
    (cd "$scratch" && PATH="$scratch/bin:$PATH" sh -c "$form" >/dev/null 2>"$scratch/err" </dev/null)
    code=$?
    if [ "$code" -gt 1 ]; then
        echo "$page: exit $code: $form"
        sed 's/^/    /' "$scratch/err" | head -n 5
        status=1
    fi
done <"$scratch/forms"

# The table lives in the page alone, so that the README stays an introduction
# and no second copy falls behind: the README links the page, and has no row of
# the table ("| `-7, --seven` | ...").
if ! grep -q '(man/pgnkit-migrate\.1)' README.md; then
    echo "README.md does not link $page"
    status=1
fi
if grep -n '^| `-' README.md; then
    echo "README.md holds rows of the pgn-extract table (above): they belong in $page"
    status=1
fi

# -lFILE and -LFILE keep a log of the diagnostics: validate prints them on
# standard output (only its summary on standard error), so the forms must
# redirect that. -LFILE appends: its form runs twice, the log holds both.
want=$("$PGNKIT" validate testdata/sample.pgn 2>/dev/null | grep -c '^testdata/sample\.pgn:[0-9]*:[0-9]*: ')
[ "$want" -gt 0 ] || { echo "testdata/sample.pgn gives no diagnostics to log"; status=1; }
for option in -lFILE:1 -LFILE:2; do
    runs=${option#*:}
    option=${option%:*}
    form=$(migrate_form "$option")
    rm -f "$scratch/log.txt"
    k=0
    while [ $k -lt "$runs" ]; do
        (cd "$scratch" && PATH="$scratch/bin:$PATH" sh -c "$form" >/dev/null 2>&1 </dev/null)
        k=$((k + 1))
    done
    got=$(grep -c '^testdata/sample\.pgn:[0-9]*:[0-9]*: ' "$scratch/log.txt" 2>/dev/null)
    if [ "${got:-0}" != $((want * runs)) ]; then
        echo "$page: $option: '$form' logs ${got:-0} diagnostic lines, not $((want * runs))"
        status=1
    fi
done
[ "$ran" -gt 50 ] || { echo "$page: only $ran forms found"; status=1; }
[ $status = 0 ] && echo "migrate_guide: $ran forms ran"
exit $status
