# bash completion for roll (roll-rules), generated from the app by
# completions/generate.py: do not edit; `roll completion bash` prints the same text.
# Character names and the words of a LINE come from roll itself at Tab time:
#   roll completion --words characters      roll completion --complete TEXT
# Install: `source roll.bash` in ~/.bashrc, or
#   roll completion bash > ~/.local/share/bash-completion/completions/roll

_roll_subcommands='odds sheet log undo systems help completion repl'
_roll_systems='generic vagabond macchiato champions tiers brighter'
_roll_topics='notation generic vagabond macchiato champions tiers brighter'
_roll_shells='bash zsh fish'

_roll_options() {  # the options of a subcommand ('' for a LINE)
    case $1 in
        'odds') echo '-a --as --at-least --at-most --campaign -h --help --json --no-color -s --system --width' ;;
        'sheet') echo '-a --as --campaign -h --help --json --no-color -s --system' ;;
        'sheet export') echo '-a --as --campaign -h --help --json --no-color -s --system' ;;
        'sheet import') echo '-a --as --campaign -h --help --json --no-color --reset -s --system' ;;
        'sheet list') echo '-a --as --campaign -h --help --json --no-color -s --system' ;;
        'sheet rm') echo '-a --as --campaign -h --help --json --no-color -s --system -y --yes' ;;
        'sheet show') echo '-a --as --campaign -h --help --json --no-color -s --system' ;;
        'log') echo '-a --as --campaign -h --help --json -n --no-color -s --since --system' ;;
        'undo') echo '-a --as --campaign -h --help --id --json --no-color -s --system' ;;
        'systems') echo '-h --help --json' ;;
        'help') echo '-h --help' ;;
        'completion') echo '-a --as --campaign -h --help --json --no-color -s --system' ;;
        'repl') echo '-a --as --campaign -h --help --json --no-color -q --quiet --rolled -s --seed --system' ;;
        *) echo '-a --as --campaign --exit-code -h --help --json -n --no-color -q --quiet --rolled -s --seed --system --times' ;;
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
            -s|--system|-a|--as|--campaign) pass+=( "$word" "${said[i+1]}" ); (( i++ )); continue ;;
            --id|--rolled|--seed|--since|--times|--width|-n) (( i++ )); continue ;;
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
        --id|--rolled|--seed|--since|--times|--width|-n) COMPREPLY=(); return ;;
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
                _roll_reply "$cur" 'export import list rm show'
            elif (( npos == 0 )); then
                case $sub2 in
                    export|rm|show) _roll_names "$cur" "${pass[@]}" ;;
                    import) _roll_files "$cur" ;;
                esac
            fi ;;
        *) COMPREPLY=() ;;
    esac
}

complete -F _roll roll
