#!/bin/sh
# skips.sh - a test that cannot run says "skip", never "ok": tests/run.sh
# counts skips apart ("N passed, N failed, N skipped") and as failures under
# CI=true; the unit runner reports SKIP; the corpus unit tests read the
# bundled corpus and fail when it is not what they counted; every script
# that needs a tool exits 77 without it (need.inc), after saying why, and
# none looks for a tool by itself.
# SPDX-License-Identifier: MIT
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 3
root=$(pwd)
case $PGNKIT in /*) ;; *) PGNKIT=$root/$PGNKIT ;; esac
units=$(dirname "$PGNKIT")/unit-tests
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

# 1. tests/run.sh on a tree of its own: one unit test, CLI test and script
# test of each kind (a fake unit-tests prints what the runner prints).
tree=$tmp/tree
mkdir -p "$tree/tests/cli/demo" "$tree/tests/scripts" "$tree/build"
cp tests/run.sh tests/run_one.sh "$tree/tests/"
printf 'ok   unit test_demo__pass\nskip unit test_demo__skip: no corpus here\nunit: 1 passed, 0 failed, 1 skipped\n' \
    >"$tree/unit.out"
printf '#!/bin/sh\ncat "%s"\n' "$tree/unit.out" >"$tree/build/unit-tests"
chmod +x "$tree/build/unit-tests"
echo 'echo hello' >"$tree/tests/cli/demo/pass.sh"
echo hello >"$tree/tests/cli/demo/pass.stdout"
printf 'echo "skipped: no frobnicator" >&2\nexit 77\n' >"$tree/tests/cli/demo/skip.sh"
echo 'exit 0' >"$tree/tests/scripts/pass.sh"
printf 'echo working\necho "skipped: no widget"\nexit 77\n' >"$tree/tests/scripts/skip.sh"

(unset CI; sh "$tree/tests/run.sh" build) >"$tmp/run.out" 2>&1
code=$?
[ "$code" = 0 ] || fail "run.sh with skips but no failure: exit $code"
last=$(tail -n 1 "$tmp/run.out")
[ "$last" = "3 passed, 0 failed, 3 skipped" ] || fail "run.sh summary: '$last'"
for line in "skip unit test_demo__skip: no corpus here" "skip cli/demo/skip: skipped: no frobnicator" \
    "skip tests/scripts/skip.sh: skipped: no widget" "ok   cli/demo/pass" "ok   tests/scripts/pass.sh"; do
    grep -qxF "$line" "$tmp/run.out" || fail "run.sh does not print '$line'"
done
grep -q '^ok .*skip' "$tmp/run.out" && fail "run.sh calls a skipped test ok"

CI=true sh "$tree/tests/run.sh" build >"$tmp/ci.out" 2>&1 && fail "run.sh under CI=true passes with skips"
last=$(tail -n 1 "$tmp/ci.out")
[ "$last" = "3 passed, 3 failed, 0 skipped" ] || fail "run.sh summary under CI=true: '$last'"
grep -q '^FAIL cli/demo/skip: skipped, and CI skips nothing' "$tmp/ci.out" ||
    fail "run.sh under CI=true does not say why a skip failed"
[ $status = 0 ] || sed 's/^/    /' "$tmp/run.out" "$tmp/ci.out"

# 2. The unit runner: a test that cannot run (the large corpus asked for,
# and absent) is reported as skipped, with the reason.
PGNKIT_CORPUS=$tmp/nowhere "$units" test_reader__corpus >"$tmp/unit.out" 2>&1
code=$?
[ "$code" = 0 ] || fail "unit-tests with a skip: exit $code"
grep -q "^skip unit test_reader__corpus: PGNKIT_CORPUS '$tmp/nowhere': " "$tmp/unit.out" ||
    fail "unit-tests does not report the skip: $(head -n 1 "$tmp/unit.out")"
grep -qx 'unit: 0 passed, 0 failed, 1 skipped' "$tmp/unit.out" ||
    fail "unit-tests count line: $(tail -n 1 "$tmp/unit.out")"

# 3. The corpus unit tests check the bundled corpus, here and everywhere:
# with a game taken out of one file (a copy of the tree), both fail.
corpus_tests="test_reader__corpus test_reader_lazy__corpus_equivalent"
copy=$tmp/copy
mkdir -p "$copy/testdata"
cp -R testdata/corpus "$copy/testdata/corpus"
cp testdata/sample.pgn.gz "$copy/testdata/"
# shellcheck disable=SC2086
(unset PGNKIT_CORPUS; PGNKIT_ROOT=$copy "$units" $corpus_tests) >"$tmp/intact.out" 2>&1 ||
    fail "the corpus tests fail on an intact copy: $(cat "$tmp/intact.out")"
awk '/^\[Event /{ n++ } n != 3' testdata/corpus/otb_twic1427.pgn >"$copy/testdata/corpus/otb_twic1427.pgn"
# shellcheck disable=SC2086
(unset PGNKIT_CORPUS; PGNKIT_ROOT=$copy "$units" $corpus_tests) >"$tmp/cut.out" 2>&1
for t in $corpus_tests; do
    grep -qx "FAIL unit $t" "$tmp/cut.out" || fail "$t passes with a game missing from the corpus"
done

# 3b. The fuzz unit tests fail, not pass, when their inputs are missing: a
# tree without the regression folders or testdata/reader, and one without
# one target's regression folder.
bare=$tmp/bare
mkdir -p "$bare/testdata" "$bare/tests/fuzz/regressions"
cp -R testdata/broken "$bare/testdata/broken"
(PGNKIT_ROOT=$bare "$units" test_fuzz__regressions test_fuzz__reader_on_fixtures) >"$tmp/fuzz.out" 2>&1
for t in test_fuzz__regressions test_fuzz__reader_on_fixtures; do
    grep -qx "FAIL unit $t" "$tmp/fuzz.out" || fail "$t passes with its input folders missing"
done
cp -R tests/fuzz/regressions/fuzz_pgn_reader tests/fuzz/regressions/fuzz_json "$bare/tests/fuzz/regressions/"
(PGNKIT_ROOT=$bare "$units" test_fuzz__regressions) >"$tmp/fuzz.out" 2>&1
grep -qx "FAIL unit test_fuzz__regressions" "$tmp/fuzz.out" ||
    fail "test_fuzz__regressions passes with tests/fuzz/regressions/fuzz_where missing"

# The tools a test needs: every "need TOOL" it runs, in any place of a line
# (alone, after ';', '&&', '||', '{', 'then' or 'do'), more than one a line.
needed_tools() {
    grep -v '^[[:space:]]*#' "$1" |
        grep -oE '(^|[;&|({]|then|do|else)[[:space:]]*need [A-Za-z0-9_.+-]+' | sed 's/.*need //'
}

# 4. Every script and CLI test that needs a tool: without it
# (PGNKIT_TEST_MISSING hides it from need.inc), exit 77 and a last line
# saying why.
for script in $(grep -l -e '^\. .*tests/scripts/need\.inc' -e '^\. tests/scripts/pgn_extract\.inc' \
                tests/scripts/*.sh tests/cli/*/*.sh); do
    [ "$script" = tests/scripts/skips.sh ] && continue
    tools=$(needed_tools "$script")
    [ -n "$tools" ] || grep -q 'pgn_extract\.inc' "$script" ||
        fail "$script sources need.inc and needs no tool that this test can find"
    grep -q 'pgn_extract\.inc' "$script" && tools="$tools pgn-extract"
    tools=$(echo $tools) # one line, the names apart by blanks
    PGNKIT_TEST_MISSING="$tools" sh "$script" >"$tmp/script.out" 2>&1 </dev/null
    code=$?
    reason=$(tail -n 1 "$tmp/script.out")
    [ "$code" = 77 ] || fail "$script without $tools: exit $code, not 77 (skipped)"
    case $reason in "skipped: no "*) ;; *) fail "$script without $tools: last line '$reason'" ;; esac
