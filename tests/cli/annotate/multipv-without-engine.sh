#!/bin/sh
"$PGNKIT" annotate --eco --multipv 2 testdata/sample.pgn
