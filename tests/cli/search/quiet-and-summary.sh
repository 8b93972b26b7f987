#!/bin/sh
"$PGNKIT" search -q --summary testdata/sample.pgn
