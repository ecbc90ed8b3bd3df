"""Every notation row with scripted faces: exact totals, text, and which throws were kept."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.evaluate import Roller
from rules.dice.results import Rolled, RolledOp
from rules.dice.source import RandomSource, ScriptedSource
from rules.errors import EvaluationError, LimitError, RollError, ScriptError
from rules.notation import parse, syntax
from rules.roll_parts import describe_roll
from tests.support.strategies import expressions


def roll(text: str, faces: list[int]) -> tuple[int, str, list[int]]:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    source = ScriptedSource(faces)
    result = Roller(source).roll(syntax.with_advantage(line.expr, line.advantage))
    assert source.left == 0, "every scripted face is used"
    return result.total, describe_roll(result), [int(t.kept) for t in result.throws]


ROWS = [
    ("4d6kh3", [6, 5, 2, 4], 15, "[6, 5, ~~2~~, 4] = 15", [1, 1, 0, 1]),
    ("4d6r1kh3", [1, 5, 2, 4, 6], 15, "[1↻6, 5, ~~2~~, 4] = 15", [0, 1, 0, 1, 1]),
    ("3d6!", [6, 2, 3, 6, 1], 18, "[6!, 2, 3, 6!, 1] = 18", [1, 1, 1, 1, 1]),
    ("3d6!!", [6, 6, 2, 3, 1], 18, "[6+3!, 6+1!, 2] = 18", [1, 1, 1, 1, 1]),
    ("2d6!p", [6, 6, 3, 4], 17, "[6!, 6!, 2, 3] = 17", [1, 1, 1, 1]),
    ("3d6!>=5", [5, 1, 2, 6, 3], 17, "[5!, 1, 2, 6!, 3] = 17", [1, 1, 1, 1, 1]),
    ("8d10>=8f1", [8, 9, 1, 3, 10, 1, 2, 7], 1,
     "[8*, 9*, 1-, 3, 10*, 1-, 2, 7] = 1 success", [1] * 8),
    ("{3d6, 4d6}kh1", [1, 1, 1, 2, 2, 2, 2], 8,
     "{~~[1, 1, 1] = 3~~, [2, 2, 2, 2] = 8} = 8", [0, 0, 0, 1, 1, 1, 1]),
    ("floor(7/2)", [], 3, "floor(7 / 2) = 3", []),
    ("ceil(7/2)", [], 4, "ceil(7 / 2) = 4", []),
    ("round(5/2)", [], 3, "round(5 / 2) = 3", []),
    ("7/2", [], 3, "7 / 2 = 3 (7/2 rounded down)", []),
    ("-7/2", [], -4, "-7 / 2 = -4 (-7/2 rounded down)", []),
    ("abs(-3)", [], 3, "abs(-3) = 3", []),
    ("min(1d6, 3)", [5], 3, "min([5], 3) = 3", [1]),
    ("max(2d6, 3)", [1, 1], 3, "max([1, 1], 3) = 3", [1, 1]),
    ("4dF", [-1, 0, 1, 1], 1, "[-1, 0, 1, 1] = 1", [1, 1, 1, 1]),
    ("d{1,1,2,3}", [2], 2, "[2] = 2", [1]),
    ("4d6d1", [3, 1, 4, 5], 12, "[3, ~~1~~, 4, 5] = 12", [1, 0, 1, 1]),
    ("5d6dh2", [3, 1, 4, 5, 6], 8, "[3, 1, 4, ~~5~~, ~~6~~] = 8", [1, 1, 1, 0, 0]),
    ("3d6min3", [1, 2, 6], 12, "[3, 3, 6] = 12", [1, 1, 1]),
    ("3d6max4", [1, 5, 6], 9, "[1, 4, 4] = 9", [1, 1, 1]),
    ("d20+f", [12, 4], 16, "[12] + Favor [4] = 16", [1, 1]),
    ("d20+h", [12, 4], 8, "[12] + Hinder [-4] = 8", [1, 1]),
    ("d%", [57], 57, "[57] = 57", [1]),
    ("4d6ro<3", [1, 2, 5, 6, 2, 1], 14, "[1↻2, 2↻1, 5, 6] = 14", [0, 0, 1, 1, 1, 1]),
    ("4d6r<3", [1, 2, 5, 6, 2, 1, 4, 3], 18, "[1↻2↻4, 2↻1↻3, 5, 6] = 18",
     [0, 0, 1, 1, 0, 0, 1, 1]),
    ("4d6sd", [2, 6, 3, 5], 16, "[6, 5, 3, 2] = 16", [1, 1, 1, 1]),
    ("4d6s", [4, 1, 3, 2], 10, "[1, 2, 3, 4] = 10", [1, 1, 1, 1]),
    ("2d6+1", [3, 5], 9, "[3, 5] + 1 = 9", [1, 1]),
    ("1d8 [slashing] + 1d6 [fire]", [5, 3], 8, "[5] slashing + [3] fire = 8", [1, 1]),
    ("(1d4+1)*2", [3], 8, "([3] + 1) * 2 = 8", [1]),
    ("d20 adv", [7, 15], 15, "[~~7~~, 15] = 15", [0, 1]),
    ("d20 dis", [7, 15], 7, "[7, ~~15~~] = 7", [1, 0]),
    ("2d20kl1+3", [7, 15], 10, "[7, ~~15~~] + 3 = 10", [1, 0]),
    ("0d6", [], 0, "[] = 0", []),
    ("5d6<3", [1, 2, 3, 4, 5], 2, "[1*, 2*, 3, 4, 5] = 2 successes", [1] * 5),
    ("{1d20, 10}kh1", [4], 10, "{~~[4] = 4~~, 10} = 10", [0]),
    ("Δ8", [3], 3, "[3] = 3", [1]),
]


@pytest.mark.parametrize(("text", "faces", "total", "shown", "kept"), ROWS)
def test_notation_row(text: str, faces: list[int], total: int, shown: str, kept: list[int]) -> None:
    assert roll(text, faces) == (total, shown, kept)


def test_modifier_order_rerolls_before_keeping() -> None:
    # written after the keep, the reroll still acts first: the 1 never competes for a place
    assert roll("4d6kh3r1", [1, 2, 3, 4, 6]) == roll("4d6r1kh3", [1, 2, 3, 4, 6])
    assert roll("4d6kh3r1", [1, 2, 3, 4, 6])[0] == 13


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("1d0", EvaluationError, "a die needs at least one side: 1d0"),
        ("1/0", EvaluationError, "division by zero in 1 / 0"),
        ("1d1!", EvaluationError, "exploding a d1 would never stop: 1d1!"),
        ("4d6r<7", EvaluationError, "4d6r<7 would reroll every face of a d6, forever"),
        ("3d6!>=1", EvaluationError, "exploding a d6 on >=1 would never stop: 3d6!>=1"),
        ("100001d6", LimitError, "a LINE throws at most 100,000 dice (explosions included)"),
        ("3d6f1", EvaluationError, "f counts failures against successes"),
        ("{1d6, 2}!", EvaluationError, "a group takes keep/drop, success counting and sort"),
    ],
)
def test_errors_have_their_own_message(text: str, error: type, message: str) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    with pytest.raises(error) as info:
        Roller(RandomSource(1)).roll(syntax.with_advantage(line.expr, line.advantage))
    assert message in str(info.value)


class AlwaysMax:
    """A source that always throws the highest face: explosions never end by chance."""

    def throw(self, die: syntax.Die, why: str) -> int:
        return die.highest

    def throw_many(self, die: syntax.Die, count: int, why: str) -> list[int]:
        return [die.highest] * count


def test_runaway_explosions_stop_at_the_wave_limit() -> None:
    line = parse("2d6!")
    assert isinstance(line, syntax.RollLine)
    with pytest.raises(LimitError, match="exploded more than 100 waves"):
        Roller(AlwaysMax()).roll(line.expr)


def test_scripted_faces_name_the_die_they_need() -> None:
    line = parse("d20+f")
    assert isinstance(line, syntax.RollLine)
    with pytest.raises(ScriptError, match="--rolled ran out: need a d6 for Favor"):
        Roller(ScriptedSource([12])).roll(line.expr)
    with pytest.raises(ScriptError, match="face 7 .* does not fit a d6"):
        Roller(ScriptedSource([12, 7])).roll(line.expr)


def _sums_written(expr: syntax.Expr, tree: Rolled) -> list[tuple[str, str]]:
    """Each `+ - * /` of the tree: (its result's notation, the syntax node written back)."""
    if not isinstance(expr, syntax.BinOp) or not isinstance(tree, RolledOp):
        return []
    left, right = tree.children
    return [(tree.notation, str(expr)), *_sums_written(expr.left, left),
            *_sums_written(expr.right, right)]


@given(expressions(), st.integers(0, 2**32))
def test_a_result_writes_each_sum_as_its_syntax_node_writes_it(expr: syntax.Expr, seed: int) -> None:
    try:
        rolled = Roller(RandomSource(seed)).roll(expr)
    except RollError:
        return  # a division by zero or a limit: nothing written
    assert rolled.notation == str(expr)
    for written, node in _sums_written(expr, rolled.tree):
        assert written == node


def test_a_result_writes_a_sum_with_the_brackets_it_needs() -> None:
    line = parse("(1d4 + 2) * 3 - (5 - 1d6)")
    assert isinstance(line, syntax.RollLine)
    rolled = Roller(ScriptedSource([3, 4])).roll(line.expr)
    assert rolled.notation == "(1d4 + 2) * 3 - (5 - 1d6)"
    assert isinstance(rolled.tree, RolledOp)
    assert [child.notation for child in rolled.tree.children] == ["(1d4 + 2) * 3", "5 - 1d6"]
    assert rolled.total == 14


def test_seeded_dice_are_reproducible() -> None:
    line = parse("10d6!+4dF")
    assert isinstance(line, syntax.RollLine)
    a = Roller(RandomSource(42)).roll(line.expr)
    b = Roller(RandomSource(42)).roll(line.expr)
    assert a.throws == b.throws
    # the seed's sequence is pinned: the same on every machine and Python >= 3.11
    assert [t.face for t in Roller(RandomSource(7)).roll(parse("6d6").expr).throws] == [  # type: ignore[union-attr]
        2, 1, 4, 1, 4, 3
    ]


def test_default_dice_are_fair() -> None:
    faces = RandomSource(2026).throw_many(syntax.std_die(6), 60_000, "test")
    counts = Counter(faces)
    expected = len(faces) / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == set(range(1, 7))
    assert chi2 < 20.52  # p = 0.001 for 5 degrees of freedom


def test_one_hundred_thousand_dice_are_thrown() -> None:
    line = parse("100000d6")
    assert isinstance(line, syntax.RollLine)
    expr = line.expr
    result = Roller(RandomSource(1)).roll(expr)  # (bench/budgets.py counts its work)
    assert len(result.throws) == 100_000
    assert math.isclose(result.total / 100_000, 3.5, rel_tol=0.02)


@given(
    sides=st.integers(1, 12),
    faces=st.lists(st.integers(1, 12), min_size=0, max_size=8),
    keeps=st.lists(st.tuples(st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 9)),
                   min_size=1, max_size=3),
)
def test_keeping_alone_reads_each_face_as_the_general_path_does(
    sides: int, faces: list[int], keeps: list[tuple[str, int]]
) -> None:
    """A term that only keeps and drops takes a short way (rules/dice/evaluate.py `_kept_dice`);
    a clamp that changes nothing (`min1`) sends the same term the general way: same dice."""
    faces = [min(f, sides) for f in faces]
    written = "".join(f"{op}{n}" for op, n in keeps)
    short = roll(f"{len(faces)}d{sides}{written}", faces)
    general = roll(f"{len(faces)}d{sides}min1{written}", faces)
    assert short[0] == general[0] and short[2] == general[2]
    assert short[1] == general[1]


