#!/bin/sh
# fens.sh - prints the distinct FENs of tests/data (perft EPD suites, then the SAN
# table), one per line, in a fixed order: the fuzz targets index them (the Makefile
# turns the list into C strings) and tests/fuzz/seeds.sh refers to them by number.
cd "$(dirname "$0")/../.." || exit 3
{
    for f in tests/data/standard.epd tests/data/*.epd; do sed -n 's/^\([^#;][^;]*[^; ]\) *;.*/\1/p' "$f"; done
    grep -v '^#' tests/data/san.tsv | cut -f 1
} | awk 'NF && !seen[$0]++'
