"""A game file is checked when read: each mistake one error naming the file, the key and its
line, and nothing in the file runs (formulas are our own grammar, bounded)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError, UsageError
from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.reader import GameFileError, read_game
from tests.support.gamefile import from_text, odds, resolve, shown

HEAD = """\
[game]
name = "mine"
[stats]
cool = { min = -3, max = 3 }
[pools]
harm = { max = 6 }
"""

MOVE = """\
[commands.move]
dice = 2
add = "cool"
bands = [
  { range = "6-", outcome = "miss" },
  { range = "7-9", outcome = "weak hit" },
  { range = "10+", outcome = "strong hit" },
]
"""


def refused(text: str) -> str:
    with pytest.raises(GameFileError) as caught:
        read_game(text, "mine.toml")
    return str(caught.value)


def test_a_whole_small_game_reads() -> None:
    game = read_game(HEAD + MOVE, "mine.toml")
    assert (game.name, [s.name for s in game.stats], [c.word for c in game.commands]) == (
        "mine", ["cool"], ["move"])


@pytest.mark.parametrize(("text", "error"), [
    (HEAD.replace("max = 6", "max = 6, maximum = 7") + MOVE,
     "mine.toml:6: key 'pools.harm.maximum': unknown key (keys: max, start, title)"),
    (HEAD + "colour = 1\n" + MOVE, "mine.toml:7: key 'pools.colour': must be a table"),
    (HEAD.replace("[pools]", "shade = 2\n[pools]") + MOVE,
     "mine.toml:5: key 'stats.shade': must be a table"),
    (HEAD + MOVE.replace('add = "cool"', 'add = "cool + grit"'),
     "mine.toml:9: key 'commands.move.add': the formula names 'grit', which is no stat,"
     " skill or input of this game"),
    (HEAD + MOVE.replace('"7-9"', '"7-8"'),
     "mine.toml:10: key 'commands.move.bands': no band takes a total of 9"),
    (HEAD + MOVE.replace('"7-9"', '"6-9"'),
     "mine.toml:10: key 'commands.move.bands': the bands 'miss' and 'weak hit' overlap"),
    (HEAD + MOVE.replace('"6-"', '"2-6"'),
     "mine.toml:10: key 'commands.move.bands': no band takes a total under 2 (write the lowest"
     " as \"1-\")"),
    (HEAD.replace('"mine"', '"vagabond"') + MOVE,
     "mine.toml:2: key 'game.name': 'vagabond' is a built-in game: a game's name may not"
     " shadow it"),
    (HEAD + MOVE.replace("[commands.move]", "[commands.spend]"),
     "mine.toml:7: key 'commands.spend': 'spend' is a every command: a game's name may not"
     " shadow it"),
    (HEAD.replace("harm = { max = 6 }", 'harm = { max = "grit" }\ngrit = { max = "harm" }')
     + MOVE, "mine.toml:6: key 'pools.harm.max': a loop: harm → grit → harm"),
    (HEAD + MOVE + 'effects = [{ on = "crit", pool = "harm", gain = 1 }]\n',
     "mine.toml:15: key 'commands.move.effects.0.on': no roll of this command gives 'crit'"
     " (its outcomes: 'miss', 'weak hit', 'strong hit')"),
    (HEAD + MOVE.replace("dice = 2", 'dice = "' + "1+" * 120 + '1"'),
     "mine.toml:8: key 'commands.move.dice': a formula has at most 200 characters"),
    (HEAD + MOVE.replace("dice = 2", 'dice = "__import__(1)"'),
     "mine.toml:8: key 'commands.move.dice': '_' has no meaning in a formula (+ - * / ( )"
     " and names)"),
    (HEAD + "[commands.move]\nbands = 3\n",
     "mine.toml:8: key 'commands.move.bands': must be a list of 1 to 20"
     " { range = \"10+\", outcome = … }"),
])  # fmt: skip
def test_each_mistake_is_one_error_naming_file_key_and_line(text: str, error: str) -> None:
    assert refused(text) == error


def test_not_toml_and_too_long_are_refused_whole() -> None:
    assert refused("[game\n").startswith("mine.toml: not TOML: ")
    assert refused("#" * 70_000) == "mine.toml: a game file has at most 65,536 characters"


def test_a_refusal_is_bad_input() -> None:
    assert issubclass(GameFileError, UsageError)


def test_words_numbers_and_inline_values_move_the_dice() -> None:
    game = from_text(HEAD + MOVE + """\
