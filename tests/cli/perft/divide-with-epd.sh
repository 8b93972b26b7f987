#!/bin/sh
"$PGNKIT" perft --divide --epd tests/data/standard.epd
