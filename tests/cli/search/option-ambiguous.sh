#!/bin/sh
"$PGNKIT" search --elo 2000 testdata/sample.pgn
