#!/bin/sh
"$PGNKIT" annotate --eco --fen-style shredder testdata/sample.pgn
