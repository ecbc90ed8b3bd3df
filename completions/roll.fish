# fish completion for roll (roll-rules), generated from the app by
# completions/generate.py: do not edit; `roll completion fish` prints the same text.
# Character names and the words of a LINE come from roll itself at Tab time:
#   roll completion --words characters      roll completion --complete TEXT
# Install: roll completion fish > ~/.config/fish/completions/roll.fish

function __roll_options  # the options of a subcommand ('' for a LINE)
    switch "$argv[1]"
        case 'odds'
            echo -a --as --at-least --at-most --campaign -h --help --json --no-color -s --system --width
        case 'sheet'
            echo -a --as --campaign -h --help --json --no-color -s --system
        case 'sheet export'
            echo -a --as --campaign -h --help --json --no-color -s --system
        case 'sheet import'
            echo -a --as --campaign -h --help --json --no-color --reset -s --system
        case 'sheet list'
            echo -a --as --campaign -h --help --json --no-color -s --system
        case 'sheet rm'
            echo -a --as --campaign -h --help --json --no-color -s --system -y --yes
        case 'sheet show'
            echo -a --as --campaign -h --help --json --no-color -s --system
        case 'log'
            echo -a --as --campaign -h --help --json -n --no-color -s --since --system
        case 'undo'
            echo -a --as --campaign -h --help --id --json --no-color -s --system
        case 'systems'
            echo -h --help --json
        case 'help'
            echo -h --help
        case 'completion'
            echo -a --as --campaign -h --help --json --no-color -s --system
        case 'repl'
            echo -a --as --campaign -h --help --json --no-color -q --quiet --rolled -s --seed --system
        case '*'
            echo -a --as --campaign --exit-code -h --help --json -n --no-color -q --quiet --rolled -s --seed --system --times
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
            case -s --system -a --as --campaign
                if test $i -lt (count $tokens)
                    set pass $pass $word $tokens[(math $i + 1)]
                end
                set skip 1
                continue
            case --id --rolled --seed --since --times --width -n
                set skip 1
                continue
            case --
                set line (math $i + 1)
                break
            case '-*'
                continue
        end
        if test -z "$sub"
            if contains -- $word odds sheet log undo systems help completion repl
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
            printf '%s\n' generic vagabond macchiato champions tiers brighter
            return
        case -a --as
            command roll completion --words characters $pass 2>/dev/null
            return
        case --campaign
            __fish_complete_path "$cur"
            return
        case --id --rolled --seed --since --times --width -n
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
            printf '%s\n' odds sheet log undo systems help completion repl
        case help
            test $npos -eq 0; and printf '%s\n' notation generic vagabond macchiato champions tiers brighter
        case completion
            test $npos -eq 0; and printf '%s\n' bash zsh fish
        case sheet
            if test -z "$sub2"
                printf '%s\n' export import list rm show
            else if test $npos -eq 0
                switch $sub2
                    case export rm show
                        command roll completion --words characters $pass 2>/dev/null
                    case import
                        __fish_complete_path "$cur"
                end
            end
    end
end

complete -c roll -f -a '(__roll_complete)'
