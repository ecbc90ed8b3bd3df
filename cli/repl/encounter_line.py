"""The REPL's encounter line (round · whose turn · next) and who acts when nobody was chosen."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from cli.line.turn import ITS_OWN, running, turn_actor

__all__ = ["ITS_OWN", "encounter_line", "running", "turn_actor"]


def encounter_line(party: Mapping[str, Any], width: int, fallen: Collection[str] = ()
                   ) -> str | None:
    """`round 2 · Mira's turn · next: Goblin 1`, to the pane's width (never naming one of
    `fallen` next); None outside a fight."""
    found = running(party)
    if found is None:
        return None
    from cli.base.safe import shown
    from cli.base.wrapping import width_of
    from rules.encounter.in_words import status

    # names are data text: measured and shown with their controls made visible (`<U+202E>`)
    line = status(found[0], found[1], max(width, 10), fallen, lambda t: width_of(shown(t)))
    return shown(line)
