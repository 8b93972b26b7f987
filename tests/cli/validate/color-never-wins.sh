#!/bin/sh
"$PGNKIT" --color always validate --color never testdata/broken/illegal-castling-through-check.pgn
