"""A result's changes as a person reads them: several alike in one line.

- a character leaving the campaign takes its sheet with it: its other changes go unsaid;
- one character's flags moving the same way for one reason are one line
  (`Ara · In combat, Reacted off (out of the fight)`);
- the same change of several characters is one line (`Goblin 1, Goblin 2 · In combat on …`);
- foes joining the campaign and the fight's order for one reason are one line
  (`Goblin 1, Goblin 2 · join the campaign and the order (foe add)`).

Built from the changes' fields, never from their rendered lines (JSON keeps every change).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cli.render.change_words import (
    change_line,
    change_rest,
    flag_title,
    is_encounter,
    value_text,
)
from rules.resolution import Change


@dataclass(slots=True)
class _Row:
    """One line being gathered: whose (empty: said whole), the change that stands for it, and
    the flag titles said together."""

    who: list[str]
    change: Change
    titles: list[str] = field(default_factory=list)
    with_order: bool = False

    def words(self, system_id: str | None) -> str:
        """What the row's change does, after whose it is."""
        if self.change.kind == "flag":
            return (f"{', '.join(self.titles)} {value_text(self.change.after)}"
                    f" ({self.change.reason})")
        return change_rest(self.change, system_id, len(self.who) > 1, self.with_order)


def is_fight(changes: Sequence[Change]) -> bool:
    """Whether `changes` are a fight command's (they move the encounter): those are said
    grouped, so a 24-row pane keeps the fight in view; any other command's a line each."""
    return any(is_encounter(c) for c in changes)


def grouped(changes: Sequence[Change], system_id: str | None,
            headlined: bool = False) -> list[str]:
    """The lines that say `changes`, first-said first (`headlined`: the result's headline
    already says which foes joined, `Goblin 1 … Goblin 3 join`, and that the fight is over, so
    no row says it again)."""
    leaving = {c.character for c in changes if c.kind == "character" and c.after is None}
    rows: list[_Row] = []
    flags: dict[tuple[str, object, str], _Row] = {}
    for change in changes:
        who = change.character
        if who is None or is_encounter(change):
            rows.append(_Row([], change))
        elif who in leaving and change.kind != "character":
            continue  # its sheet leaves the campaign with it
        elif change.kind == "flag":
            key = (who, change.after, change.reason)
            if key not in flags:
                flags[key] = _Row([who], change)
                rows.append(flags[key])
            flags[key].titles.append(flag_title(change.pool))
        else:
            rows.append(_Row([who], change))
    said = _with_order(_across(rows, system_id))
    return _lines([r for r in said if not (headlined and _in_headline(r))], system_id)


def _in_headline(row: _Row) -> bool:
    """A row a fight command's headline says: foes joining, the fight ending."""
    return row.with_order or (not row.who and is_encounter(row.change)
                              and row.change.after is None)


def _across(rows: list[_Row], system_id: str | None) -> list[_Row]:
    """The same words of several characters in one row, where the first of them stood."""
    out: list[_Row] = []
    where: dict[str, _Row] = {}
    for row in rows:
        if not row.who:
            out.append(row)
            continue
        key = row.words(system_id)
        if key in where:
            where[key].who += row.who
            continue
        where[key] = row
        out.append(row)
    return out


def _with_order(rows: list[_Row]) -> list[_Row]:
    """Foes made for a reason (`foe add`) said with the order growing for it."""
    out = list(rows)
    for row in rows:
        made = row.change
        if made.kind != "character" or made.before is not None:
            continue
        grew = next((r for r in out if not r.who and is_encounter(r.change)
                     and r.change.reason == made.reason), None)
        if grew is not None:
            out.remove(grew)
            row.with_order = True
    return out


def _lines(rows: list[_Row], system_id: str | None) -> list[str]:
    return [f"{', '.join(r.who)} · {r.words(system_id)}" if r.who
            else change_line(r.change, system_id) for r in rows]
