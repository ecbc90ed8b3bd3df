"""A game file as read: its stats, pools and commands, and how a command's dice become an outcome."""

from __future__ import annotations

from dataclasses import dataclass

from rules.systems.gamefile.formula import Formula


@dataclass(frozen=True, slots=True)
class StatSpec:
    """A stat (or a skill, with the stat it goes with): its range, or dice stepped d4–d12."""

    name: str
    abbrev: str
    lo: int | None
    hi: int | None
    die: bool = False
    skill_of: str | None = None


@dataclass(frozen=True, slots=True)
class PoolSpec:
    """A pool: its maximum from a formula, or (None) from the sheet's `[max]`."""

    name: str
    title: str
    maximum: Formula | None
    start: int | None = None
    """Where an omitted pool starts (None: at its maximum, as every game's pools)."""


@dataclass(frozen=True, slots=True)
class Band:
    """`10+`, `7-9`, `6-`: totals from `lo` to `hi` (None: no end) give `outcome`."""

    lo: int | None
    hi: int | None
    outcome: str

    def holds(self, total: int) -> bool:
        """Whether this band takes the total."""
        return (self.lo is None or total >= self.lo) and (self.hi is None or total <= self.hi)


@dataclass(frozen=True, slots=True)
class Natural:
    """A crit or fumble on the faces thrown: `count` dice showing one of `faces`, or doubles."""

    faces: frozenset[int]
    count: int = 1
    doubles: bool = False
    among: str = "kept"
    outcome: str | None = None

    def marks(self, faces: list[int]) -> bool:
        """Whether these faces mark it."""
        if self.doubles:
            return len(set(faces)) < len(faces)
        return sum(1 for f in faces if f in self.faces) >= self.count


@dataclass(frozen=True, slots=True)
class WordSpec:
    """A word a command takes (`adv`, `push`, `forward`): dice more, kept how, a bonus, a push."""

    word: str
    dice: int = 0
    add: int = 0
    keep: str | None = None
    push: bool = False
    target: int = 0
    costs: tuple[tuple[str, int], ...] = ()
    """What saying the word changes: (pool, +gained / -spent), as Blades' push costs 2 stress."""


@dataclass(frozen=True, slots=True)
class Effect:
    """What an outcome changes: a pool gains or spends (`amount`), or a die stat steps."""

    on: str
    pool: str
    amount: int
    step: int = 0
    """Steps a die stat (`pool` names it) moves: +1 up, -1 down (0: a pool's change)."""


@dataclass(frozen=True, slots=True)
class Degrees:
    """Degrees of success from the margin over the target: one for every `every`."""

    every: int
    name: str


@dataclass(frozen=True, slots=True)
class Against:
    """Another set of dice the total is compared with, die by die: each one it beats is a hit."""

    dice: Formula
    die: Formula
    compare: str


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command: the dice it throws from what it is given, and how they become an outcome."""

    word: str
    help: str
    kind: str
    uses: str
    dice: Formula
    die: Formula
    read: str
    keep_count: int
    add: Formula | None
    target: Formula | None
    compare: str
    success: int
    zero: str
    bands: tuple[Band, ...]
    crit: Natural | None
    fumble: Natural | None
    words: tuple[WordSpec, ...]
    inputs: tuple[tuple[str, int | None], ...]
    effects: tuple[Effect, ...]
    degrees: Degrees | None
    plus: str
    outcomes: tuple[str, str]
    against: Against | None = None
    levels: tuple[tuple[Formula, str], ...] = ()
    """Better outcomes than a pass, tried first in order, each against its own target formula
    by the same comparison (Call of Cthulhu's extreme at a fifth, hard at a half)."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A whole game file: its name and where it comes from, its sheet and its commands."""

    name: str
    title: str
    origin: str
    stats: tuple[StatSpec, ...]
    pools: tuple[PoolSpec, ...]
    commands: tuple[CommandSpec, ...]
    health: str
    initiative: str | None
    text: str
