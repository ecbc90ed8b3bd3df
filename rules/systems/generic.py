"""The generic system: dice notation, and pools that the sheet's `[max]` table defines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.systems.protocol import System

if TYPE_CHECKING:
    from rules.dice.results import Throw


class Generic(System):
    """Any game: dice expressions, `vs N`, and the shared pool commands over `[max]` pools."""

    id = "generic"
    examples = (
        "4d6kh3",
        "d20+5 vs 15",
        "8d10>=8f1",
        "{3d6, 4d6}kh1",
        "odds 4d6kh3",
    )
    title = "Generic dice"
    sections = frozenset({"dice", "mods"})
    natural_d20 = True

    def natural(self, throws: tuple[Throw, ...]) -> str | None:
        """A natural 20 is a crit, a natural 1 a fumble, when the LINE keeps one d20."""
        kept = [t.face for t in throws if t.die == "d20" and t.kept]  # as avrae's d20 marks one
        return "crit" if kept == [20] else "fumble" if kept == [1] else None

    def help_template(self) -> str:
        return (
            "generic — dice notation for any game (the default system).\n"
            "  Any dice expression: 4d6kh3, d20+5 vs 15, 8d10>=8, {3d6, 4d6}kh1\n"
            "  Pools from the sheet's [max] table: spend POOL [N], gain POOL [N], set POOL N,\n"
            "  hurt N, heal N (on hp), rest (every pool back to its maximum)."
        )


SYSTEM = Generic()
