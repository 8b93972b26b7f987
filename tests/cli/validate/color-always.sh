#!/bin/sh
"$PGNKIT" validate --color always testdata/broken/illegal-castling-through-check.pgn
