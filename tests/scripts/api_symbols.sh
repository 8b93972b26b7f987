#!/bin/sh
# api_symbols.sh - the library exports lib/pgnkit.h and lib/pgnkit_db.h, exactly, and nothing else.
# SPDX-License-Identifier: MIT
#
# lib/libpgnkit.sym is the committed list of the shared library's exported
# symbols: a change of the interface shows up as a change of that file, made
# on purpose. The list must also be exactly the PGNKIT_API functions of
# lib/pgnkit.h and lib/pgnkit_db.h. The installed static library must not spill internal names
# into a program either: its only global definitions are pgnkit_ names, so a
# program of its own may define buf_init or set_error (names the library
# uses inside) and still link.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
build=$(dirname "${PGNKIT:-build/pgnkit}")
so=$build/libpgnkit.so.0.1.0
archive=$build/pic/libpgnkit.a
if [ ! -f "$so" ] || [ ! -f "$archive" ]; then
    echo "skipped: no $so or $archive (make, make check and make check-portable build them)"
    exit 77
fi
need nm binutils
need cc gcc
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

nm -D --defined-only "$so" | awk '{ print $NF }' | LC_ALL=C sort >"$tmp/exported"
diff -u lib/libpgnkit.sym "$tmp/exported" >"$tmp/diff" ||
    { cat "$tmp/diff"; fail "the exports of $so differ from lib/libpgnkit.sym (above)"; }

# The declarations: "PGNKIT_API type name(" possibly over two lines.
cat lib/pgnkit.h lib/pgnkit_db.h | tr '\n' ' ' | grep -o 'PGNKIT_API [^;(]*(' |
    sed 's/.*[ *]\([a-z_0-9]*\)($/\1/' | grep '^pgnkit_' | LC_ALL=C sort >"$tmp/declared"
diff -u "$tmp/declared" lib/libpgnkit.sym >"$tmp/diff" ||
    { cat "$tmp/diff"; fail "lib/libpgnkit.sym differs from the PGNKIT_API functions of lib/pgnkit.h and lib/pgnkit_db.h"; }
[ -s "$tmp/declared" ] || fail "no PGNKIT_API function found in lib/pgnkit.h"
soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libpgnkit.so.0 ] || fail "soname '$soname', not libpgnkit.so.0"

# Global definitions of the static library (T D B R ... but not U, w, v).
nm "$archive" | awk 'NF == 3 && $2 ~ /^[A-TV-Z]$/ { print $3 }' | grep -v '^pgnkit_' >"$tmp/leaks"
if [ -s "$tmp/leaks" ]; then
    head -n 20 "$tmp/leaks"
    fail "$archive defines $(wc -l <"$tmp/leaks") global names without the pgnkit_ prefix (first above)"
fi
cat >"$tmp/clash.c" <<'PROGRAM'
#include <string.h>
#include "pgnkit.h"
int buf_init(int x);
int set_error(int x);
int buf_init(int x) { return x + 1; }
int set_error(int x) { return x + 2; }
int main(void)
{
    static const char game[] = "1. e4 e5 *\n";
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    if (pgnkit_reader_open_memory(&r, game, strlen(game)) || pgnkit_reader_next(r, &g) != 1)
        return 1;
    int ok = pgnkit_game_ply_count(g) == 2 && buf_init(1) == 2 && set_error(1) == 3;
    pgnkit_reader_free(r);
    return !ok;
}
PROGRAM
# The libraries the archive needs are the ones its pkg-config file names, so
# that a dependency added to the library and not to the file fails here.
pc=$(find "$build/stage" -name libpgnkit.pc 2>/dev/null | head -n 1)
[ -n "$pc" ] || fail "no staged libpgnkit.pc under $build/stage"
private=$(sed -n 's/^Libs.private: //p' "$pc" 2>/dev/null)
# shellcheck disable=SC2086
if cc -std=c11 ${PGNKIT_USER_CFLAGS:-} -Ilib -o "$tmp/clash" "$tmp/clash.c" "$archive" $private 2>"$tmp/cc.err"; then
    "$tmp/clash" || fail "a program with its own buf_init and set_error misreads a game"
else
    head -n 5 "$tmp/cc.err"
    fail "a program with its own buf_init and set_error does not link with $archive"
fi
exit $status
