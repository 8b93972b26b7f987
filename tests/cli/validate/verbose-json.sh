#!/bin/sh
"$PGNKIT" validate -v --format json testdata/sample.pgn