done

# 5. No test says it is skipped and then exits 0 (as the scripts did that
# counted a missing tool as a pass), on one line or on the next.
if grep -n 'skip.*exit 0' tests/scripts/*.sh tests/scripts/*.inc tests/cli/*/*.sh | grep -v '^tests/scripts/skips\.sh:'; then
    fail "the lines above skip with exit 0: exit 77 instead (tests/scripts/need.inc)"
fi
if awk 'FNR == 1 { said = 0 }
        said && /^[[:space:]]*exit 0([^0-9]|$)/ { print FILENAME ":" FNR ": " $0; found = 1 }
        { said = /skip/ && !/^[[:space:]]*#/ }
        END { exit !found }' tests/scripts/*.sh tests/scripts/*.inc tests/cli/*/*.sh |
        grep -v '^tests/scripts/skips\.sh:'; then
    fail "the lines above exit 0 right after saying skip: exit 77 instead (tests/scripts/need.inc)"
fi

# 6. need.inc is the one place a script looks for a tool: a script that
# looks by itself (command -v, [ -x ... ], a path under /usr/bin) fails or checks less
# without the tool instead of being skipped (completion.sh and hostile.sh
# failed, index_source_changes.sh left its memory check out).
if grep -nE 'command -v|\[ -x |/usr/bin/' tests/scripts/*.sh tests/cli/*/*.sh | grep -v '^tests/scripts/skips\.sh:'; then
    fail "the lines above look for a tool themselves: use need TOOL PACKAGE (tests/scripts/need.inc)"
fi

# 7. A test that runs a tool that may be missing needs it first: without
# the tool it is then skipped, not failed, nor passed with less checked
# (archive_members.sh ran zip, zstd and tar, blank_runs.sh tar, and the
# index CLI tests sqlite3, without asking). A tool runs where a command
# starts: a line's start, after '|', '&', ';', '(', '{', '$(', 'then',
# 'do', 'if' or '!'; comments do not count.
checked_tools="zip unzip zstd tar gzip bzip2 xz sqlite3 stockfish xmllint parallel chromium
    script pkg-config nm tsort zsh fish pgn-extract strace"
for file in tests/scripts/*.sh tests/cli/*/*.sh; do
    [ "$file" = tests/scripts/skips.sh ] && continue
    needs=" $(needed_tools "$file" | tr '\n' ' ') "
    grep -q '^\. tests/scripts/pgn_extract\.inc' "$file" && needs="$needs pgn-extract "
    # What a sourced tests/scripts/*.inc needs is needed by the file too.
    for inc in $(grep -oE '^\. .*tests/scripts/[a-z_]+\.inc' "$file" | sed 's|.*tests/scripts/|tests/scripts/|'); do
        needs="$needs$(needed_tools "$inc" | tr '\n' ' ') "
    done
    for tool in $checked_tools; do
        case $needs in *" $tool "*) continue ;; esac
        if grep -v '^[[:space:]]*#' "$file" |
                grep -qE "(^|[|&;({]|\\\$\(|then |do |if |! )[[:space:]]*$tool([[:space:]]|\$)"; then
            fail "$file runs $tool without 'need $tool' first (tests/scripts/need.inc)"
        fi
    done
done

# 8. Every package a test needs is one that .ci/deps installs, so that CI,
# where a skip fails, has it (the database tests once needed strace, which
# it did not install). Some come without being named: bash and coreutils are
# in every Debian system, binutils comes with gcc, pkgconf with pkg-config.
ci_pkgs=" $(sed -n 's/^build_pkgs="\([^"$]*\)"$/\1/p' .ci/deps) bash coreutils binutils pkgconf "
grep -hoE '(^|[;&|({]|then|do|else)[[:space:]]*need [A-Za-z0-9_.+-]+( [A-Za-z0-9_.+-]+)?' \
        tests/scripts/*.sh tests/scripts/*.inc tests/cli/*/*.sh | sed 's/.*need //' | sort -u |
    while read -r tool package; do
        case $ci_pkgs in *" ${package:-$tool} "*) ;; *) echo "${package:-$tool}" ;; esac
    done >"$tmp/uninstalled"
[ -s "$tmp/uninstalled" ] &&
    fail "tests need packages .ci/deps does not install: $(tr '\n' ' ' <"$tmp/uninstalled")"

[ $status = 0 ] && echo "skips: counted apart, failed under CI, reported by every kind of test"
exit $status
