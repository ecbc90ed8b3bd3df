"""Champions & Cohorts (seed 002): d20 + Might vs Guard, weapon dice, wound slots."""

from __future__ import annotations

from rules.systems.base import Stat, System


class Champions(System):
    """Champions & Cohorts: attacks against Guard, Armor, wounds and Med Flags."""

    id = "champions"
    title = "Champions & Cohorts"
    seed = "002"
    stats = (Stat("might", "mit"), Stat("insight", "ins"), Stat("presence", "prs"))
    health = "wounds"
    fields = {"guard": (int, 0, None), "armor": (int, 0, 2), "kind": (str, None, None),
              "house": (str, None, None)}


SYSTEM = Champions()