@pytest.mark.parametrize("sides, count", [(6, 3), (20, 1), (100, 7), (1, 4), (1_000_000, 5)])
def test_a_seed_gives_the_faces_random_choices_would(sides: int, count: int) -> None:
    """RandomSource draws as `random.Random.choices` does, so a --seed keeps its faces."""
    import random

    source, theirs = RandomSource(42), random.Random(42)
    for _ in range(50):
        assert source.throw_many(syntax.std_die(sides), count, "") == theirs.choices(
            range(1, sides + 1), k=count)


@pytest.mark.parametrize(("text", "faces", "shown"), [
    ("4d6kh3", [3, 5, 3, 6], "[3, 5, ~~3~~, 6] = 14"),  # the later of equal lows goes
    ("4d6dl1", [3, 5, 3, 6], "[3, 5, ~~3~~, 6] = 14"),
    ("4d6kl2", [3, 5, 3, 6], "[3, ~~5~~, 3, ~~6~~] = 6"),
    ("4d6dh1", [6, 5, 6, 1], "[~~6~~, 5, 6, 1] = 12"),  # the earlier of equal highs goes
    ("4d6kl3", [6, 5, 6, 1], "[~~6~~, 5, 6, 1] = 12"),
    ("5d6kh2", [4, 4, 4, 1, 4], "[4, 4, ~~4~~, ~~1~~, ~~4~~] = 8"),
])
def test_a_keep_among_equal_faces_drops_the_same_die_every_time(
        text: str, faces: list[int], shown: str) -> None:
    """Which of equal dice a keep or drop sets aside is fixed (the log and `--rolled` replays
    show the same die struck): of equal lows the later goes, of equal highs the earlier."""
    assert describe_roll(Roller(ScriptedSource(faces)).roll(parse(text).expr)) == shown
