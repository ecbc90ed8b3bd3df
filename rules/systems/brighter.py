"""Brighter Worlds (seed 004): attribute dice d4–d12, saves on 4+, Grit."""

from __future__ import annotations

from rules.systems.base import Stat, System

STATS = (
    Stat("str", "str", kind="die"),
    Stat("dex", "dex", kind="die"),
    Stat("wil", "wil", kind="die"),
)


class Brighter(System):
    """Brighter Worlds: roll the attribute's die, 4+ avoids the consequences."""

    id = "brighter"
    title = "Brighter Worlds"
    seed = "004"
    stats = STATS
    health = "grit"
    fields = {"armor": (int, 0, 3)}


SYSTEM = Brighter()