[commands.move.words]
adv = { dice = 1, keep = "highest" }
dis = { dice = 1, keep = "lowest" }
[commands.hit]
uses = "none"
dice = 1
die = 20
target = "guard"
inputs = { guard = "ask" }
degrees = { every = 4, name = "raise" }
""")
    assert shown(resolve(game, "move cool=1 adv", [2, 6, 5])) == (
        "move cool=1 adv → [~~2~~, 6, 5] +1 = 12 · strong hit")
    assert shown(resolve(game, "move cool=1 dis", [2, 6, 5])) == (
        "move cool=1 dis → [2, ~~6~~, 5] +1 = 8 · weak hit")
    res = resolve(game, "hit guard=10", [19])
    assert shown(res) == "hit guard=10 → 19 vs 10 · pass · 2 raises"
    assert dict(res.extra) == {"compare": ">=", "degrees": 2}
    with pytest.raises(UsageError, match=r"this needs guard: give it inline \(guard=N\)"):
        resolve(game, "hit", [19])
    with pytest.raises(UsageError, match="move keeps the highest or the lowest, not both"):
        resolve(game, "move cool=1 adv dis", [1, 2, 3, 4])
    with pytest.raises(UsageError, match=r"move does not take 'fast' \(it takes: stat, adv, dis"):
        resolve(game, "move cool=1 fast", [1, 2])
    assert odds(game, "move cool=0 adv").outcomes["strong hit"] == sum(
        1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
        if a + b + c - min(a, b, c) >= 10) / __import__("fractions").Fraction(216)


def test_roll_under_a_stat_and_a_half_of_it() -> None:
    game = from_text("""\
[game]
name = "under"
[stats]
skill = { abbrev = "ski", min = 1, max = 100 }
[commands.check]
die = 100
target = "stat"
compare = "<="
[commands.hard]
die = 100
target = "stat / 2"
compare = "<="
""".replace("skill =", "lore ="))
    assert shown(resolve(game, "check lore=40", [40])) == "check lore=40 → 40 vs ≤40 · pass"
    assert shown(resolve(game, "hard lore=45", [23])) == "hard lore=45 → 23 vs ≤22 · fail"
    assert odds(game, "hard lore=45").outcomes["pass"] == __import__("fractions").Fraction(22, 100)


@given(st.recursive(st.integers(0, 99).map(str) | st.sampled_from(["a", "b"]),
                    lambda inner: st.tuples(inner, st.sampled_from("+-*"), inner).map(
                        lambda t: f"({t[0]} {t[1]} {t[2]})"), max_leaves=12))
def test_a_formula_means_what_python_arithmetic_means(text: str) -> None:
    values = {"a": 7, "b": -3}
    formula = fm.read_formula(text)
    expected = int(_arith(text.replace("a", "7").replace("b", "(-3)")))
    assert fm.value(formula, values) == expected
    assert fm.value(fm.read_formula(fm.shown(formula)), values) == expected


def _arith(text: str) -> int:
    """Integer + - * with parentheses, by hand (no eval of data)."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    out, _ = _sum(tokens, 0)
    return out


def _sum(tokens: list[str], at: int) -> tuple[int, int]:
    value, at = _product(tokens, at)
    while at < len(tokens) and tokens[at] in "+-":
        sign = tokens[at]
        right, at = _product(tokens, at + 1)
        value = value + right if sign == "+" else value - right
    return value, at


def _product(tokens: list[str], at: int) -> tuple[int, int]:
    value, at = _atom(tokens, at)
    while at < len(tokens) and tokens[at] == "*":
        right, at = _atom(tokens, at + 1)
        value *= right
    return value, at


def _atom(tokens: list[str], at: int) -> tuple[int, int]:
    if tokens[at] == "(":
        value, at = _sum(tokens, at + 1)
        return value, at + 1
    if tokens[at] == "-":
        value, at = _atom(tokens, at + 1)
        return -value, at
    return int(tokens[at]), at + 1


DICE_GAME = """\
[game]
name = "steps"
[stats]
str = { die = true }
[pools]
luck = { max = 3 }
[commands.save]
dice = 1
die = "stat"
target = 4
effects = [{ on = "fail", stat = "str", step = "down" }]
[commands.save.words]
lucky = { dice = 1, keep = "highest", spend = { luck = 1 } }
"""


