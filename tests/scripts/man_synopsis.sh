#!/bin/sh
# man_synopsis.sh - each command's -h usage lines equal its man page SYNOPSIS,
# every long option of -h is in its man page and every option a man page
# defines (a .TP item) is in -h or is a hidden alias (a page that refers to
# pgnkit-search(1) for the selection criteria may leave those to that page,
# where they must be described), pgnkit(1) lists every
# command, and every "$ pgnkit ..." line of the EXAMPLES section runs
# without a usage error.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
ln -s "$(pwd)/testdata" "$scratch/testdata"
ln -s "$(pwd)/tests" "$scratch/tests"

# Renders the roff SYNOPSIS section to plain lines: .B/.I join their words
# with spaces, the alternating-font macros (.RB .IR ...) join them without.
synopsis() {
    awk '
    /^\.SH / { insec = ($2 == "SYNOPSIS"); next }
    !insec { next }
    /^\.br/ { print line; line = ""; next }
    /^\.(B|I) / { sub(/^\.(B|I) /, ""); line = line (line == "" ? "" : " ") $0; next }
    /^\.(RB|BR|IR|RI|IB|BI) / {
        sub(/^\.[A-Z][A-Z] /, ""); s = ""; n = split($0, w, " ")
        for (i = 1; i <= n; i++) s = s w[i]
        line = line (line == "" ? "" : " ") s; next }
    /^\./ { next }
    { line = line (line == "" ? "" : " ") $0 }
    END { if (line != "") print line }' "$1" | sed 's/\\-/-/g; s/\\fR//g; s/\\fI//g; s/\\fB//g'
}

commands=$("$PGNKIT" --help | awk '/^   [a-z]/ { print $1 }')
[ -n "$commands" ] || { echo "no commands listed by pgnkit --help"; exit 1; }
for cmd in $commands; do
    page=man/pgnkit-$cmd.1
    if [ ! -f "$page" ]; then
        echo "missing $page"; status=1; continue
    fi
    want=$(synopsis "$page")
    got=$("$PGNKIT" "$cmd" -h | sed -n '1,/^$/p' | sed '/^$/d; s/^usage: //; s/^   or: //')
    if [ "$want" != "$got" ]; then
        echo "$cmd: -h and $page SYNOPSIS differ:"
        echo "  man: $want"
        echo "  -h:  $got"
        status=1
    fi
    # Options: -h and the page's .TP items agree ("\-\-name" in roff).
    usage=$("$PGNKIT" "$cmd" -h)
    for opt in $(echo "$usage" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        roff=$(echo "$opt" | sed 's/-/\\\\-/g')
        grep -q -- "$roff" "$page" && continue
        [ "$cmd" != search ] && grep -q 'criteri.*' "$page" && grep -q 'pgnkit\\-search (1)' "$page" &&
            grep -q -- "$roff" man/pgnkit-search.1 && continue
        echo "$page does not describe $opt of -h"; status=1
    done
    for opt in $(awk '/^\.TP/ { getline; print }' "$page" | grep -o '\\-\\-[a-z][a-z0-9\\-]*' |
                 sed 's/\\-/-/g' | sort -u); do
        echo "$usage" | grep -q -- "$opt\\b" && continue
        "$PGNKIT" __aliases 2>/dev/null | grep -q "^$cmd $opt " && continue
        echo "$page describes $opt, which $cmd -h does not show"; status=1
    done
    awk '/^\.SH COMMANDS/ { c = 1; next } /^\.SH/ { c = 0 } c && /^\.TP/ { getline; print $2 }' \
        man/pgnkit.1 | grep -qx "$cmd" || { echo "pgnkit(1) COMMANDS does not list $cmd"; status=1; }
    # EXAMPLES: lines "$ pgnkit ..." are run in a scratch folder that sees testdata/.
    awk '/^\.SH /{ex=($2=="EXAMPLES"); next} ex && /^\$ pgnkit /{ sub(/^\$ /, ""); print }' "$page" \
        | sed 's/\\-/-/g' | while IFS= read -r example; do
        out=$(cd "$scratch" && eval "\"\$PGNKIT\" ${example#pgnkit }" 2>&1 >/dev/null </dev/null)
        code=$?
        if [ $code -ge 2 ]; then
            echo "$page example failed (exit $code): $example"; echo "$out" | head -5
            exit 1
        fi
    done || status=1
done
exit $status
