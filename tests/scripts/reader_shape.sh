#!/bin/sh
# reader_shape.sh - the streaming reader stays readable: no long functions, no hidden jumps.
# SPDX-License-Identifier: MIT
#
# Issue 35: a newcomer must be able to follow lib/pgn/reader/ function by
# function. So this fails on
#   - a function over 80 lines (from the line of its '{' to its '}'),
#   - a goto inside a macro (a #define continued with '\'), where the jump
#     cannot be seen where the macro is used,
#   - a goto to a label inside a loop from outside that loop, which enters
#     the loop past its condition.
# It is a simple checker of this project's layout (K&R braces, a function's
# '{' and '}' in column 1), not a C parser. With -v it also lists the gotos
# and the longest functions.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
verbose=0
[ "${1:-}" = "-v" ] && verbose=1
max_lines=80

awk -v max="$max_lines" -v verbose="$verbose" '
function report(msg) { print FILENAME ":" FNR ": " msg; bad = 1 }
# Blank out string and character literals and comments, so braces in them do not count.
function code_of(s,    out, i, c, n) {
    out = ""; n = length(s)
    for (i = 1; i <= n; i++) {
        c = substr(s, i, 1)
        if (in_comment) {
            if (c == "*" && substr(s, i + 1, 1) == "/") { in_comment = 0; i++ }
            continue
        }
        if (c == "/" && substr(s, i + 1, 1) == "*") { in_comment = 1; i++; continue }
        if (c == "/" && substr(s, i + 1, 1) == "/") break
        if (c == "\"" || c == "\047") {
            q = c; i++
            while (i <= n && substr(s, i, 1) != q) { if (substr(s, i, 1) == "\\") i++; i++ }
            out = out q q; continue
        }
        out = out c
    }
    return out
}
function finish_function(    l, g) {
    # A goto enters a loop when its label sits in a loop the goto is not in.
    for (l in label_loops) {
        for (g = 1; g <= ngotos; g++) {
            if (goto_label[g] != l) continue
            if (!within(label_loops[l], goto_loops[g]))
                print FILENAME ":" goto_line[g] ": goto " l " jumps into a loop from outside it"
                bad_into = 1
        }
    }
    if (bad_into) bad = 1
    bad_into = 0
    delete label_loops; ngotos = 0
}
# Every loop in the label set "a b c " is also in the goto set.
function within(lset, gset,    n, parts, i) {
    n = split(lset, parts, " ")
    for (i = 1; i <= n; i++)
        if (index(" " gset, " " parts[i] " ") == 0) return 0
    return 1
}
FNR == 1 { in_function = 0; in_macro = 0; in_comment = 0; depth = 0 }
{
    raw = $0
    line = code_of(raw)
    if (in_macro || line ~ /^[ \t]*#[ \t]*define/) {
        if (line ~ /(^|[^a-z_0-9])goto[ \t]/) report("goto inside a macro")
        in_macro = (raw ~ /\\[ \t]*$/)
        next
    }
    if (!in_function && line ~ /^\{/) {
        in_function = 1; fstart = FNR; depth = 0; nloops = 0; pending_loop = 0
        loopstack = ""; ngotos = 0; fname = prev_sig
    }
    if (!in_function) { if (line ~ /[a-z_0-9]+[ \t]*\(/) prev_sig = line; next }
    # A label: an identifier and a colon at the start of a line (not "case" or "default").
    if (match(line, /^[ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*:/) &&
        line !~ /^[ \t]*(case|default)[ \t:]/) {
        lab = substr(line, RSTART, RLENGTH); gsub(/[ \t:]/, "", lab)
        label_loops[lab] = loopstack
    }
    tmp = line
    while (match(tmp, /(^|[^A-Za-z_0-9])goto[ \t]+[A-Za-z_][A-Za-z_0-9]*/)) {
        g = substr(tmp, RSTART, RLENGTH); sub(/^[^g]*goto[ \t]+/, "", g)
        ngotos++
        goto_label[ngotos] = g; goto_loops[ngotos] = loopstack; goto_line[ngotos] = FNR
        gotos[FILENAME]++
        tmp = substr(tmp, RSTART + RLENGTH)
    }
    # Loops: a for/while/do whose body opens with a brace on the same line.
    if (line ~ /(^|[^A-Za-z_0-9])(for|while|do)([^A-Za-z_0-9]|$)/ && line !~ /;[ \t]*$/)
        pending_loop = 1
    n = length(line)
    for (i = 1; i <= n; i++) {
        c = substr(line, i, 1)
        if (c == "{") {
            depth++
            kind[depth] = ""
            if (pending_loop) {
                nloops++; kind[depth] = "L" nloops
                loopstack = loopstack kind[depth] " "; pending_loop = 0
            }
        } else if (c == "}") {
            if (kind[depth] != "") sub(kind[depth] " $", "", loopstack)
            depth--
        }
    }
    if (depth == 0) {
        len = FNR - fstart + 1
        name = fname; sub(/[ \t]*\(.*/, "", name); sub(/.*[ \t*]/, "", name)
        if (verbose) print len " " FILENAME ":" fstart " " name > "/dev/stderr"
        if (len > max) {
            print FILENAME ":" fstart ": function " name " is " len " lines (at most " max ")"
            bad = 1
        }
        finish_function()
        in_function = 0
    }
}
END {
    if (verbose) for (f in gotos) print "gotos " f " " gotos[f] > "/dev/stderr"
    exit bad
}
' lib/pgn/reader/*.c lib/pgn/reader/*.h
status=$?
if [ "$verbose" = 1 ]; then
    printf 'gotos in lib/pgn/reader: %s\n' "$(grep -ow goto lib/pgn/reader/*.[ch] | wc -l)" >&2
fi
exit $status
