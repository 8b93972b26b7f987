#!/bin/sh
# layers.sh - the library's folders form layers, and includes point only down.
# SPDX-License-Identifier: MIT
#
# Each folder of lib/ has a level (README.md's Layout draws the same map). A file
# may include headers of its own folder and of folders with a lower level, never
# of its own level's other folders or of a higher one, so that the chess core
# knows nothing of PGN text and the reader nothing of searches. cmd/ sits above
# every folder but may not include a folder's internal header (*_internal.h).
# lib/ never prints or exits: that is cmd/'s work (uci_engine's forked child,
# which only calls _exit() when exec fails, is the one process-level exit).
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0

level() {
    case $1 in
        base) echo 0 ;; chess) echo 1 ;; notation) echo 2 ;; pgn) echo 3 ;;
        replay|picture) echo 4 ;; query|write|annotate|book) echo 5 ;; pipeline|index) echo 6 ;; init|stats) echo 7 ;;
        pgnkit.h|pgnkit_db.h) echo 8 ;; api) echo 9 ;; # the public interface and its implementation
        explorer) echo 10 ;; # the explorer server's logic, on the interface and the index
        python) echo 10 ;; # the Python module, on the public interface alone
        *) echo "" ;;
    esac
}

for f in $(find lib -name '*.[ch]' | sort); do
    top=${f#lib/}; top=${top%%/*}
    mine=$(level "$top")
    if [ -z "$mine" ]; then
        echo "$f: folder lib/$top has no level in tests/scripts/layers.sh"; status=1; continue
    fi
    for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
        case $inc in */* | pgnkit.h | pgnkit_db.h) ;; *)
            echo "$f: #include \"$inc\": name the folder (\"base/$inc\", ...)"; status=1; continue ;;
        esac
        theirs_top=${inc%%/*}
        [ "$theirs_top" = "$top" ] && continue
        theirs=$(level "$theirs_top")
        if [ -z "$theirs" ]; then
            echo "$f: #include \"$inc\": no such library folder"; status=1
        elif [ "$theirs" -ge "$mine" ]; then
            echo "$f: #include \"$inc\": $top (level $mine) may not include $theirs_top (level $theirs)"
            status=1
        fi
    done
done

if grep -n '#[ \t]*include[ \t]*"[^"]*_internal\.h"' $(find cmd -name "*.[ch]"); then
    echo "cmd/ includes a library folder's internal header (above)"; status=1
fi

if grep -rnE '(^|[^_a-z])(printf|fprintf|vfprintf|puts|fputs|perror|exit|abort)[ \t]*\(' lib \
        | grep -vE '^[^:]*:[0-9]+:[ \t]*(\*|/\*|//)'; then
    echo "lib/ prints or exits (above): return a status and let cmd/ speak"; status=1
fi
exit $status
