"""The bodies of the shell completion scripts; `@@NAME@@` marks are filled from the app."""

from __future__ import annotations

BASH = r"""# Install: `source roll.bash` in ~/.bashrc, or
#   roll completion bash > ~/.local/share/bash-completion/completions/roll

_roll_subcommands='@@SUBCOMMANDS@@'
_roll_systems='@@SYSTEMS@@'
_roll_topics='@@TOPICS@@'
_roll_shells='@@SHELLS@@'

_roll_options() {  # the options of a subcommand ('' for a LINE)
    case $1 in
@@OPTION_CASES@@
    esac
}

_roll_reply() {  # COMPREPLY: the words of $2 that start with $1
    COMPREPLY=( $(compgen -W "$2" -- "$1") )
}

_roll_files() {
    compopt -o filenames 2>/dev/null
    COMPREPLY=( $(compgen -f -- "$1") )
}

_roll_names() {  # the campaign's characters that start with $1, quoted for the shell
    local cur=$1 name
    shift
    COMPREPLY=()
    while IFS= read -r name; do
        [[ ${name,,} == "${cur,,}"* ]] && COMPREPLY+=( "$(printf '%q' "$name")" )
    done < <(command roll completion --words characters "$@" 2>/dev/null)
}

_roll_line() {  # inside a LINE: roll's own completions of the text typed so far
    local text=$1 word
    shift
    COMPREPLY=()
    while IFS= read -r word; do
        # shell text for the word (`"Old Tom"` → \"Old\ Tom\"), a finishing space kept bare
        if [[ $word == *' ' ]]; then
            COMPREPLY+=( "$(printf '%q' "${word% }") " )
        else
            COMPREPLY+=( "$(printf '%q' "$word")" )
        fi
    done < <(command roll completion --complete "$text" "$@" 2>/dev/null)
    compopt -o nospace 2>/dev/null  # a finished word carries its own space
}

_roll_dequote() {  # REPLY: the word $1 as the shell will pass it, quotes and backslashes gone
    local word=$1 quote='' c i
    REPLY=''
    for (( i = 0; i < ${#word}; i++ )); do
        c=${word:i:1}
        if [[ $quote == "'" ]]; then
            if [[ $c == "'" ]]; then quote=''; else REPLY+=$c; fi
        elif [[ $c == '\' ]]; then
            (( i++ ))
            if [[ $quote == '"' ]]; then
                case ${word:i:1} in
                    '$'|'`'|'"'|'\') ;;
                    *) REPLY+='\' ;;
                esac
            fi
            REPLY+=${word:i:1}
        elif [[ $c == '"' ]]; then
            if [[ $quote == '"' ]]; then quote=''; else quote='"'; fi
        elif [[ $c == "'" && -z $quote ]]; then
            quote="'"
        else
            REPLY+=$c
        fi
    done
}

_roll() {
    local cur prev='' word sub='' sub2='' line=-1 npos=0 i
    local -a pass=() said=()
    for (( i = 0; i <= COMP_CWORD; i++ )); do  # the words as roll will see them
        _roll_dequote "${COMP_WORDS[i]}"
        said+=( "$REPLY" )
    done
    cur=${said[COMP_CWORD]}
    (( COMP_CWORD > 0 )) && prev=${said[COMP_CWORD-1]}
    for (( i = 1; i < COMP_CWORD; i++ )); do
        word=${said[i]}
        case $word in
            @@PASSED_ON@@) pass+=( "$word" "${said[i+1]}" ); (( i++ )); continue ;;
            @@OTHER_VALUE_OPTIONS@@) (( i++ )); continue ;;
            --) line=$(( i + 1 )); break ;;
            -*) continue ;;
        esac
        if [[ -z $sub ]]; then
            case " $_roll_subcommands " in
                *" $word "*)
                    sub=$word
                    [[ $sub == odds ]] && { line=$(( i + 1 )); break; }
                    continue ;;
            esac
            line=$i
            break
        fi
        if [[ $sub == sheet && -z $sub2 ]]; then
            sub2=$word
            continue
        fi
        (( npos++ ))
    done
    case $prev in
        -s|--system) _roll_reply "$cur" "$_roll_systems"; return ;;
        -a|--as) _roll_names "$cur" "${pass[@]}"; return ;;
        --campaign) _roll_files "$cur"; return ;;
        @@OTHER_VALUE_OPTIONS@@) COMPREPLY=(); return ;;
    esac
    if [[ $cur == -* ]]; then
        _roll_reply "$cur" "$(_roll_options "$sub${sub2:+ $sub2}")"
        return
    fi
    if (( line >= 0 )); then
        local text="${said[*]:line:COMP_CWORD-line}"
        _roll_line "${text}${text:+ }$cur" "${pass[@]}"
        return
    fi
    case $sub in
        '')
            _roll_line "$cur" "${pass[@]}"
            for word in $(compgen -W "$_roll_subcommands" -- "$cur"); do
                COMPREPLY+=( "$word " )
            done ;;
        help) (( npos == 0 )) && _roll_reply "$cur" "$_roll_topics" ;;
        completion) (( npos == 0 )) && _roll_reply "$cur" "$_roll_shells" ;;
        sheet)
            if [[ -z $sub2 ]]; then
                _roll_reply "$cur" '@@SHEET_COMMANDS@@'
            elif (( npos == 0 )); then
                case $sub2 in
                    @@NAME_COMMANDS@@) _roll_names "$cur" "${pass[@]}" ;;
                    import) _roll_files "$cur" ;;
                esac
            fi ;;
        *) COMPREPLY=() ;;
    esac
}

complete -F _roll roll
"""

