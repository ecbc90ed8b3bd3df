"""What resolving a LINE produces: the outcome and the changes the campaign should apply."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Any

from rules.said import Said, as_said, plain

if TYPE_CHECKING:
    from fractions import Fraction

    from rules.dice.results import DiceHistory, Roll, Throw

Value = int | str | bool | None
Summary = str | Said | Callable[[], str | Said]
"""A result's main line (as parts, or as text where it has no dice or outcome word in it), or
a function that writes it (Resolution.said)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One pool (or risk die, flag, stat, field) of one character going from `before` to `after`.

    `character` None is the party. `kind` says where it lives on the sheet:
    pool → [pools], risk → [risk], flag → flags, stat → [stats], max → [max], field → top level,
    item → [items] (Vagabond's Item Slots an item takes).
    """

    character: str | None
    pool: str
    before: Value
    after: Value
    reason: str
    kind: str = "pool"

    def to_json(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "pool": self.pool,
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
            "kind": self.kind,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Change:
        return Change(
            data.get("character"),
            str(data["pool"]),
            data.get("before"),
            data.get("after"),
            str(data.get("reason", "")),
            str(data.get("kind", "pool")),
        )


@dataclass(frozen=True, slots=True)
class Resolution:
    """A resolved LINE: the §3 JSON fields, the main text line, and the changes to apply.

    `summary` is the main line a person reads (`check dex trained → 14 vs 10 · pass`);
    `notes` are extra lines (a Crit with full Luck, a death); `extra` adds JSON keys.
    """

    input: str
    system: str
    kind: str
    said: Summary = field(repr=False, compare=False)
    """The summary, or what writes it when first read (see `summary`)."""
    character: str | None = None
    total: int | None = None
    target: int | None = None
    compare: str | None = None
    """How `outcome` came from `total` and `target` (rules/goal.py); None without a target."""
    outcome: str | None = None
    crit: bool = False
    fumble: bool = False
    successes: int | None = None
    throws: tuple[Throw, ...] = ()
    changes: tuple[Change, ...] = ()
    notes: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()
    rolls: tuple[Roll, ...] = field(default=(), compare=False)
    trail: DiceHistory | None = field(default=None, compare=False, repr=False)
    """Why each throw was made and what became of it (the log record's dice history: the
    roller that threw them; a working object, so no part of the result's repr)."""
    comment: str | None = field(default=None, compare=False)
    """The LINE's `# comment`, from its tree (System.resolve): it names the roll
    (`d20+5 # longsword`)."""

    @property
    def summary(self) -> str:
        """The main line as plain text (`[6, 5, ~~2~~, 4] = 15`): what JSON and the log keep."""
        return plain(self._said())

    @property
    def summary_parts(self) -> Said:
        """The main line as parts (rules/said.py), what a renderer shows each its own way."""
        return as_said(self._said())

    def _said(self) -> str | Said:
        """The main line, written when first read: a result shown by its total alone (`-q`)
        never describes its dice, the most work of a plain roll after throwing them."""
        said = self.said
        if isinstance(said, (str, Said)):
            return said
        text = said()
        object.__setattr__(self, "said", text)  # a cache of a pure function: still frozen
        return text

    def __getstate__(self) -> list[object]:
        """Its fields for pickling, the summary written first (what writes it is a closure)."""
        self._said()
        return [getattr(self, each.name) for each in fields(self)]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Resolution)
        return self.summary == other.summary and all(
            getattr(self, name) == getattr(other, name) for name in _compared()
        )

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in _compared()))

    @property
    def labels(self) -> dict[str, Fraction]:
        """Each `[label]`'s subtotal over the LINE's rolls."""
        from fractions import Fraction

        out: dict[str, Fraction] = {}
        for roll in self.rolls:
            for label, value in roll.labels.items():
                out[label] = out.get(label, Fraction(0)) + value
        return out

    @property
    def passed(self) -> bool | None:
        """True for pass/hit/hold, False for fail/miss/…, None when the LINE has no outcome."""
        if self.outcome is None:
            return None
        return self.outcome in PASSING


PASSING = frozenset({"pass", "hit", "hold", "success", "stable"})


@cache
def _compared() -> tuple[str, ...]:
    """What two results must share besides their summary to be equal: the fields that compare."""
    return tuple(f.name for f in fields(Resolution) if f.compare)
