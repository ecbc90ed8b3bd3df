"""A dice bot's command word before a LINE (`/r 1d20`: rules/notation/bot.py), read away and
noted once a process: a one-shot, a batch and a REPL session go through `run_any`
(cli/commands/dispatch.py), `odds LINE` through cli/line/odds_line.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cli.line.runner import Runner


def without_bot_word(runner: Runner, text: str) -> str:
    """The LINE after a dice bot's command word (`/r 1d20`, `roll 1d20`), or `text` as it is;
    the first time in a process (a one-shot, a batch, a REPL session) a note on standard
    error says so."""
    if text.lstrip()[:1] not in ("/", "!", "r", "R"):
        return text  # most LINEs: no bot's word can start them, and its module stays unloaded
    from rules.notation.bot import bot_command

    bot = bot_command(text)
    if bot is None:
        return text
    line = bot.line
    while (again := bot_command(line)) is not None:  # `roll roll 1d20` from a shell
        line = again.line
    if not runner.bot_noted:
        runner.bot_noted = True
        runner.err(bot.note())
    return line