ZSH = r"""# Install: roll completion zsh > ~/.zfunc/_roll, with `fpath+=(~/.zfunc)` before
#   `autoload -U compinit && compinit` in ~/.zshrc; or `source roll.zsh` after compinit.

_roll_options() {  # the options of a subcommand ('' for a LINE)
    case $1 in
@@OPTION_CASES@@
    esac
}

_roll_add() {  # offer the words of $2.. that start with $1 (zsh would quote them as needed)
    local cur=$1
    shift
    local -a found
    found=( ${(M)@:#${cur}*} )
    (( $#found )) && compadd -- "${found[@]}"
}

_roll_names() {  # the campaign's characters that start with $1 (zsh quotes them: Old\ Tom)
    local cur=$1
    shift
    local -a names
    names=( "${(@f)$(command roll completion --words characters "$@" 2>/dev/null)}" )
    names=( ${(M)names:#(#i)${(b)cur}*} )
    (( $#names )) && compadd -U -- "${names[@]}"
}

_roll_line() {  # inside a LINE: roll's own completions (a trailing space ends a word)
    local text=$1 word ret=1
    shift
    local -a found finished partial
    found=( "${(@f)$(command roll completion --complete "$text" "$@" 2>/dev/null)}" )
    for word in ${found:#}; do
        if [[ $word == *' ' ]]; then finished+=( "${word% }" ); else partial+=( "$word" ); fi
    done
    # roll chose them for the whole word; zsh quotes each as shell text (\"Old\ Tom\")
    (( $#finished )) && compadd -U -S ' ' -- "${finished[@]}" && ret=0
    (( $#partial )) && compadd -U -S '' -- "${partial[@]}" && ret=0
    return ret
}

_roll_files() {
    (( $+functions[_files] )) && _files
}

_roll() {
    setopt localoptions extendedglob
    local cur=${(Q)words[CURRENT]} prev=${(Q)words[CURRENT-1]} word sub='' sub2='' i
    local -i line=0 npos=0
    local -a pass
    for (( i = 2; i < CURRENT; i++ )); do  # the words unquoted, as roll will see them
        word=${(Q)words[i]}
        case $word in
            @@PASSED_ON@@) pass+=( "$word" "${(Q)words[i+1]}" ); (( i++ )); continue ;;
            @@OTHER_VALUE_OPTIONS@@) (( i++ )); continue ;;
            --) line=$(( i + 1 )); break ;;
            -*) continue ;;
        esac
        if [[ -z $sub ]]; then
            if (( ${${=:-@@SUBCOMMANDS@@}[(Ie)$word]} )); then
                sub=$word
                if [[ $sub == odds ]]; then line=$(( i + 1 )); break; fi
                continue
            fi
            line=$i
            break
        fi
        if [[ $sub == sheet && -z $sub2 ]]; then
            sub2=$word
            continue
        fi
        (( npos++ ))
    done
    case $prev in
        -s|--system) _roll_add "$cur" @@SYSTEMS@@; return ;;
        -a|--as) _roll_names "$cur" "${pass[@]}"; return ;;
        --campaign) _roll_files; return ;;
        @@OTHER_VALUE_OPTIONS@@) return ;;
    esac
    if [[ $cur == -* ]]; then
        _roll_add "$cur" ${=$(_roll_options "$sub${sub2:+ $sub2}")}
        return
    fi
    if (( line > 0 )); then
        local text="${(j: :)${(@Q)words[line,CURRENT-1]}}"
        _roll_line "${text}${text:+ }$cur" "${pass[@]}"
        return
    fi
    case $sub in
        '')
            local found_line=1
            _roll_line "$cur" "${pass[@]}" && found_line=0
            _roll_add "$cur" @@SUBCOMMANDS@@ || return $found_line ;;  # status: any matches?
        help) (( npos == 0 )) && _roll_add "$cur" @@TOPICS@@ ;;
        completion) (( npos == 0 )) && _roll_add "$cur" @@SHELLS@@ ;;
        sheet)
            if [[ -z $sub2 ]]; then
                _roll_add "$cur" @@SHEET_COMMANDS@@
            elif (( npos == 0 )); then
                case $sub2 in
                    @@NAME_COMMANDS@@) _roll_names "$cur" "${pass[@]}" ;;
                    import) _roll_files ;;
                esac
            fi ;;
    esac
}

if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
    _roll "$@"
elif (( $+functions[compdef] )); then
    compdef _roll roll
fi
"""

