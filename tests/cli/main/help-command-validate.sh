#!/bin/sh
"$PGNKIT" help validate
