#!/bin/sh
"$PGNKIT" perft --max-depth 2 startpos 1
