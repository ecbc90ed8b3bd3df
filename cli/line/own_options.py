"""The LINE options a batch line or a REPL line may begin with (SPEC §2): `-s NAME`, `--as NAME`,
`--rolled FACES`, `-n N` (and their other spellings), meaning for that line alone what they
mean on the command line. The next line is back to the process's (or the REPL's) options."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules.errors import UsageError

if TYPE_CHECKING:
    from cli.base.settings import Settings
    from rules.dice.source import DiceSource

LINE_OPTIONS = {"-s": "system", "--system": "system", "-a": "character", "--as": "character",
                "--rolled": "rolled", "-n": "times", "--times": "times"}
"""The options a line may begin with, by word, and the setting each gives."""
SHOWN = {"system": "-s/--system NAME", "character": "-a/--as NAME", "rolled": "--rolled FACES",
         "times": "-n/--times N"}


@dataclass(frozen=True, slots=True)
class LineStart:
    """A line's own options, read from its start: the settings it runs under, its own dice
    (`--rolled`), and the rest of the line as typed."""

    settings: Settings
    source: DiceSource | None
    text: str


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


def line_options(text: str, settings: Settings) -> LineStart | None:
    """The line's settings and the rest of it when it begins with a LINE option, else None
    (`-1+d6`, `--json` and any other word starting with `-` is the LINE's, as before).
    A value missing or out of its range is that line's bad input."""
    given: dict[str, Any] = {}
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
        given[field] = _value(field, name, value)
        at = _skip(text, at)
    if not given:
        return None
    rest = text[at:].strip()
    if not rest:
        raise UsageError("the line's options need a LINE after them")
    source = None
    if "rolled" in given:
        from rules.dice.source import ScriptedSource

        source = ScriptedSource.from_text(str(given["rolled"]))
    return LineStart(replace(settings, **given), source, rest)


def _value(field: str, name: str, value: str) -> object:
    """An option's value as its setting holds it."""
    if field == "times":
        from rules.limits import MAX_REPEAT

        try:
            times = int(value)
        except ValueError:
            raise UsageError(f"{name} takes a number N from 1 to {MAX_REPEAT:,},"
                             f" not {value!r}") from None
        if not 1 <= times <= MAX_REPEAT:
            raise UsageError(f"-n/--times takes N from 1 to {MAX_REPEAT:,}")
        return times
    if field == "system":
        from rules.systems import get_system

        return get_system(value).id  # an unknown system is that line's error, naming them
    if field == "character":
        from cli.base.settings import nfc

        return nfc(value.strip())
    return value
