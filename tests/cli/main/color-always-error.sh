#!/bin/sh
"$PGNKIT" --color=always search --whte x testdata/sample.pgn
