"""A LINE's head, read once: what comes before and around its dice (SPEC §2, §5).

A line typed at the REPL, piped to a batch or given to a one-shot may begin with a dice bot's
command word (`/r`), the line's own options (`-s NAME`, `--as NAME`, `--rolled FACES`, `-n N`,
`--`), a subcommand (`odds …`, `table NAME`, `undo`) or `secret`; its LINE may then start with a
named roll's name and hold `{stat}` holes. `read_head` reads all of that in one pass, left to
right, and returns one `Head`: the front end plans from it (cli/commands/dispatch.py) and never
reads the line's text again. The grammar (grammar.py) reads the body.

Every part is kept as typed (the bot's word, each option's word and value, the words of a
subcommand), so a front end can echo or quote what the player wrote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import NotationError, RollError, UsageError
from rules.notation.bot import bot_command
from rules.notation.placeholders import wanted
from rules.notation.tokens import split_uses

LINE_OPTIONS = {"-s": "system", "--system": "system", "-a": "character", "--as": "character",
                "--rolled": "rolled", "-n": "times", "--times": "times"}
"""The options a line may begin with, by word, and the setting each gives."""
SHOWN = {"system": "-s/--system NAME", "character": "-a/--as NAME", "rolled": "--rolled FACES",
         "times": "-n/--times N"}
"""Each setting's options as an error names them."""
SECRET = "secret"
"""The GM's word before a secret LINE (SPEC §9)."""
LINE_TAKING = frozenset({"odds"})
"""Subcommands whose words are a LINE."""
TABLE_WORDS = ("import", "list", "rm", "export")
"""`table`'s own commands: `table NAME` with any other NAME rolls on that table."""

