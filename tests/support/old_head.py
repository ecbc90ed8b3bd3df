"""The hand readers a LINE's head went through on main 3d06563 (cli/line/own_options.py,
secret.py, bot_word.py, dispatch.py, odds_line.py, rules/notation/parts.py), kept word for word
as the oracle that rules/notation/head.py is held to (tests/notation/test_head.py)."""

from __future__ import annotations

import re
import shlex
from typing import NamedTuple

from rules.errors import NotationError, UsageError
from rules.notation.bot import bot_command
from rules.notation.placeholders import wanted

LINE_OPTIONS = {"-s": "system", "--system": "system", "-a": "character", "--as": "character",
                "--rolled": "rolled", "-n": "times", "--times": "times"}
SHOWN = {"system": "-s/--system NAME", "character": "-a/--as NAME", "rolled": "--rolled FACES",
         "times": "-n/--times N"}
TABLE_WORDS = ("import", "list", "rm", "export")
_LEADING_REPEAT = re.compile(r"\s*(\d+[x×])(?![a-z0-9_])\s+", re.IGNORECASE)
_WORD = re.compile(r'"[^"]*"|(?<!\S)\'[^\']*\'|\S+')
_NAME = re.compile(r"[a-z][a-z0-9_-]*", re.IGNORECASE)


class OldHead(NamedTuple):
    """What the old readers made of a line, in the head's terms."""

    bot_word: str | None
    options: dict[str, str]
    subcommand: list[str] | None
    table: str | None
    odds: str | None
    secret: bool
    body: str
    name: str | None
    holes: tuple[str, ...]


def without_bot_word(text: str) -> tuple[str, str | None]:
    """cli/line/bot_word.py's `without_bot_word`, and the word it noted."""
    if text.lstrip()[:1] not in ("/", "!", "r", "R"):
        return text, None
    bot = bot_command(text)
    if bot is None:
        return text, None
    line = bot.line
    while (again := bot_command(line)) is not None:
        line = again.line
    return line, bot.word


def _word(text: str, at: int) -> tuple[str, int]:
    if text[at] in "'\"":
        end = text.find(text[at], at + 1)
        if end < 0:
            raise UsageError(f"unbalanced quotes in {text[at:]!r}")
        return text[at + 1:end], end + 1
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[at:end], end


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def line_options(text: str) -> tuple[dict[str, str], str] | None:
    """cli/line/own_options.py's `line_options`, the values as typed."""
    given: dict[str, str] = {}
    at = _skip(text, 0)
    while at < len(text):
        word, after = _word(text, at)
        name, eq, attached = word.partition("=") if word.startswith("--") else (word, "", "")
        if word == "--" and given:
            at = _skip(text, after)
            break
        field = LINE_OPTIONS.get(name)
        if field is None:
            break
        if eq:
            value, at = attached, after
        else:
            at = _skip(text, after)
            if at >= len(text):
                raise UsageError(f"{name} needs a value ({SHOWN[field]}) and a LINE after it")
            value, at = _word(text, at)
        given[field] = value
        at = _skip(text, at)
    if not given:
        return None
    rest = text[at:].strip()
    if not rest:
        raise UsageError("the line's options need a LINE after them")
    return given, rest


def subcommand_of(text: str, subcommands: frozenset[str]) -> list[str] | None:
    """cli/commands/dispatch.py's `subcommand_of`."""
    words = text.split(None, 1)
    if not words or words[0].lower() not in subcommands:
        return None
    first, rest = words[0], words[1:]
    if first.lower() == "odds" and rest and not rest[0].startswith("-"):
        try:
            return [first, "--", " ".join(shlex.split(rest[0]))]
        except ValueError:
            return [first, "--", rest[0].strip()]
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None


def table_target(words: list[str]) -> str | None:
    if len(words) == 2 and words[0].lower() == "table" and not words[1].startswith("-"):
        return None if words[1].lower() in TABLE_WORDS else words[1]
    return None


def bare_odds(words: list[str]) -> bool:
    if len(words) != 3 or words[0].lower() != "odds" or words[1] != "--":
        return False
    table = words[2].split()
    return not (len(table) == 2 and table[0].lower() == "table")


def split_secret(text: str) -> tuple[bool, str]:
    """cli/line/secret.py's `split_secret`, behind the runner's own check."""
    if text.lstrip()[:7].lower() != "secret ":
        return False, text
    word, _, rest = text.strip().partition(" ")
    if word.lower() == "secret" and rest.strip():
        return True, rest.strip()
    return False, text


def first_name(text: str) -> str | None:
    """rules/notation/parts.py's `first_name` (through `split_line`)."""
    match = _LEADING_REPEAT.match(text)
    if match:
        text = text[match.end():]
    body = text.partition("#")[0].strip()
    words = _WORD.findall(body)
    if not words or not _NAME.fullmatch(words[0]):
        return None
    return words[0].lower()


def old_head(text: str, subcommands: frozenset[str]) -> OldHead:
    """The old readers in the order `run_any` and the runner called them."""
    text, bot = without_bot_word(text)
    options: dict[str, str] = {}
    if text[:1] == "-":
        read = line_options(text)
        if read is not None:
            options, text = read
    words = subcommand_of(text, subcommands)
    if words is not None:
        odds = words[2] if bare_odds(words) else None
        return OldHead(bot, options, words, table_target(words), odds, False, "", None, ())
    secret, body = split_secret(text)
    return OldHead(bot, options, None, None, None, secret, body, first_name(body),
                   tuple(wanted(body)))
