#!/bin/sh
# completion.sh - shell completion: bash completes the words of a few command
# lines (COMPREPLY checked), zsh and fish load their scripts and fish
# completes; every value the binary offers for an option is one the command
# takes; make install puts the three scripts where the shells look. Without
# one of the three shells the test is skipped (need.inc), not failed.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/need.inc
need bash
need zsh
need fish
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
status=0
fail() { echo "FAIL: $*"; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The scripts run "pgnkit": the one under test.
mkdir "$tmp/bin" && ln -s "$PGNKIT" "$tmp/bin/pgnkit"
PATH=$tmp/bin:$PATH
export PATH

# bash: COMPREPLY for a command line (the last word is completed).
reply() {
    bash -c '
        [ -f /usr/share/bash-completion/bash_completion ] &&
            . /usr/share/bash-completion/bash_completion
        . cmd/completion/pgnkit.bash
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _pgnkit
        [ ${#COMPREPLY[@]} = 0 ] || printf "%s\n" "${COMPREPLY[@]}"' bash "$@" | sort | tr '\n' ' '
}
want() { # want 'EXPECTED REPLY' WORDS...
    expected=$1; shift
    got=$(reply "$@")
    [ "$got" = "$expected" ] || fail "bash: '$*' completes to '$got', not '$expected'"
}
want 'search serve stats ' pgnkit s
want 'search ' pgnkit sea
want 'validate ' pgnkit help val
want '--format ' pgnkit search --form
want 'json ' pgnkit convert --format j
want 'ndjson ' pgnkit search --format nd
want '--format=json ' pgnkit convert --format=j
want 'csv ' pgnkit stats --format c
want 'latex ' pgnkit convert --format la
want 'typst ' pgnkit convert --format ty
want 'start ' pgnkit convert --diagram-ply st
want 'always auto ' pgnkit --color a
want 'always auto ' pgnkit validate --color a
want 'de ' pgnkit convert --lang de
want 'auto ' pgnkit validate --input-lang au
want 'comments,variations ' pgnkit convert --strip comments,va
want 'testdata/sample.pgn testdata/sample.pgn.gz ' pgnkit validate testdata/sample.p
want '--input-lang ' pgnkit validate --input-l
want '' pgnkit validate --lang     # a hidden alias: never offered
want '--verbose ' pgnkit validate --verb
# Options other commands or helpers add appear by themselves: every
# option of -h is offered.
for cmd in validate convert annotate search stats perft serve; do
    offered=$(reply pgnkit "$cmd" --)
    for opt in $("$PGNKIT" "$cmd" -h | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        case " $offered " in *" $opt "*) ;; *) fail "bash: $cmd $opt not offered" ;; esac
    done
done

# Every value offered is taken: the command does not call it unknown.
set -f # the result '*'
for cmd in validate convert annotate search stats; do
    for opt in $("$PGNKIT" __complete pgnkit "$cmd" --); do
        values=$("$PGNKIT" __complete pgnkit "$cmd" "$opt" "") || continue
        for v in $values; do
            "$PGNKIT" "$cmd" "$opt" "$v" </dev/null >/dev/null 2>"$tmp/err"
            if grep -q "'$v'" "$tmp/err"; then
                fail "$cmd $opt offers '$v' but refuses it: $(head -n 1 "$tmp/err")"
            fi
        done
    done
done
set +f

# zsh: the script loads and registers itself.
out=$(zsh -fc 'autoload -Uz compinit && compinit -u -d "$1/zcompdump" &&
    source cmd/completion/_pgnkit && print -r -- $_comps[pgnkit]' zsh "$tmp" 2>&1)
[ "$out" = _pgnkit ] || fail "zsh: _pgnkit does not load: $out"

# fish: the script parses and completes.
fish -n cmd/completion/pgnkit.fish || fail "fish: pgnkit.fish does not parse"
got=$(fish -c "source cmd/completion/pgnkit.fish; complete -C 'pgnkit sea'" | cut -f1)
[ "$got" = search ] || fail "fish: 'pgnkit sea' completes to '$got'"
got=$(fish -c "source cmd/completion/pgnkit.fish; complete -C 'pgnkit stats --format t'" | cut -f1 | tr '\n' ' ')
[ "$got" = "text tsv " ] || fail "fish: 'stats --format t' completes to '$got'"

# make install: the scripts where bash-completion, zsh and fish look.
make -s -o all install BUILD="$(dirname "$PGNKIT")" DESTDIR="$tmp/dest" PREFIX=/usr/local \
    >"$tmp/install.log" 2>&1 || { fail "make install failed"; cat "$tmp/install.log"; }
for f in share/bash-completion/completions/pgnkit share/zsh/site-functions/_pgnkit \
    share/fish/vendor_completions.d/pgnkit.fish bin/pgnkit; do
    [ -f "$tmp/dest/usr/local/$f" ] || fail "make install did not install $f"
done
exit $status
