#!/bin/sh
# rules_read_as_rules.sh - the rules code reads as the rules, not as speed tricks.
# SPDX-License-Identifier: MIT
#
# Issue 35: speed tricks belong only in the reader's inner loops and the
# move walk, each with a one-line comment citing its measurement. The rules
# code (lib/chess, lib/notation, lib/replay) writes each rule as a plain
# test: no comment there speaks of branches, mispredicts or instruction
# counts unless it cites a "measured:" figure, and none of the
# branch-saving idioms below (products, xors and masks standing for an
# if) is written there. Each pattern was seen in those folders before.
# Elsewhere in lib/ a speed trick may stay, but a comment that gives
# mispredicts as its reason cites what was measured.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
dirs="lib/chess lib/notation lib/replay"
status=0

# Talk of the processor's speed, allowed only beside a measured figure.
if grep -rnE -i 'mispredict|predictor|branch(es|less)?\b|instruction|sign-extend' $dirs \
        | grep -v 'measured:'; then
    echo "rules code: a comment about branches or instructions cites no 'measured:' figure"
    status=1
fi

# In all of lib/: a trick kept for the branch predictor says what it saves.
if grep -rnE -i 'mispredict|predictor' lib | grep -v 'measured:'; then
    echo "lib: a comment gives mispredicts as a reason but cites no 'measured:' figure"
    status=1
fi

# bad REGEX WHAT: no line of the rules code matches REGEX.
bad() {
    if grep -rnE -- "$1" $dirs; then
        echo "rules code: $2: write the rule as a plain if or comparison"
        status=1
    fi
}
# (uint64_t)a * (a ^ b) != 0: "a is set and differs from b" as one product
bad '\* *\([^()]*\^' 'a product with an xor standing for two tests'
# x & -(type)(cond), x & -flag, up & -(int)two: a mask made from a truth value
bad '& *-[ (]*[A-Za-z_]' 'a mask made from a truth value'
# ((bits >> n) & 1) - 1: all ones or none from one bit
bad '& *1\) *- *1' 'a mask made from one bit'
# takes * SAN_CAPTURE, 7u * (unsigned)(us ^ 1): a flag or side times a constant
bad '[a-z_]+ \* *[A-Z][A-Z_]+\b|\* *\((unsigned|int)\) *\([a-z_]+ *\^ *1\)' 'a truth value or a side multiplied by a constant'
# (((from ^ to) ^ 16) | (type ^ PAWN)) == 0: equalities folded into xors
bad '\^ *[A-Za-z0-9_]+\) *\| *\(' 'equalities folded into xors'
# king ^ ((king ^ to) & mask): a choice made by masks
bad '\^ *\(\([a-z_]+ *\^ *[a-z_]+\) *&' 'a choice made by masks'
# (q < e) & (file < 8), (p->board[from] == pawn) | two: comparisons joined bitwise
bad '\([^()]*( == | != | <= | >= | < | > )[^()]*\) *[&|] *[(a-z]' 'comparisons joined by a bitwise & or |'

exit $status
