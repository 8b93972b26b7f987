#!/bin/sh
# python.sh - the Python module (lib/python): built for the interpreter that has pytest, then its tests.
# SPDX-License-Identifier: MIT
#
# pytest comes from Debian (python3-pytest, whose pytest-3 names its
# interpreter on its first line); the module is built for that interpreter
# with its setuptools and headers (python3-dev) against $BUILD/pic/libpgnkit.a,
# into $BUILD/python-test, and tests/python runs against the pgnkit command
# of the same build, the oracle of most of its tests.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need pytest-3 python3-pytest
python=$(sed -n '1s/^#! *\([^ ]*\).*/\1/p' "$need_path")
if [ -z "$python" ]; then
    echo "skipped: $need_path names no interpreter on its first line"
    exit 77
fi
need nm binutils
build=$(dirname "${PGNKIT:-build/pgnkit}")
case $build in /*) ;; *) build=$(pwd)/$build ;; esac
lib=$build/pic/libpgnkit.a
if [ ! -f "$lib" ]; then
    echo "skipped: no $lib (make test builds it)"
    exit 77
fi
# A sanitized library (make check) needs the sanitizers' runtimes loaded
# before the interpreter starts; the interpreter's own allocations are not
# ours to judge (no leak check), and no quarantine keeps freed memory out of
# use, so that the memory tests still see whether RSS stays flat.
preload=
if nm "$lib" 2>/dev/null | grep -q ' U __asan_'; then
    need "${CC:-cc}" gcc
    preload="$("$need_path" -print-file-name=libasan.so) $("$need_path" -print-file-name=libubsan.so)"
    ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0
    export ASAN_OPTIONS
fi
"$python" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' ||
    { echo "skipped: no Python.h for $python (Debian package python3-dev; sh .ci/deps installs it)"; exit 77; }
"$python" -c 'import setuptools' 2>/dev/null ||
    { echo "skipped: no setuptools for $python (Debian package python3-setuptools; sh .ci/deps installs it)"; exit 77; }
out=$build/python-test
# --force: setuptools rebuilds when the module's own sources change, not when
# libpgnkit.a does, and a module linked against an older library would test that.
log=$(mktemp) || exit 3
trap 'rm -f "$log"' EXIT
(cd lib/python && PGNKIT_LIB=$lib \
    PGNKIT_LIBS=$(make --no-print-directory -s -C ../.. lib-libs) \
    "$python" setup.py -q build --force --build-lib "$out" --build-temp "$out.tmp") >"$log" 2>&1 ||
    { cat "$log"; echo "FAIL: the Python module does not build"; exit 1; }
LD_PRELOAD=$preload PGNKIT=$build/pgnkit PGNKIT_ROOT=$(pwd) PYTHONPATH=$out:tests/python PYTHONDONTWRITEBYTECODE=1 \
    "$python" -m pytest -q -p no:cacheprovider tests/python
