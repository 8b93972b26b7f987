#!/bin/sh
"$PGNKIT" convert --color always --format uci testdata/broken/illegal-castling-through-check.pgn
