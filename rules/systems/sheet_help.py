"""`roll help sheets`: every game's sheet, read from what each game declares (its fields, stats,
pools and sections), so the page says what the import checks."""

from __future__ import annotations

from textwrap import wrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.helptext import Topic
    from rules.systems.protocol import System

WIDTH = 78

INTRO = """\
Sheets (TOML): one file a character.
⟨roll sheet new GAME NAME⟩ prints a sheet to fill in: every field the
  game's commands read, each with a one-line comment; it imports as it is.
  In a shell: roll sheet new vagabond Mira > mira.toml, fill it in, then
⟨roll sheet import mira.toml⟩ (FILE - reads stdin; several files: a party)
⟨roll sheet export NAME⟩ its sheet back, with the current pools
⟨roll sheet show NAME⟩ every value, each with its maximum
Every game: name and system are required (system: a game of roll systems);
  [stats] as the game names them (or their 3-letter forms);
  [skills] trained = ["…"]; [max] POOL = N: a pool's maximum where the
  rules give none (that pool's commands need it); [pools] POOL = N: current
  values, 0 to the maximum (an omitted pool starts full); flags = ["…"];
  notes = "…"; [rolls] NAME = "LINE": named rolls. Keys are lower-case.
"""


def _range(lo: int | None, hi: int | None) -> str:
    """`2–7`, `1+`, or nothing: a number's bounds as the sheet comments write them."""
    if lo is not None and hi is not None:
        return f" {lo}–{hi}"
    if lo is not None:
        return f" {lo}+"
    return f" up to {hi}" if hi is not None else ""


def _kind(kind: type) -> str:
    return {int: "", str: " (text)", bool: " (true/false)"}.get(kind, "")


def game_lines(system: System) -> list[str]:
    """One game's sheet: its fields with their ranges, stats, pools and where each maximum comes
    from (`[max]`: the sheet's), and the tables of its own."""
    said = [f"{system.id} ({system.title}): roll sheet new {system.id} NAME"]
    if system.fields:
        said.append("fields: " + " · ".join(f"{key}{_range(lo, hi) if kind is int else _kind(kind)}"
                                            for key, (kind, lo, hi) in system.fields.items()))
    if system.stats:
        said.append("[stats]: " + " · ".join(
            f"{s.name} ({s.abbrev})" + (' a die "d4"…"d12" or "0"' if s.kind == "die"
                                        else _range(s.lo, s.hi))
            for s in system.stats))
    if system.pools:
        said.append("pools: " + " · ".join(
            f"{p.name} ({p.description})" for p in system.pools))
    else:
        said.append(f"pools: any, each with its maximum in [max] ({system.health}: hurt, heal)")
    if system.sections:
        said.append("its own tables: " + ", ".join(f"[{s}]" for s in sorted(system.sections)))
    lines = [said[0]]
    for item in said[1:]:
        lines += wrap(item, WIDTH, initial_indent="  ", subsequent_indent="    ")
    return lines


def sheets_topic() -> Topic:
    """The `roll help sheets` topic: the common keys, then each game's."""
    from rules.helptext import topic
    from rules.systems import SYSTEMS

    games = [line for system in SYSTEMS.values() for line in game_lines(system)]
    return topic(INTRO + "\n".join(games) + "\n")
