"""Finds a syntax error while the LINE is typed, for the lexer to colour (Enter runs it anyway)."""

from __future__ import annotations

from dataclasses import dataclass

from cli.repl.word_lists import REPL_WORDS, SUBCOMMAND_WORDS
from rules.errors import NotationError, RollError
from rules.notation import parse
from rules.notation.bot import bot_command


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a line cannot run, and where (0-based index into the line)."""

    message: str
    index: int
    expected: str = ""


def problem(text: str) -> Problem | None:
    """The syntax error of a LINE (also after `odds`); None when it parses or is no LINE."""
    stripped = text.strip()
    if not stripped:
        return None
    bot = bot_command(text)
    if bot is not None:  # `/r 1d20`: the LINE after a dice bot's word (rules/notation/bot.py)
        at = text.rindex(bot.line)
        found = problem(text[at:])
        return None if found is None else Problem(found.message, found.index + at, found.expected)
    first = stripped.split(None, 1)[0]
    low = first.lower()
    offset = 0
    if low == "odds":
        offset = text.index(first) + len(first)
        if not text[offset:].strip():
            return None  # `odds` alone: let the subcommand say what it needs
    elif low in REPL_WORDS or low in SUBCOMMAND_WORDS or low == "completion":
        return None  # their own words, checked when they run
    body = text[offset:]
    try:
        parse(body)
    except NotationError as error:
        index = min(offset + max(error.column - 1, 0), len(text))
        return Problem(error.message, index, error.expected)
    except RollError as error:
        return Problem(error.message, len(text))
    return None
