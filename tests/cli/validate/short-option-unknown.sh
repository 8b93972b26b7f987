#!/bin/sh
"$PGNKIT" validate -x testdata/sample.pgn
