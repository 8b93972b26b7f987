#!/bin/sh
"$PGNKIT" validate -q -v testdata/sample.pgn
