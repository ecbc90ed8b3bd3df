"""The command line's own words, without Typer: the subcommands, and the shared options, which
cli/base/options.py declares with them; cli/entry/fast_argv.py reads a plain `roll LINE` with them before
Click or Typer is imported (a speed device: its figure and its property test are cli/entry/fast_argv.py's)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import NamedTuple

SUBCOMMANDS = (
    "odds", "sheet", "log", "undo", "systems", "help", "completion", "repl", "alias", "table",
    "campaign", "game", "reveal", "fair", "luck",
)  # fmt: skip
"""The root's subcommands: a first word that is none of them starts a LINE."""
REPL_WORDS = {
    "use": "switch system", "as": "act as a character", "physical": "type real dice faces",
    "help": "help [TOPIC]", "again": "repeat the last LINE", "quit": "leave", "exit": "leave",
}  # fmt: skip
"""The REPL's own words (cli/repl/word_lists.py's, `?` and `!!` aside: no name is shaped so),
which no alias or sheet's roll may shadow (cli/line/named.py)."""
FRONT_WORDS: Mapping[str, str] = {
    **{word: f"a REPL word ({what})" for word, what in REPL_WORDS.items()},
    **{word: "a subcommand of roll" for word in SUBCOMMANDS},  # `help` is both: said as this
}
"""`roll`'s own words, which no named roll may shadow: rules/named_rolls.py is given them (the
domain knows no command line)."""
COMPLETE_VAR = "_ROLL_COMPLETE"
"""Set when a shell calls `roll` back at Tab time (Click's completion protocol)."""


class OptionWords(NamedTuple):
    """One shared option: its parameter (as cli/base/options.py names it), its words, and the type
    of its value (None: a flag)."""

    param: str
    words: tuple[str, ...]
    value: type[int] | type[str] | None = None


SHARED_WORDS = (
    OptionWords("system", ("-s", "--system"), str),
    OptionWords("as_", ("-a", "--as"), str),
    OptionWords("campaign", ("--campaign",), str),
    OptionWords("seed", ("--seed",), int),
    OptionWords("rolled", ("--rolled",), str),
    OptionWords("times", ("-n", "--times"), int),
    OptionWords("json", ("--json",)),
    OptionWords("quiet", ("-q", "--quiet")),
    OptionWords("exit_code", ("--exit-code",)),
    OptionWords("no_color", ("--no-color",)),
    OptionWords("color", ("--color",), str),
)
"""Every option a LINE takes, in the order help lists them."""

WORDS = {option.param: option.words for option in SHARED_WORDS}
BY_WORD = {word: option for option in SHARED_WORDS for word in option.words}
VALUE_OPTIONS = frozenset(word for word, option in BY_WORD.items() if option.value is not None) | {
    "--width"  # odds' own
}
"""Options that take a value: the word after one is never a subcommand."""

RUN_ARGUMENTS: list[list[str]] = []
"""The arguments this `roll` was given (`keep_arguments`), for `command_line`: the process's, or a
test's in-process run's."""
OWN_FLAGS = frozenset({"-h"})
"""Short options of the commands' own that are no LINE word (a long one is known by `--`)."""


def line_of(args: Sequence[str]) -> str:
    """The LINE the arguments give, without their options (SPEC §3's error `input`):
    `--json sheet show Nobody` is `sheet show Nobody`, `-- -1+d6` is `-1+d6`; a LINE's
    own words that look like options (`hurt -3`) stay."""
    words: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            words += args[i:]
            break
        name = arg.partition("=")[0] if arg.startswith("--") else arg
        if name in VALUE_OPTIONS and "=" not in arg:
            i += 1  # its value is no LINE word either
        elif name in BY_WORD or name in OWN_FLAGS or arg.startswith("--"):
            continue
        else:
            words.append(arg)
    return " ".join(words)


def keep_arguments(args: Sequence[str]) -> None:
    """Keep the arguments `roll` runs with (cli/entry/fast_argv.py, cli/entry/app.py)."""
    RUN_ARGUMENTS[:] = [list(args)]


def run_arguments() -> list[str]:
    """The arguments `roll` runs with, as `keep_arguments` kept them, else the process's."""
    return RUN_ARGUMENTS[0] if RUN_ARGUMENTS else sys.argv[1:]


def command_line() -> str:
    """The LINE of the command being run, without its options (an error's `input`)."""
    return line_of(run_arguments())
