#compdef roll
# zsh completion for roll (roll-rules), generated from the app by
# completions/generate.py: do not edit; `roll completion zsh` prints the same text.
# Character names and the words of a LINE come from roll itself at Tab time:
#   roll completion --words characters      roll completion --complete TEXT
# Install: roll completion zsh > ~/.zfunc/_roll, with `fpath+=(~/.zfunc)` before
#   `autoload -U compinit && compinit` in ~/.zshrc; or `source roll.zsh` after compinit.

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
            -s|--system|-a|--as|--campaign) pass+=( "$word" "${(Q)words[i+1]}" ); (( i++ )); continue ;;
            --id|--rolled|--seed|--since|--times|--width|-n) (( i++ )); continue ;;
            --) line=$(( i + 1 )); break ;;
            -*) continue ;;
        esac
        if [[ -z $sub ]]; then
            if (( ${${=:-odds sheet log undo systems help completion repl}[(Ie)$word]} )); then
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
        -s|--system) _roll_add "$cur" generic vagabond macchiato champions tiers brighter; return ;;
        -a|--as) _roll_names "$cur" "${pass[@]}"; return ;;
        --campaign) _roll_files; return ;;
        --id|--rolled|--seed|--since|--times|--width|-n) return ;;
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
            _roll_add "$cur" odds sheet log undo systems help completion repl || return $found_line ;;  # status: any matches?
        help) (( npos == 0 )) && _roll_add "$cur" notation generic vagabond macchiato champions tiers brighter ;;
        completion) (( npos == 0 )) && _roll_add "$cur" bash zsh fish ;;
        sheet)
            if [[ -z $sub2 ]]; then
                _roll_add "$cur" export import list rm show
            elif (( npos == 0 )); then
                case $sub2 in
                    export|rm|show) _roll_names "$cur" "${pass[@]}" ;;
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
