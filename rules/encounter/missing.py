"""Where a value a command needs goes: a foe's on its `foe add` line (a foe has no sheet file
to edit), any other character's on its sheet."""

from __future__ import annotations

from rules.campaign import Character

FOE_FLAG = "foe"
"""rules.encounter.rules.FOE, named here so a sheet's reader needs no encounter module."""


def give_it(who: Character, on_sheet: str, inline: str) -> str:
    """`on_sheet` (`add [stats] body = N to the sheet`) for a character from a sheet; for a
    foe the inline form its `foe add` line takes (`foe add … body=N`)."""
    if FOE_FLAG in who.flags:
        return f"a foe's values come with its line: foe add … {inline}"
    return on_sheet
