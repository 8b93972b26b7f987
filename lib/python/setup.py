# setup.py - builds the pgnkit Python module against the library built in this tree.
# SPDX-License-Identifier: MIT
#
# `pip install ./lib/python` or `make python`. Offline: setuptools and the
# Python headers come from Debian (python3-setuptools, python3-dev). The
# extension is linked with the static library (build/pic/libpgnkit.a, made
# by make when it is missing), so the installed module needs no libpgnkit.so;
# it uses only the public headers, lib/pgnkit.h and lib/pgnkit_db.h.
#   PGNKIT_LIB   the static library to link (default: ROOT/build/pic/libpgnkit.a)
#   PGNKIT_LIBS  the libraries it needs (default: what `make lib-libs` prints)
import os
import shlex
import subprocess
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def make(*args):
    return subprocess.run(["make", "--no-print-directory", "-s", "-C", str(ROOT), *args],
                          check=True, stdout=subprocess.PIPE, text=True).stdout


def static_library():
    lib = os.environ.get("PGNKIT_LIB")
    if lib:
        return lib
    lib = ROOT / "build" / "pic" / "libpgnkit.a"
    # make decides whether it is up to date (fast when it is).
    make("PGO=0", "LTO=", "build/pic/libpgnkit.a")
    return str(lib)


def libraries():
    words = shlex.split(os.environ.get("PGNKIT_LIBS") or make("lib-libs"))
    return [w[2:] for w in words if w.startswith("-l")], [w[2:] for w in words if w.startswith("-L")]


libs, lib_dirs = libraries()
sources = sorted(str(p.relative_to(HERE)) for p in (HERE / "src").glob("*.c"))

setup(
    name="pgnkit",
    version="0.1.0",
    description="Read, replay and query PGN chess games fast: Python bindings of libpgnkit",
    license="MIT",
    packages=["pgnkit"],
    package_data={"pgnkit": ["__init__.pyi", "dask.pyi", "py.typed"]},
    ext_modules=[
        Extension(
            "pgnkit._pgnkit",
            sources=sources,
            include_dirs=[str(ROOT / "lib")],
            extra_objects=[static_library()],
            libraries=libs,
            library_dirs=lib_dirs,
            extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-missing-field-initializers",
                                "-fvisibility=hidden"],
        )
    ],
    python_requires=">=3.10",
)
