"""The notation players bring from Roll20, Foundry, avrae and AnyDice: each form rolled with
scripted faces (exact text and JSON), priced by the odds engine (against brute force over the
roller itself), and written back by its tree."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import EvaluationError, LimitError, NotationError
from rules.exact import line_odds
from rules.notation import parse, syntax
from tests.support.cli import invoke, invoke_json
from tests.support.odds import brute
from tests.support.strategies import new_dice, new_lines

ROWS = [
    # (LINE, faces, the text)
    ("2d20kh", "5,11", "2d20kh → [~~5~~, 11] = 11"),
    ("2d20kl+1", "5,11", "2d20kl+1 → [5, ~~11~~] + 1 = 6"),
    ("4d6dh", "2,4,3,4", "4d6dh → [2, ~~4~~, 3, 4] = 9"),
    ("4d6dl", "2,4,3,4", "4d6dl → [~~2~~, 4, 3, 4] = 11"),
    ("4d6kh0", "2,4,3,4", "4d6kh0 → [~~2~~, ~~4~~, ~~3~~, ~~4~~] = 0"),
    ("1d6x", "6,6,3", "1d6x → [6!, 6!, 3] = 15"),
    ("1d6x>=5", "5,2", "1d6x>=5 → [5!, 2] = 7"),
    ("5d10x10", "10,3,4,5,6,10,2", "5d10x10 → [10!, 3, 4, 5, 6, 10!, 2] = 40"),
    ("1d6xo", "6,6", "1d6xo → [6!, 6] = 12"),
    ("2d6!cap2", "6,1,6,6", "2d6!cap2 → [6!, 1, 6!, 6] = 19"),
    ("1d6!!cap1", "6,6", "1d6!!cap1 → [6+6!] = 12"),
    ("10d10>=7t10", "10,7,3,10,1,2,8,9,6,5", "10d10>=7t10 → [10**, 7*, 3, 10**, 1, 2, 8*, 9*,"
     " 6, 5] = 7 successes"),
    ("10d6 >= 5", "1,2,3,4,5,6,1,2,3,4", "10d6 >= 5 → [1, 2, 3, 4, 5*, 6*, 1, 2, 3, 4] ="
     " 2 successes"),
    ("1d20+5>=15", "10", "1d20+5>=15 → [10] + 5 = 15 vs 15 · pass"),
    ("1d20+5 > 15", "10", "1d20+5 > 15 → [10] + 5 = 15 > 15 · fail"),
    ("2d6 + 0 <= 5", "2,3", "2d6 + 0 <= 5 → [2, 3] + 0 = 5 ≤ 5 · pass"),
    ("d20+5 vs 15 adv", "3,12", "d20+5 vs 15 adv → [~~3~~, 12] + 5 = 17 vs 15 · pass"),
    ("d20+5 dis vs 15", "3,12", "d20+5 dis vs 15 → [3, ~~12~~] + 5 = 8 vs 15 · fail"),
    ("d20 adv dis", "7", "d20 adv dis → [7] = 7"),
    ("d20 dis adv + 2", "7", "d20 dis adv + 2 → [7] + 2 = 9"),
    ("d20+1 adv adv", "7,9", "d20+1 adv adv → [~~7~~, 9] + 1 = 10"),
    ("d20cs>=19", "19", "d20cs>=19 → [19] = 19 · crit"),
    ("d20cs19", "20", "d20cs19 → [20] = 20"),
    ("d20cs>19", "20", "d20cs>19 → [20] = 20 · crit"),
    ("1d20cs20cf1", "1", "1d20cs20cf1 → [1] = 1 · fumble"),
    ("d20cf<=2+5", "2", "d20cf<=2+5 → [2] + 5 = 7 · fumble"),
    ("3d6cs6", "1,6,2", "3d6cs6 → [1, 6, 2] = 9 · crit"),
    ("2d20kh1cf1", "1,15", "2d20kh1cf1 → [~~1~~, 15] = 15"),
]


@pytest.mark.parametrize(("line", "faces", "text"), ROWS)
def test_each_form_rolls_as_its_peers_mean(line: str, faces: str, text: str) -> None:
    code, out, err = invoke("--rolled", faces, line)
    assert (code, err) == (0, "")
    assert out == text + "\n"


def test_crit_and_fumble_ranges_mark_the_json() -> None:
    _, (obj,) = invoke_json("--rolled", "19", "d20cs>=19+3")
    assert (obj["crit"], obj["fumble"], obj["total"]) == (True, False, 22)
    _, (obj,) = invoke_json("--rolled", "2", "d20cf<=2")
    assert (obj["crit"], obj["fumble"]) == (False, True)
    # a range replaces the natural-20 rule of its kind only: a 20 without `cs` is still a crit
    _, (obj,) = invoke_json("--rolled", "20", "d20cf<=2")
    assert (obj["crit"], obj["fumble"]) == (True, False)
    _, (obj,) = invoke_json("--rolled", "20", "d20cs>=21")
    assert (obj["crit"], obj["fumble"]) == (False, False)


def test_a_compare_of_the_total_is_the_lines_target_in_json() -> None:
    _, (obj,) = invoke_json("--rolled", "10", "1d20+5>=15")
    assert (obj["target"], obj["outcome"], obj["total"]) == (15, "pass", 15)
    assert obj["text"] == "1d20+5>=15 → [10] + 5 = 15 vs 15 · pass"


@pytest.mark.parametrize(("text", "tree"), [
    ("2d20kh", syntax.Dice(2, syntax.D20, (syntax.Keep("kh", 1),))),
    ("4d6dh", syntax.Dice(4, syntax.D6, (syntax.Keep("dh", 1),))),
    ("1d20x", syntax.Dice(1, syntax.D20, (syntax.Explode("!"),))),
    ("5d10x10", syntax.Dice(5, syntax.std_die(10), (syntax.Explode("!", syntax.Compare("=", 10)),))),
    ("1d6xo", syntax.Dice(1, syntax.D6, (syntax.Explode("!", None, 1),))),
    ("1d6xo>=5", syntax.Dice(1, syntax.D6, (syntax.Explode("!", syntax.Compare(">=", 5), 1),))),
    ("3d6!!cap2", syntax.Dice(3, syntax.D6, (syntax.Explode("!!", None, 2),))),
    ("1d20cs19", syntax.Dice(1, syntax.D20, (syntax.Crit("cs", syntax.Compare("=", 19)),))),
    ("10d10>=7t10", syntax.Dice(10, syntax.std_die(10), (syntax.CountSuccesses(syntax.Compare(">=", 7)),
                                                   syntax.CountTwice(syntax.Compare("=", 10))))),
])
def test_the_trees_of_the_new_forms(text: str, tree: syntax.Expr) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine) and line.expr == tree
    assert parse(str(line)) == line


@pytest.mark.parametrize(("text", "message", "column"), [
    ("1d6!!5!6", "one term explodes one way", 7),
    ("1d6!5!!6", "one term explodes one way", 6),
    ("2d6!cap2!5cap3", "one term has one explosion cap", 1),
    ("10d10t10", "t counts a success twice", 1),
    ("3d6 + ", "expected a term, found the end of the line", 6),
])
def test_errors_point_at_what_is_wrong(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.message.startswith(message)
    assert info.value.column == column


def test_a_trailing_space_is_not_what_was_found() -> None:
    code, _, err = invoke("3d6 + ")
    assert code == 2
    assert err == "roll: error: expected a term, found the end of the line\n  3d6 + \n       ^\n"


# ---- roll and odds agree, and the tree writes itself back ----


@settings(max_examples=200, deadline=None)
@given(new_lines)
def test_the_new_forms_write_back_their_tree(line: syntax.RollLine) -> None:
    assert parse(str(line)) == line


SMALL = st.builds(
    syntax.Dice, st.integers(0, 3), st.integers(1, 4).map(syntax.std_die),
    st.lists(st.one_of(
        st.builds(syntax.Explode, st.sampled_from(["!", "!!", "!p"]),
                  st.none() | st.builds(syntax.Compare, st.sampled_from([">=", "="]),
                                        st.integers(2, 4)), st.integers(0, 3)),
        st.builds(syntax.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 2)),
        st.builds(syntax.CountSuccesses, st.builds(syntax.Compare, st.just(">="), st.integers(1, 5))),
        st.builds(syntax.CountTwice, st.builds(syntax.Compare, st.just(">="), st.integers(2, 5))),
        st.builds(syntax.Crit, st.sampled_from(["cs", "cf"]),
                  st.builds(syntax.Compare, st.just(">="), st.integers(1, 4))),
    ), max_size=3).map(tuple),
)


def _legal(node: syntax.Dice) -> bool:
    try:
        parsed = parse(str(node))
    except (NotationError, LimitError):
        return False
    return isinstance(parsed, syntax.RollLine) and parsed.expr == node


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(SMALL.filter(_legal), st.sampled_from([">=", ">", "<=", "<", "="]), st.integers(0, 8))
def test_roll_and_odds_agree_on_every_new_form(node: syntax.Dice, op: syntax.CompareOp,
                                               target: int) -> None:
    """Exact against the roller fed every face sequence: capped explosions end, so the odds of
    a capped term are exact; an uncapped one within the mass both sides cut."""
    line = syntax.RollLine(node, target=target, target_op=op)
    try:
        odds = line_odds(line)
    except EvaluationError:
        return
    except LimitError:
        return  # too much work is refused, never wrong
    expected, cut = brute(line, max_faces=node.count * 5 + 4)
    for v in set(expected) | set(odds.distribution):
        ours, theirs = odds.distribution.get(v, Fraction(0)), expected.get(v, Fraction(0))
        assert ours <= theirs + cut and theirs <= ours + odds.residual, (str(node), v)
    if not cut and not odds.residual:
        assert odds.mean == sum(v * p for v, p in expected.items())
        assert (odds.min, odds.max) == (min(expected), max(expected))
        passing = sum((p for v, p in expected.items() if syntax.Compare(op, target).matches(v)),
                      Fraction(0))
        assert odds.outcomes["pass"] == passing


@settings(max_examples=100, deadline=None)
@given(new_dice)
def test_any_new_term_rolls_or_says_why(node: syntax.Dice) -> None:
    from rules.dice.evaluate import Roller
    from rules.dice.source import RandomSource
    from rules.errors import RollError

    with contextlib.suppress(RollError):
        Roller(RandomSource(1)).roll(node)


# ---- the odds of a crit / fumble range ----


def _marked_by_the_roller(text: str, sides: int, count: int) -> tuple[Fraction, Fraction]:
    """P(crit), P(fumble) over every face sequence of `count` dice, as the roller marks them."""
    from itertools import product

    from rules.dice.evaluate import Roller
    from rules.dice.source import ScriptedSource
    from rules.systems import Context, get_system
    from rules.table_state import TableState

    system = get_system("generic")
    line = parse(text)
    crit = fumble = Fraction(0)
    for faces in product(range(1, sides + 1), repeat=count):
        res = system.resolve(line, Context(system, TableState(), Roller(ScriptedSource(faces)), text))
        crit += Fraction(res.crit, sides**count)
        fumble += Fraction(res.fumble, sides**count)
    return crit, fumble


@pytest.mark.parametrize(("text", "sides", "count"), [
    ("2d6kh1cs>=5cf1", 6, 2), ("3d4cs4", 4, 3), ("3d4kl1cs4cf<=2", 4, 3), ("2d6dh1cs6+1", 6, 2),
    ("3d6kh2cf1", 6, 3),
])
def test_the_odds_of_a_range_are_the_rollers_marks(text: str, sides: int, count: int) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    crit, fumble = _marked_by_the_roller(text, sides, count)
    ranged = {m.kind for n in syntax.walk(line.expr) if isinstance(n, syntax.Dice)
              for m in n.mods if isinstance(m, syntax.Crit)}
    assert odds.extra.get("crit") == (crit if "cs" in ranged else None)
    assert odds.extra.get("fumble") == (fumble if "cf" in ranged else None)


def test_odds_show_the_chance_of_a_crit() -> None:
    code, out, _ = invoke("odds", "2d20kh1cs>=19")
    # a range decides crit; the generic rule's natural 1 of the one kept d20 is the fumble
    assert code == 0 and out.splitlines()[-1] == "crit 19.00% · fumble 0.25%"
    _, (obj,) = invoke_json("odds", "d20cs>=19cf<=2")
    assert (obj["crit"], obj["fumble"]) == ("1/10", "1/10")


@pytest.mark.parametrize(("text", "message"), [
    ("d20cs", "'cs' needs a face or a compare point: cs20, cs>=19"),
    ("1d6cap3", "'cap3' caps an explosion: write it right after ! or x (1d6!cap3)"),
    ("2d6r", "'r' needs a face or a compare point: r1, r<3"),
    ("2d6min", "'min' needs a number: min2"),
])
def test_a_modifier_without_its_number_says_what_it_needs(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.message == message
    assert info.value.column == text.index(message.split("'")[1][:2]) + 1


def test_k_alone_keeps_one_and_d_alone_needs_its_count() -> None:
    assert parse("2d20k") == parse("2d20kh1")
    with pytest.raises(NotationError) as info:
        parse("4d6d")
    assert info.value.message == "'d' needs a count: 4d6d1 drops the lowest (or dl, dh: one)"
