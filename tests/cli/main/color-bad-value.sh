#!/bin/sh
"$PGNKIT" validate --color sometimes testdata/sample.pgn
