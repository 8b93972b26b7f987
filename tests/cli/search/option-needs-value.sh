#!/bin/sh
"$PGNKIT" search testdata/sample.pgn --white
