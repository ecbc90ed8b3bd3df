"""The command line's own words, without Typer: the subcommands, and the shared options, which
cli/options.py declares with them; cli/plain.py reads a plain `roll LINE` with them before
Click or Typer is imported (a speed device: its figure and its property test are cli/plain.py's)."""

from __future__ import annotations

from typing import NamedTuple

SUBCOMMANDS = (
    "odds", "sheet", "log", "undo", "systems", "help", "completion", "repl", "alias", "table",
    "campaign",
)  # fmt: skip
"""The root's subcommands: a first word that is none of them starts a LINE."""
REPL_WORDS = ("use", "as", "physical", "quit", "exit")
"""The REPL's own words that a named roll would shadow (cli/named_lookup.py)."""
COMPLETE_VAR = "_ROLL_COMPLETE"
"""Set when a shell calls `roll` back at Tab time (Click's completion protocol)."""


class OptionWords(NamedTuple):
    """One shared option: its parameter (as cli/options.py names it), its words, and the type
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
)
"""Every option a LINE takes, in the order help lists them."""

WORDS = {option.param: option.words for option in SHARED_WORDS}
BY_WORD = {word: option for option in SHARED_WORDS for word in option.words}
VALUE_OPTIONS = frozenset(word for word, option in BY_WORD.items() if option.value is not None) | {
    "--width"  # odds' own
}
"""Options that take a value: the word after one is never a subcommand."""
