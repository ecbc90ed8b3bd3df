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

_REPEAT = r"\s*\d+[x×](?![a-z0-9_])\s+"
"""A LINE's leading `Nx` (the grammar's `REPEAT`, rules/notation/parts.py) and its space."""
_ASCII_DIGITS = "0123456789"
_NAME = r"[a-z][a-z0-9_-]*"
"""A name: a letter, then letters, digits, - and _ (compiled by `re` at the first line that
needs it: a plain dice line never does)."""


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
"""The LINE after `odds`: a bot's word, then `table NAME`, or the LINE and `uses K` after a
risk die."""


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
class Around:
    """What a line holds before and around its dice: the LINE's body, its first name-shaped
    word, its `{stat}` holes, `secret`, (after `odds`) the rolls a risk die is priced over; or a
    subcommand; a dice bot's word as typed, the line after it (`typed`: what a bad option is
    said with), the line's own options, the line after them (`rest`: a subcommand's text, or
    `secret` and the LINE); or why they cannot be read (`refused`, said with `refused_in`)."""

    body: str
    name: str | None = None
    holes: tuple[str, ...] = ()
    secret: bool = False
    uses: int | None = None
    subcommand: Subcommand | None = None
    bot_word: str | None = None
    typed: str = ""
    options: tuple[LineOption, ...] = ()
    rest: str = ""
    refused: RollError | None = None
    refused_in: str = ""


@dataclass(frozen=True, slots=True)
class Head:
    """A line as its head reads, and what it holds around its dice (`around`; None for a LINE
    that is dice and nothing more, `2d6+3`: the most common line is the cheapest to read)."""

    line: str
    around: Around | None = None

    @property
    def body(self) -> str:
        """The LINE the grammar reads ("" for a subcommand)."""
        return self.line if self.around is None else self.around.body

    @property
    def name(self) -> str | None:
        """The LINE's first word (after any `Nx`), lower-cased, when it is shaped like a name."""
        return None if self.around is None else self.around.name

    @property
    def holes(self) -> tuple[str, ...]:
        """The LINE's `{stat}` holes, lower-cased, in order."""
        return () if self.around is None else self.around.holes

    @property
    def secret(self) -> bool:
        """Whether the LINE is the GM's secret (`secret LINE`)."""
        return False if self.around is None else self.around.secret

    @property
    def uses(self) -> int | None:
        """After `odds`: the rolls a risk die is priced over (`Δ8 uses 5`)."""
        return None if self.around is None else self.around.uses

    @property
    def subcommand(self) -> Subcommand | None:
        """The subcommand the line runs, or None for a LINE."""
        return None if self.around is None else self.around.subcommand

    @property
    def bot_word(self) -> str | None:
        """A dice bot's command word before the line, as typed."""
        return None if self.around is None else self.around.bot_word

    @property
    def typed(self) -> str:
        """The line after a bot's word."""
        return self.line if self.around is None else self.around.typed

    @property
    def options(self) -> tuple[LineOption, ...]:
        """The line's own options, in order."""
        return () if self.around is None else self.around.options

    @property
    def rest(self) -> str:
        """The line after its own options."""
        return self.line if self.around is None else self.around.rest

    @property
    def refused(self) -> RollError | None:
        """Why the head cannot be read, or None."""
        return None if self.around is None else self.around.refused

    @property
    def refused_in(self) -> str:
        """The line a refusal is said with."""
        return "" if self.around is None else self.around.refused_in

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
    typed, bot = text, None
    if reading.bot and text.lstrip()[:1] in ("/", "!", "r", "R"):  # no other line can have one
        typed, bot = _without_bot_word(text)
    options: tuple[LineOption, ...] = ()
    rest = typed
    try:
        if reading.options and typed[:1] == "-":
            options, rest = _line_options(typed)
    except RollError as error:
        return Head(text, Around("", bot_word=bot, typed=typed, refused=error, refused_in=typed))
    if reading.uses and (table := _odds_table(rest)) is not None:  # `odds table NAME`
        sub: Subcommand | None = Subcommand(("table", table), table=table)
        return Head(text, Around("", subcommand=sub, bot_word=bot, typed=typed, options=options,
                                 rest=rest))
    try:
        sub = None  # every subcommand word starts with a letter: dice never look one up
        if reading.subcommands and rest[:1].isalpha():
            sub = _subcommand(rest, reading.subcommands)
    except RollError as error:
        return Head(text, Around("", bot_word=bot, typed=typed, options=options, rest=rest,
                                 refused=error, refused_in=rest))
    if sub is not None:
        return Head(text, Around("", subcommand=sub, bot_word=bot, typed=typed, options=options,
                                 rest=rest))
    secret, body = False, rest
    if reading.secret and (rest[:1] in ("s", "S") or rest[:1].isspace()):
        secret, body = _secret(rest)
    uses = None
    if reading.uses:
        from rules.notation.tokens import split_uses

        body, uses = split_uses(body)
    holes = _holes(body) if "{" in body else ()
    lead = body[:1]
    if lead and lead in _ASCII_DIGITS and body.lstrip(_ASCII_DIGITS)[:1] not in ("x", "X", "×"):
        name = None  # dice: `2d6+3`
    else:
        name = _name(body)
    if bot is None and not options and not secret and uses is None and name is None and (
            not holes and body is text):
        return Head(text)  # dice and nothing more: `2d6+3`
    return Head(text, Around(body, name, holes, secret, uses, None, bot, typed, options, rest))


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
    from rules.notation.bot import bot_command

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
        odds = None if _odds_table(line) is not None else read_head(line, ODDS_LINE)
        return Subcommand((first, "--", line), odds=odds)
    try:
        words = tuple(shlex.split(text))
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None
    return Subcommand(words, table=_table(words))


def _odds_table(line: str) -> str | None:
    """The table that `table NAME` after `odds` prices (the odds command's own), else None."""
    words = line.split()
    return words[1] if len(words) == 2 and words[0].lower() == "table" else None


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
    start = 0
    if not body[:1].isalpha():
        lead = body.lstrip()
        if lead[:1] in _ASCII_DIGITS and lead.lstrip(_ASCII_DIGITS)[:1] not in ("x", "X", "×"):
            return None  # dice: `2d6+3`
        if lead[:1].isdigit():  # a repeat before a name: `3x attack`
            repeat = re.match(_REPEAT, body, re.IGNORECASE)
            if repeat is None:
                return None
            start = repeat.end()
        elif not lead[:1].isalpha():
            return None
    words = body[start:].partition("#")[0].split(None, 1)
    if not words or re.fullmatch(_NAME, words[0], re.IGNORECASE) is None:
        return None
    return words[0].lower()


def _holes(body: str) -> tuple[str, ...]:
    """The `{stat}` holes of the LINE, lower-cased, in order (dice groups `{d6}` aside)."""
    from rules.notation.placeholders import wanted

    return tuple(wanted(body))
