# pgnkit.fish - fish completion for pgnkit.
# SPDX-License-Identifier: MIT
# The candidates come from the binary itself (`pgnkit __complete WORDS...`,
# which reads the commands' own option tables); exit 1 means a file name.

function __pgnkit_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l out (command $words[1] __complete $words "$cur" 2>/dev/null)
    set -l rc $status
    if test $rc -eq 0
        printf '%s\n' $out
    else if test $rc -eq 1
        __fish_complete_path "$cur"
    end
end

complete -c pgnkit -f -a '(__pgnkit_complete)'
