#!/bin/sh
"$PGNKIT" search --count=3 testdata/sample.pgn
