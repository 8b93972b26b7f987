#!/bin/sh
"$PGNKIT" stats --tree --top 3 testdata/sample.pgn
