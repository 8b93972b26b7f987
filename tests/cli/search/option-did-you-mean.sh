#!/bin/sh
"$PGNKIT" search --whte Carlsen testdata/sample.pgn
