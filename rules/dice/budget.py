"""The dice limit of SPEC §5: the budget a LINE spends as it throws (explosions and rerolls
included), and the fewest dice its repeats throw, refused before the first."""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import LimitError
from rules.limits import MAX_DICE
from rules.notation.expr_nodes import Aid, BinOp, Call, Dice, Expr, Group, Labeled, Neg, Num


@dataclass(slots=True)
class Budget:
    """Counts the dice a LINE throws against the limits of SPEC §5."""

    dice_left: int = MAX_DICE

    def spend(self, n: int) -> None:
        if n > self.dice_left:
            raise LimitError(f"a LINE throws at most {MAX_DICE:,} dice (explosions included)")
        self.dice_left -= n


def fewest_dice(node: Expr) -> int:
    """The dice `node` throws at the least (before explosions and rerolls)."""
    if isinstance(node, Dice):
        return node.count
    if isinstance(node, BinOp):
        return fewest_dice(node.left) + fewest_dice(node.right)
    if isinstance(node, Neg):
        return fewest_dice(node.operand)
    if isinstance(node, Num):
        return 0
    if isinstance(node, Aid):
        return 1
    if isinstance(node, Labeled):
        return fewest_dice(node.inner)
    if isinstance(node, Call):
        return sum(fewest_dice(a) for a in node.args)
    if isinstance(node, Group):
        return sum(fewest_dice(m) for m in node.members)
    return 0


def check_dice_limit(node: Expr, times: int) -> None:
    """Refuse at once a LINE whose repeats would throw more than the limit."""
    if fewest_dice(node) * times > MAX_DICE:
        raise LimitError(f"a LINE throws at most {MAX_DICE:,} dice (repeats and explosions included)")
