#!/bin/sh
"$PGNKIT" stats --depth 2 testdata/sample.pgn
