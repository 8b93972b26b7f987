# pgnkit.bash - bash completion for pgnkit.
# SPDX-License-Identifier: MIT
# The candidates come from the binary itself (`pgnkit __complete WORDS...`,
# which reads the commands' own option tables), so this script never falls
# behind the options. Exit 1 from it means: complete a file name.

_pgnkit() {
    local cur prev words cword
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -n = || return # keeps --format=json one word
    else
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${COMP_WORDS[COMP_CWORD]}
    fi
    local out rc IFS=$'\n'
    out=$("${words[0]}" __complete "${words[@]:0:cword}" "$cur" 2>/dev/null)
    rc=$?
    if [ $rc = 0 ]; then
        COMPREPLY=($out)
    elif [ $rc = 1 ]; then
        if declare -F _filedir >/dev/null 2>&1; then
            _filedir
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
    fi
}
complete -F _pgnkit pgnkit