def test_a_failure_steps_a_die_stat_down_and_a_word_spends_a_pool() -> None:
    from tests.support.gamefile import character

    game = from_text(DICE_GAME)
    ann = character("Ann", "steps", stats={"str": "d8"}, pools={"luck": 1})
    res = resolve(game, "save str", [3], ann)
    assert shown(res) == "save str → 3 vs 4 · fail\nAnn · STR d8 → d6 (save)"
    assert [(c.pool, c.before, c.after, c.kind) for c in res.changes] == [
        ("str", "d8", "d6", "stat")]
    res = resolve(game, "save str lucky", [3, 7], ann)
    assert shown(res) == "save str lucky → [~~3~~, 7] = 7 vs 4 · pass\nAnn · Luck 1 → 0 (save)"
    broke = character("Bo", "steps", stats={"str": "d8"}, pools={"luck": 0})
    with pytest.raises(RuleError, match="Bo has 0 Luck: lucky spends 1"):
        resolve(game, "save str lucky", [3, 7], broke)
    assert refused(DICE_GAME.replace('stat = "str"', 'stat = "luck"')) == (
        "mine.toml:11: key 'commands.save.effects.0.stat': names no die stat of this game"
        " (die = true)")


VOLLEY = """\
[game]
name = "volley"
[stats]
aim = { min = 0, max = 5 }
[commands.shoot]
dice = 2
add = "stat"
inputs = { foes = "ask" }
against = { dice = "foes", die = 10, compare = ">" }
"""


def test_a_total_compared_with_each_die_of_another_set_counts_hits() -> None:
    game = from_text(VOLLEY)
    res = resolve(game, "shoot aim=2 foes=3", [3, 4, 8, 9, 10])
    assert shown(res) == "shoot aim=2 foes=3 → [3, 4] +2 = 9 vs each of [8, 9, 10]: 1 hit vs 1 · pass"
    assert (res.total, res.successes, dict(res.extra)["score"], dict(res.extra)["each"]) == (
        1, 1, 9, ">")
    brute: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for x in range(1, 11):
                for y in range(1, 11):
                    hits = (a + b + 2 > x) + (a + b + 2 > y)
                    brute[hits] = brute.get(hits, 0) + 1
    got = odds(game, "shoot aim=2 foes=2")
    assert dict(got.distribution) == {k: Fraction(v, 3600) for k, v in brute.items()}
    assert got.outcomes["pass"] == Fraction(3600 - brute[0], 3600)


CTHULHU = """\
[game]
name = "cthulhu"
[stats]
spot = { min = 1, max = 99 }
[pools]
luck = { max = 99 }
[commands.check]
die = 100
target = "stat"
compare = "<="
outcomes = ["regular success", "failure"]
levels = [
  { target = "stat / 5", outcome = "extreme success" },
  { target = "stat / 2", outcome = "hard success" },
]
crit = { faces = [1], outcome = "critical" }
effects = [{ on = "failure", pool = "luck", spend = 1 }]
"""


def test_levels_from_fractions_of_a_stat_are_tried_best_first() -> None:
    game = from_text(CTHULHU)
    assert shown(resolve(game, "check spot=50", [10])) == (
        "check spot=50 → 10 vs ≤50 · extreme success")
    assert shown(resolve(game, "check spot=50", [25])) == "check spot=50 → 25 vs ≤50 · hard success"
    assert shown(resolve(game, "check spot=50", [50])) == (
        "check spot=50 → 50 vs ≤50 · regular success")
    assert shown(resolve(game, "check spot=50", [51])) == (
        "check spot=50 → 51 vs ≤50 · failure\nnobody acts: luck -1 not marked")
    assert shown(resolve(game, "check spot=50", [1])) == "check spot=50 → 1 vs ≤50 · critical"
    assert dict(odds(game, "check spot=50").outcomes) == {
        "extreme success": Fraction(9, 100), "hard success": Fraction(15, 100),
        "regular success": Fraction(25, 100), "failure": Fraction(50, 100),
        "critical": Fraction(1, 100), "crit": Fraction(1, 100)}
    assert refused(CTHULHU.replace('target = "stat"\n', "")) == (
        "mine.toml:11: key 'commands.check.levels': levels go with a target (the plain pass)")
