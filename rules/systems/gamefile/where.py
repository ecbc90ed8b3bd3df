"""Where a game file is being read: each error names the file, the key and its line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from rules.errors import UsageError
from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.lines import key_lines, line_of

MAX_TEXT = 200
"""The most characters of a title, an outcome word or a command's help."""


class GameFileError(UsageError):
    """A game file refused when read: where (file, line, key) and why."""


class Where:
    """The file being read and its keys' lines: makes each error name the file, key and line."""

    def __init__(self, name: str, text: str) -> None:
        self.file = name
        self.lines = key_lines(text)

    def fail(self, key: str, why: str) -> NoReturn:
        """Refuse the file: `FILE:LINE: key 'KEY': WHY`."""
        line = line_of(self.lines, key)
        at = f"{self.file}:{line}" if line is not None else self.file
        raise GameFileError(f"{at}: key '{key}': {why}")

    def table(self, value: Any, key: str) -> Mapping[str, Any]:
        """A TOML table, or the error saying it must be one."""
        if not isinstance(value, Mapping):
            self.fail(key, "must be a table")
        return value

    def keys(self, value: Mapping[str, Any], key: str, allowed: frozenset[str]) -> None:
        """Refuse the first key the format does not know."""
        for name in value:
            if name not in allowed:
                from rules.did_you_mean import closest

                near = closest(name, sorted(allowed))
                hint = f"did you mean '{near}'?" if near else "keys: " + ", ".join(sorted(allowed))
                self.fail(f"{key}.{name}" if key else name, f"unknown key ({hint})")

    def text(self, value: Any, key: str, default: str = "") -> str:
        """A short text."""
        if value is None:
            return default
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            self.fail(key, f"must be a text of at most {MAX_TEXT} characters")
        return value

    def number(self, value: Any, key: str, lo: int, hi: int, default: int | None = None) -> int:
        """A whole number from lo to hi."""
        if value is None and default is not None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(key, f"must be a whole number from {lo} to {hi}")
        return value

    def formula(self, value: Any, key: str, known: frozenset[str]) -> fm.Formula:
        """A formula naming only what it may read."""
        try:
            read = fm.read_formula(value)
        except fm.FormulaError as err:
            self.fail(key, str(err))
        for name in sorted(fm.names(read)):
            if name not in known:
                self.fail(key, f"the formula names {name!r}, which is no stat, skill or input"
                               " of this game")
        return read

    def name(self, value: Any, key: str, reserved: Mapping[str, str]) -> str:
        """A word the game names something by, shadowing no built-in game or command word."""
        from rules.notation.parts import is_name

        if not isinstance(value, str) or not is_name(value) or value != value.lower():
            self.fail(key, "a name is one lower-case word of letters a-z, digits, - and _")
        if value in reserved:
            self.fail(key, f"'{value}' is {reserved[value]}: a game's name may not shadow it")
        return value