FISH = r"""# Install: roll completion fish > ~/.config/fish/completions/roll.fish

function __roll_options  # the options of a subcommand ('' for a LINE)
    switch "$argv[1]"
@@OPTION_CASES@@
    end
end

function __roll_complete  # every word that fits at the cursor
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l prev $tokens[-1]
    set -l sub ''
    set -l sub2 ''
    set -l line 0
    set -l npos 0
    set -l pass
    set -l skip 0
    for i in (seq 2 (count $tokens))
        set -l word $tokens[$i]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $word
            case @@PASSED_ON_WORDS@@
                if test $i -lt (count $tokens)
                    set pass $pass $word $tokens[(math $i + 1)]
                end
                set skip 1
                continue
            case @@OTHER_VALUE_OPTIONS_WORDS@@
                set skip 1
                continue
            case --
                set line (math $i + 1)
                break
            case '-*'
                continue
        end
        if test -z "$sub"
            if contains -- $word @@SUBCOMMANDS@@
                set sub $word
                if test $sub = odds
                    set line (math $i + 1)
                    break
                end
                continue
            end
            set line $i
            break
        end
        if test "$sub" = sheet -a -z "$sub2"
            set sub2 $word
            continue
        end
        set npos (math $npos + 1)
    end
    switch "$prev"
        case -s --system
            printf '%s\n' @@SYSTEMS@@
            return
        case -a --as
            command roll completion --words characters $pass 2>/dev/null
            return
        case --campaign
            __fish_complete_path "$cur"
            return
        case @@OTHER_VALUE_OPTIONS_WORDS@@
            return
    end
    if string match -q -- '-*' "$cur"
        set -l path $sub
        test -n "$sub2"; and set path "$sub $sub2"
        string split ' ' -- (__roll_options "$path")
        return
    end
    if test $line -gt 0
        set -l text (string join ' ' -- $tokens[$line..-1] $cur)
        test $line -gt (count $tokens); and set text "$cur"
        command roll completion --complete "$text" $pass 2>/dev/null | string trim -r
        return
    end
    switch "$sub"
        case ''
            command roll completion --complete "$cur" $pass 2>/dev/null | string trim -r
            printf '%s\n' @@SUBCOMMANDS@@
        case help
            test $npos -eq 0; and printf '%s\n' @@TOPICS@@
        case completion
            test $npos -eq 0; and printf '%s\n' @@SHELLS@@
        case sheet
            if test -z "$sub2"
                printf '%s\n' @@SHEET_COMMANDS@@
            else if test $npos -eq 0
                switch $sub2
                    case @@NAME_COMMANDS_WORDS@@
                        command roll completion --words characters $pass 2>/dev/null
                    case import
                        __fish_complete_path "$cur"
                end
            end
    end
end

complete -c roll -f -a '(__roll_complete)'
"""
