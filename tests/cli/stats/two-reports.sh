#!/bin/sh
"$PGNKIT" stats --openings --players testdata/sample.pgn
