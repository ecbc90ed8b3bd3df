"""The settings a line's own options give (SPEC §2): `-s NAME`, `--as NAME`, `--rolled FACES`,
`-n N`, read from the line's head (rules/notation/head.py), for that line alone. The next line
is back to the process's (or the REPL's) options."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.errors import UsageError

if TYPE_CHECKING:
    from cli.base.settings import Settings
    from rules.dice.source import DiceSource
    from rules.notation.head import LineOption


def own_settings(options: tuple[LineOption, ...], settings: Settings
                 ) -> tuple[Settings, DiceSource | None]:
    """The settings a line runs under with its own `options`, and its own dice (`--rolled`),
    else None. A value out of its range is that line's bad input."""
    given: dict[str, Any] = {
        option.setting: _value(option.setting, option.word, option.value, settings)
        for option in options}
    source = None
    if "rolled" in given:
        from rules.dice.source import ScriptedSource

        source = ScriptedSource.from_text(str(given["rolled"]))
    return replace(settings, **given), source


def _value(setting: str, word: str, value: str, settings: Settings) -> object:
    """An option's value as its setting holds it."""
    if setting == "times":
        from rules.limits import MAX_REPEAT

        try:
            times = int(value)
        except ValueError:
            raise UsageError(f"{word} takes a number N from 1 to {MAX_REPEAT:,},"
                             f" not {value!r}") from None
        if not 1 <= times <= MAX_REPEAT:
            raise UsageError(f"-n/--times takes N from 1 to {MAX_REPEAT:,}")
        return times
    if setting == "system":
        from rules.systems import SYSTEMS, get_system

        if value not in SYSTEMS:  # a game file, or a game the campaign imported
            from cli.line.games import look_for_games
            from cli.store.where import where_of

            look_for_games(where_of(settings))
        return get_system(value).id  # an unknown system is that line's error, naming them
    if setting == "character":
        from cli.base.settings import nfc

        return nfc(value.strip())
    return value
