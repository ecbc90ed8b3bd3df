"""Run any input line in batch mode or the REPL: a subcommand (`odds …`, `undo`) or a LINE."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.base.argv import SUBCOMMANDS
from cli.line.runner import Runner, bot_typed, worst
from rules.errors import RollError
from rules.notation.head import Head, Reading, read_head

if TYPE_CHECKING:
    from cli.base.environment import Environment
    from cli.base.settings import Settings
    from rules.dice.source import DiceSource

SUBCOMMAND_WORDS = frozenset(SUBCOMMANDS) - {"repl"}
"""What a batch line or the REPL may start with to run a subcommand."""
LINE_READING = Reading(subcommands=SUBCOMMAND_WORDS)
"""How a one-shot's, a batch's or the REPL's line is read: a bot's word, its own options, a
subcommand or `secret`, then the LINE."""


def run_any(runner: Runner, text: str, settings: Settings | None = None,
            source: DiceSource | None = None, turns: bool = False,
            number: int | None = None, typed: bool = False) -> int:
    """Run a one-shot's, a batch's (its input line `number`) or a REPL's line under `settings`
    (the process's when None): its head read once (rules/notation/head.py), then `run_head`.
    `typed`: a line as typed into a batch, whose quotes no shell has read yet: a LINE's are
    read as a shell reads them (`shell_read`) before its head is."""
    head = read_head(text, LINE_READING)
    if typed and head.subcommand is None and ("'" in text or '"' in text):
        head = read_head(shell_read(text), LINE_READING)
    return run_head(runner, head, settings, source, turns, number)


def run_head(runner: Runner, head: Head, settings: Settings | None = None,
             source: DiceSource | None = None, turns: bool = False,
             number: int | None = None) -> int:
    """Run a line from its head: its own options for that line alone (cli/line/own_options.py),
    then a table roll, `odds LINE`, another subcommand, or a LINE; an error names the batch's
    input line `number`."""
    settings = settings or runner.settings
    if head.around is None:  # dice and nothing more (`2d6+3`): the most common line
        return runner.run(head, settings, source, turns, number)
    if head.bot_word is not None:
        runner.note_bot_word(head.bot_word)
    if head.options:
        from cli.line.own_options import own_settings

        try:
            settings, own = own_settings(head.options, settings)
        except RollError as error:
            return runner.report(head.typed, error, settings, number, bot_typed(head))
        source = own or source
    if head.refused is not None:
        return runner.report(head.refused_in, head.refused, settings, number, bot_typed(head))
    sub = head.subcommand
    if sub is None:
        return runner.run(head, settings, source, turns, number)
    if sub.table is not None:
        from cli.line.table_rolls import run_table  # the line's dice: --rolled, --seed, physical dice

        return run_table(runner, sub.table, head.rest, runner.line_run(settings, source), number)
    if sub.odds is not None:
        from cli.line.odds_line import show_odds  # no option to read: no command to build

        return show_odds(runner, sub.odds, run=runner.line_run(settings, source, turns=turns),
                         number=number)
    # only a subcommand's line loads what runs one (Click, its group): a LINE never needs it
    from cli.commands.subcommand import run_subcommand

    return run_subcommand(list(sub.words), runner, head.rest, settings, head.line, number)


def head_of(text: str) -> Head:
    """A one-shot's, a batch's or the REPL's line read up to its LINE (rules/notation/head.py)."""
    return read_head(text, LINE_READING)


def run_words(runner: Runner, words: list[str], env: Environment) -> int:
    """One LINE from the words; none (or `-`): one LINE per line of standard input."""
    if not runner.one_shot:
        from cli.line.batch import run_batch

        return run_batch(runner, env, run_any)
    from cli.base.shell_words import line_text

    status = run_any(runner, line_text(words))  # `roll 'odds 4d6'` works as it does in a pipe
    return worst(status, runner.finish())


def shell_read(text: str) -> str:
    """A batch LINE's quotes read as a shell reads them, as `roll 'd20+5 vs 15'` and an `odds`
    line have them read: `'4d6kh3'` is 4d6kh3, `attack on 'Goblin 1'` the name unquoted (found as
    written); quotes that do not pair (`# Ara's shot`) are no quoting, kept as typed."""
    import shlex

    from cli.base.shell_words import line_text

    try:
        return line_text(shlex.split(text))
    except ValueError:
        return text
