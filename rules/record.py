"""What the campaign log keeps of one thing that happened: a typed, versioned record.

A LINE resolved, an undo, a character removed, a secret roll's marker: each is a `Record` —
the LINE as typed and as expanded, who acted, the system, every die thrown with its history,
the changes, the outcome — and not the output any renderer makes of it. `--json` and
`roll log --json` are written from it (cli/render/json.py); a reroll reads its dice and its
system's own fields (rules/systems/reroll.py); the store encodes it (cli/store/records.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.resolution import Change

if TYPE_CHECKING:
    from fractions import Fraction

    from rules.resolution import Resolution

RECORD_VERSION = 1
"""The version of the record this code writes (the store keeps it beside each record)."""

LINE = "line"
"""A LINE resolved (a roll, a check, a pool command …)."""
UNDO = "undo"
"""An undo: it reverted the change-set of the entry it `undoes`."""
REMOVE = "remove"
"""A character removed (`sheet rm`): its `sheet` is kept, so undo brings it back."""
SECRET_MARK = "secret"
"""The marker of a secret LINE: who rolled, and nothing more (cli/line/secret.py)."""
DAMAGED = "damaged"
"""A stored entry that could not be read back (its error is its `damage`)."""
REVEAL = "reveal"
"""A secret LINE made public: its sealed text (`preimage`), which the marker's commitment is
the SHA-256 of (rules/commitment.py)."""

ACTS = (LINE, UNDO, REMOVE, SECRET_MARK, DAMAGED, REVEAL)

REROLLED = "rerolled"
"""A die's fate: a reroll modifier threw it again (this face no longer counts)."""
EXPLODED = "exploded"
"""A die's fate: its face made another die (an explosion, or a compounding one)."""


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die thrown, in roll order: its face, whether it counted, why it was thrown (`check
    dex`, `Favor`, `a reroll of 1d20r1`, `an explosion of 3d6!`; '' when not known, as in
    entries older than the record) and what became of it (`rerolled`, `exploded` or None)."""

    die: str
    face: int
    kept: bool
    why: str = ""
    fate: str | None = None


@dataclass(frozen=True, slots=True)
class Rerolled:
    """What a reroll (a Fluke, a Fate reroll) keeps of the LINE it resolved again, as one of
    its system's fields, so that a reroll of it rerolls that LINE once more: the LINE, its
    dice as they now lie, the changes it now makes, and its own system fields."""

    input: str
    dice: tuple[RolledDie, ...]
    effects: tuple[Change, ...]
    fields: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of the campaign log, as the rules know it (see the module)."""

    input: str
    """The LINE as typed (`longsword`, `undo`, `sheet rm Mira`)."""
    system: str
    kind: str
    """§3's kind: `roll`, `check`, `pool` … per system; `undo`, `remove`, `secret`."""
    act: str = LINE
    """What happened: one of ACTS."""
    character: str | None = None
    """Who acted (None: nobody)."""
    expanded: str | None = None
    """The LINE a named roll ran (`attack melee 1d8+3`), None when it ran as typed."""
    total: int | None = None
    target: int | None = None
    outcome: str | None = None
    crit: bool = False
    fumble: bool = False
    successes: int | None = None
    dice: tuple[RolledDie, ...] = ()
    changes: tuple[Change, ...] = ()
    text: str = ""
    """The plain-text line a person saw."""
    labels: tuple[tuple[str, int | str], ...] = ()
    """Each `[label]`'s subtotal: an int, or a fraction as text (`7/2`)."""
    notes: tuple[str, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()
    """The system's own fields, in order, as JSON values (`check_die`, `favor`, a Fluke's
    record of the LINE it rerolled)."""
    secret: bool = False
    """A secret LINE: shown to the GM (and whoever rolled it) only."""
    undoes: int | None = None
    """An undo: the id of the entry it reverted."""
    restored: str | None = None
    """An undo of a removal: the character it brought back."""
    sheet: Mapping[str, Any] | None = None
    """A removal: the removed character's sheet, pools included."""
    damage: str | None = None
    """A damaged entry: what is wrong with it."""
    version: int = RECORD_VERSION
    compare: str | None = None
    """How `outcome` came from `total` and `target` (rules/goal.py); None without a target."""
    commitment: str | None = None
    """A secret LINE, its marker, its undo and its reveal: the SHA-256 (hex) it was sealed
    with when rolled (rules/commitment.py)."""
    nonce: str | None = None
    """A secret LINE: the random nonce of its commitment (as secret as the LINE)."""
    reveals: int | None = None
    """A reveal: the id of the secret LINE's marker it makes public."""
    preimage: str | None = None
    """A reveal: the exact text whose SHA-256 is the commitment (the result and the nonce)."""
    physical: bool = False
    """Its dice were a person's (`--rolled`, the REPL's `physical on`), not drawn."""
    owner: str | None = None
    """A removal, on a server: the removed character's owner role (undo gives it back)."""

    def field(self, key: str, default: Any = None) -> Any:
        """One of the system's own fields (`extra`), or `default`."""
        for name, value in self.extra:
            if name == key:
                return value
        return default

    @property
    def fields(self) -> dict[str, Any]:
        """The system's own fields by name."""
        return dict(self.extra)


FIXED = frozenset({"input", "system", "character", "kind", "total", "target", "compare",
                   "outcome", "crit",
                   "fumble", "successes", "dice", "changes", "text", "labels", "notes",
                   "secret", "undoes", "restored", "sheet", "error"})
"""What a system's extra field cannot be called: the JSON names of the record's own fields."""


def shown_fraction(value: Fraction) -> int | str:
    """A label's subtotal as the record keeps it: an int when whole, else `7/2`."""
    return value.numerator if value.denominator == 1 else str(value)


def record_of(res: Resolution, text: str, secret: bool = False, history: bool = True,
              physical: bool = False) -> Record:
    """The record of a resolved LINE whose plain text is `text`; `history` False leaves out
    why each die was thrown and what became of it (what the §3 object shows has none);
    `physical`: a person gave its faces."""
    trail = res.trail.history(len(res.throws)) if history and res.trail is not None else None
    if trail is None:
        dice = tuple(RolledDie(t.die, t.face, t.kept) for t in res.throws)
    else:
        dice = tuple(RolledDie(t.die, t.face, t.kept, why, fate)
                     for t, (why, fate) in zip(res.throws, trail, strict=True))
    extra: list[tuple[str, Any]] = []
    seen: set[str] = set()
    expanded = None
    for key, value in res.extra:
        if key in seen or key in FIXED:
            continue  # the first of a name counts, and never over the record's own fields
        seen.add(key)
        if key == "expanded":
            expanded = str(value)
        else:
            extra.append((key, value))
    labels = res.labels
    return Record(
        res.input, res.system, res.kind, LINE, res.character, expanded, res.total, res.target,
        res.outcome, res.crit, res.fumble, res.successes, dice, res.changes, text,
        tuple((k, shown_fraction(v)) for k, v in labels.items()) if labels else (),
        res.notes, tuple(extra), secret, compare=res.compare, physical=physical,
    )  # fmt: skip


def undo_record(undone: Record, undone_id: int, changes: tuple[Change, ...],
                restored: str | None = None) -> Record:
    """The record of undoing entry #`undone_id` (`changes`: the reverting ones); the undo of
    a secret LINE names it, so it is as secret as the LINE."""
    return Record("undo", undone.system, "undo", UNDO, undone.character,
                  changes=changes, text=f"undo {undone.input}", secret=undone.secret,
                  undoes=undone_id, restored=restored, commitment=undone.commitment)


def removal_record(line: str, name: str, system: str, sheet: Mapping[str, Any],
                   owner: str | None = None) -> Record:
    """The record of removing character `name` (its `sheet`, and on a server its `owner`
    role, kept for undo)."""
    return Record(line, system, "remove", REMOVE, name, text=f"removed {name}", sheet=sheet,
                  owner=owner)


def secret_mark(of: Record) -> Record:
    """The marker row of a secret LINE: who rolled, and that it was secret."""
    who = of.character
    return Record("secret roll", of.system, "secret", SECRET_MARK, who,
                  text=f"{who or 'the GM'} made a secret roll", commitment=of.commitment)


def damaged_record(line: str, system: str, why: str, character: str | None = None) -> Record:
    """What a stored entry that cannot be read back shows: its LINE, and what is wrong."""
    return Record(line, system, "damaged", DAMAGED, character, text=f"{line} (damaged)",
                  damage=why)
