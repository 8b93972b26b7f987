#!/bin/sh
"$PGNKIT" search -c -l testdata/sample.pgn