_REPEAT = re.compile(r"\s*\d+[x×](?![a-z0-9_])\s+", re.IGNORECASE)
"""A LINE's leading `Nx` (the grammar's `REPEAT`, rules/notation/parts.py) and its space."""
_NAME = re.compile(r"[a-z][a-z0-9_-]*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a front end's line may begin with: a bot's word, the line's own options, which
    subcommand words, `secret`; and whether it may end with `uses K` (odds of a risk die)."""

    bot: bool = True
    options: bool = True
    subcommands: frozenset[str] = frozenset()
    secret: bool = True
    uses: bool = False


LINE_ONLY = Reading(bot=False, options=False)
"""A LINE handed over as it is: `secret` and its body (Runner.run)."""
ODDS_LINE = Reading(options=False, secret=False, uses=True)
"""The LINE after `odds`: a bot's word, the LINE, and `uses K` after a risk die."""


@dataclass(frozen=True, slots=True)
class LineOption:
    """A line's own option as typed: its word (`-s`, `--as`), the setting it gives, its value."""

    word: str
    setting: str
    value: str


@dataclass(frozen=True, slots=True)
class Subcommand:
    """A subcommand's words as a shell passes them; `table NAME` names the table it rolls on,
    and `odds LINE` with no option of its own carries that LINE's head."""

    words: tuple[str, ...]
    table: str | None = None
    odds: Head | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """A head that cannot be read: the error, and the line as it is said with it."""

    error: RollError
    line: str


@dataclass(frozen=True, slots=True)
class Head:
    """A line as its head reads: the bot's word, the line's own options, a subcommand, `secret`,
    and the LINE's body with its first name-shaped word, its `{stat}` holes and (after `odds`)
    the rolls a risk die is priced over (`uses K`).

    `typed` is the line after the bot's word (what a bad option is said with), `rest` the line
    after its options (a subcommand's text, or `secret` and the LINE)."""

    given: str
    bot_word: str | None = None
    typed: str = ""
    options: tuple[LineOption, ...] = ()
    rest: str = ""
    subcommand: Subcommand | None = None
    secret: bool = False
    body: str = ""
    uses: int | None = None
    name: str | None = None
    holes: tuple[str, ...] = ()
    refused: Refusal | None = None

    def written(self) -> str:
        """The head written back as a line that reads the same: single spaces, each option
        as `_option_written` writes it, `--` before a LINE that starts with `-`."""
        parts = [] if self.bot_word is None else [self.bot_word]
        parts += [_option_written(option) for option in self.options]
        if self.subcommand is not None:
            return " ".join([*parts, _subcommand_written(self.subcommand)])
        if self.options and self.body[:1] == "-" and not self.secret:
            parts.append("--")
        if self.secret:
            parts.append(SECRET)
        body = self.body if self.uses is None else f"{self.body} uses {self.uses}"
        return " ".join([*parts, body])

    def option(self, setting: str) -> str | None:
        """The value the line's own options give `setting`, the last one winning; else None."""
        found = None
        for option in self.options:
            if option.setting == setting:
                found = option.value
        return found


def read_head(text: str, reading: Reading = Reading()) -> Head:
    """The head of `text` as `reading` says a line may begin; never raises: a head that cannot
    be read is `refused`, with the options read before it."""
    typed, bot = _without_bot_word(text) if reading.bot else (text, None)
    options: tuple[LineOption, ...] = ()
    rest = typed
    try:
        if reading.options and typed[:1] == "-":
            options, rest = _line_options(typed)
    except RollError as error:
        return Head(text, bot, typed, refused=Refusal(error, typed))
    try:
        sub = _subcommand(rest, reading.subcommands) if reading.subcommands else None
    except RollError as error:
        return Head(text, bot, typed, options, rest, refused=Refusal(error, rest))
    if sub is not None:
        return Head(text, bot, typed, options, rest, sub)
    secret, body = _secret(rest) if reading.secret else (False, rest)
    uses = None
    if reading.uses:
        body, uses = split_uses(body)
    return Head(text, bot, typed, options, rest, None, secret, body, uses, _name(body),
                _holes(body))


def _option_written(option: LineOption) -> str:
    """An option as a line writes it: `-s NAME`; `--as=VALUE` for a value a space cannot follow
    (empty, or starting with a quote); a value with a space in the quotes it does not hold."""
    value = option.value
    spaced = any(c.isspace() for c in value)
    if value and value[0] not in "'\"" and not spaced:
        return f"{option.word} {value}"
    if option.word.startswith("--") and not spaced:
        return f"{option.word}={value}"
    quote = "'" if '"' in value else '"'
    return f"{option.word} {quote}{value}{quote}"


def _subcommand_written(sub: Subcommand) -> str:
    """A subcommand's words as a line writes them (`odds LINE` as typed after `odds`)."""
    import shlex

    if sub.words[1:2] == ("--",) and len(sub.words) == 3 and sub.words[0].lower() in LINE_TAKING:
        return f"{sub.words[0]} {sub.words[2]}"
    return shlex.join(sub.words)


def _without_bot_word(text: str) -> tuple[str, str | None]:
    """The line after a dice bot's command words (`/r 1d20`; `roll roll 1d20` from a shell),
    and the first word as typed; the line as it is when it starts with none."""
    if text.lstrip()[:1] not in ("/", "!", "r", "R"):
        return text, None  # most lines: no bot's word can start them
    bot = bot_command(text)
    if bot is None:
        return text, None
    line = bot.line
    while (again := bot_command(line)) is not None:
        line = again.line
    return line, bot.word


def _line_options(text: str) -> tuple[tuple[LineOption, ...], str]:
    """The options a line begins with and the rest of it (`-1+d6`, `--json` and any other word
    starting with `-` is the LINE's); `--` ends them once one was read."""
    read: list[LineOption] = []
    at = _skip(text, 0)
    while at < len(text):
        word, after = _word(text, at)
        name, eq, attached = word.partition("=") if word.startswith("--") else (word, "", "")
        if word == "--" and read:
            at = _skip(text, after)
            break
        setting = LINE_OPTIONS.get(name)
        if setting is None:
            break
        if eq:
            value, at = attached, after
        else:
            at = _skip(text, after)
            if at >= len(text):
                raise UsageError(f"{name} needs a value ({SHOWN[setting]}) and a LINE after it")
            value, at = _word(text, at)
        read.append(LineOption(name, setting, value))
        at = _skip(text, at)
    if not read:
        return (), text
    rest = text[at:].strip()
    if not rest:
        raise UsageError("the line's options need a LINE after them")
    return tuple(read), rest


def _word(text: str, at: int) -> tuple[str, int]:
    """The word at `at` (quotes, single or double, hold spaces: `--as "Old Tom"`) and where
    the text after it starts."""
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


def _subcommand(text: str, subcommands: frozenset[str]) -> Subcommand | None:
    """The subcommand `text` starts with, else None (a LINE: the common case, kept cheap).

    The text after `odds` is its LINE (`odds {1d6, -1d4}kh1`), its words read as a shell passes
    them and joined by spaces, as the one-shot `roll odds 'd20+5' 'vs 15'` reads them (quotes
    group words and go); only a LINE that starts with `-` is read as options and needs `--`
    (`odds --at-least -- -1+d6`)."""
    parts = text.split(None, 1)
    if not parts or parts[0].lower() not in subcommands:
        return None
    first, rest = parts[0], parts[1:]
    import shlex  # a subcommand's words: a LINE never needs it

    if first.lower() in LINE_TAKING and rest and not rest[0].startswith("-"):
        try:
            line = " ".join(shlex.split(rest[0]))
        except ValueError:  # quotes that do not pair are no quoting (`# Ara's shot`)
            line = rest[0].strip()
        odds = None if _odds_table(line) else read_head(line, ODDS_LINE)
        return Subcommand((first, "--", line), odds=odds)
    try:
        words = tuple(shlex.split(text))
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None
    return Subcommand(words, table=_table(words))


def _odds_table(line: str) -> bool:
    """Whether the LINE after `odds` is `table NAME` (the odds command's own)."""
    words = line.split()
    return len(words) == 2 and words[0].lower() == "table"


def _table(words: tuple[str, ...]) -> str | None:
    """The table `table NAME` rolls on; None for the other `table` commands."""
    if len(words) == 2 and words[0].lower() == "table" and not words[1].startswith("-"):
        return None if words[1].lower() in TABLE_WORDS else words[1]
    return None


def _secret(text: str) -> tuple[bool, str]:
    """`secret check sneak` → (True, `check sneak`); any other LINE as it is."""
    if text.lstrip()[:7].lower() != SECRET + " ":
        return False, text
    rest = text.strip().partition(" ")[2].strip()
    return (True, rest) if rest else (False, text)


def _name(body: str) -> str | None:
    """The LINE's first word (after any `Nx`, before any `# comment`), lower-cased, if it is
    shaped like a name."""
    repeat = _REPEAT.match(body)
    words = body[repeat.end() if repeat else 0:].partition("#")[0].split(None, 1)
    if not words or _NAME.fullmatch(words[0]) is None:
        return None
    return words[0].lower()


def _holes(body: str) -> tuple[str, ...]:
    """The `{stat}` holes of the LINE, lower-cased, in order (dice groups `{d6}` aside)."""
    return tuple(wanted(body)) if "{" in body else ()
