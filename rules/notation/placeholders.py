"""`{stat}` and `{pool}` in any LINE: the acting character's values, as named rolls fill them.

`d20+{might}` with Mira acting is `d20+4`; `{might:3}` falls back to 3 when nobody acts; with
nobody acting and no default, the error names the value the LINE asked for. A `{…}` that is
dice (`{d6}`, `{3d6, 4d6}kh1`) is a group, never a placeholder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rules.errors import Do, Hint, RollError, UsageError

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.systems.protocol import System

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_-]*)(?::(-?\d+))?\}", re.IGNORECASE)


def wanted(text: str) -> list[str]:
    """The names the LINE's placeholders ask for (lower-cased, in order), dice groups aside."""
    if "{" not in text:
        return []
    return [m.group(1).lower() for m in PLACEHOLDER.finditer(text) if not _is_dice(m.group(1))]


def fill(text: str, values: Mapping[str, object], acting: str | None,
         known: tuple[str, ...] = ()) -> str:
    """The LINE with each placeholder replaced by its value, else its default; an error
    naming the first one that has neither."""

    def one(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        if _is_dice(name):
            return match.group(0)
        low = name.lower()
        if low in values:
            value = values[low]
            return f"({value})" if isinstance(value, int) and value < 0 else str(value)
        if default is not None:
            return default
        if acting is None:
            raise UsageError((f"{{{low}}} is a value of the acting character, and nobody acts: ",
                              Hint(Do.ACT_AS_ONE), f", or give a default: {{{low}:N}}"))
        from rules.did_you_mean import closest

        near = closest(low, known)
        hint = f"did you mean {{{near}}}?" if near else f"give a default: {{{low}:N}}"
        raise UsageError(f"{acting} has no stat or pool '{low}' for {{{low}}} ({hint})")

    return PLACEHOLDER.sub(one, text)


def known_names(system: System, character: Character) -> tuple[str, ...]:
    """The names a placeholder may take for this character: stats, their abbreviations, pools."""
    names = [n for s in system.stats for n in (s.name, s.abbrev)]
    names += [str(k) for k in character.stats]
    names += [p.name for p in system.pools] + [str(k) for k in character.maxima]
    return tuple(dict.fromkeys(names))


def character_values(system: System, character: Character, names: list[str]) -> dict[str, int]:
    """What the character has for each name: a stat (full name or abbreviation) or a pool's
    current value."""
    out: dict[str, int] = {}
    for name in names:
        stat = system.stat(name)
        key = stat.name if stat is not None else name
        value = character.stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[name] = value
            continue
        try:
            pool = system.pool(name, character)
        except RollError:
            continue  # no such pool either: `fill` names it
        out[name] = system.pool_value(character, pool)  # an OPEN maximum says so
    return out


def _is_dice(word: str) -> bool:
    from rules.notation import parse_expression

    try:
        parse_expression(word)
    except RollError:
        return False
    return True
