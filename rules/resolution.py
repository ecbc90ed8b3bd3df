"""What resolving a LINE produces: the outcome and the changes the campaign should apply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rules.dice.results import Roll, Throw
from rules.errors import RollError
from rules.notation import parse

if TYPE_CHECKING:
    from fractions import Fraction

Value = int | str | bool | None


@dataclass(frozen=True)
class Change:
    """One pool (or risk die, flag, stat, field) of one character going from `before` to `after`.

    `character` None is the party. `kind` says where it lives on the sheet:
    pool → [pools], risk → [risk], flag → flags, stat → [stats], max → [max], field → top level.
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
    summary: str
    character: str | None = None
    total: int | None = None
    target: int | None = None
    outcome: str | None = None
    crit: bool = False
    fumble: bool = False
    successes: int | None = None
    throws: tuple[Throw, ...] = ()
    changes: tuple[Change, ...] = ()
    notes: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()
    rolls: tuple[Roll, ...] = field(default=(), compare=False)

    @property
    def comment(self) -> str | None:
        """The LINE's `# comment`: it names the roll (`d20+5 # longsword`)."""
        try:
            return parse(self.input).comment or None
        except RollError:
            return None

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


def with_natural_d20(res: Resolution) -> Resolution:
    """A generic dice LINE with exactly one kept d20: its natural 20 is a crit, its natural 1 a
    fumble (as avrae's d20 marks them), shown at the end of the line as checks show theirs."""
    if res.system != "generic" or res.kind != "roll" or res.crit or res.fumble:
        return res
    kept = [t.face for t in res.throws if t.die == "d20" and t.kept]
    if kept not in ([20], [1]):
        return res
    crit = kept == [20]
    word = "crit" if crit else "fumble"
    return replace(res, crit=crit, fumble=not crit, summary=f"{res.summary} · {word}")
