"""Resolution.summary written when first read: once, and equal to the same text given at once;
Context.resolution gives each field what it was given."""

from __future__ import annotations

import inspect
from dataclasses import fields

from rules.campaign import Character
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.notation import parse
from rules.resolution import Change, Resolution
from rules.systems import Context, get_system
from rules.table_state import TableState


def test_a_summary_is_written_once_when_first_read() -> None:
    calls: list[int] = []

    def write() -> str:
        calls.append(1)
        return "2d6 → [3, 4] = 7"

    lazy = Resolution("2d6", "generic", "roll", write, total=7)
    assert calls == []
    assert lazy.summary == lazy.summary == "2d6 → [3, 4] = 7"
    assert calls == [1]


def test_a_written_summary_compares_as_the_given_one() -> None:
    eager = Resolution("2d6", "generic", "roll", "2d6 → [3, 4] = 7", total=7)
    lazy = Resolution("2d6", "generic", "roll", lambda: "2d6 → [3, 4] = 7", total=7)
    assert lazy == eager and hash(lazy) == hash(eager)
    assert Resolution("2d6", "generic", "roll", lambda: "other", total=7) != eager
    assert Resolution("2d6", "generic", "roll", "2d6 → [3, 4] = 7", total=8) != eager


def test_context_resolution_gives_each_field_its_own_value() -> None:
    """Every keyword Context.resolution takes lands in the field of its name (it makes the
    Resolution from the fields in order), and the rest come from the context."""
    system = get_system("generic")
    mira = Character("Mira", "generic", {"max": {"hp": 9}})
    roller = Roller(ScriptedSource([4]))
    roll = roller.roll(parse("1d6").expr)  # type: ignore[union-attr]
    ctx = Context(system, TableState(active=mira), roller, "1d6 # mine")
    given = {"total": 11, "target": 12, "compare": "<=", "outcome": "fail", "crit": True, "fumble": False,
             "successes": 13, "changes": (Change("Mira", "hp", 9, 8, "hurt"),),
             "notes": ("a note",), "extra": (("key", "value"),), "rolls": (roll,)}
    taken = set(inspect.signature(Context.resolution).parameters) - {"self", "kind", "summary"}
    assert taken == set(given)
    res = ctx.resolution("roll", "the summary", **given)  # type: ignore[arg-type]
    assert {name: getattr(res, name) for name in given} == given
    assert (res.input, res.system, res.kind, res.said, res.character) == (
        "1d6 # mine", "generic", "roll", "the summary", "Mira")
    assert res.throws == roller.throws and res.trail is roller and res.comment is None
    assert {f.name for f in fields(Resolution)} == {*given, "input", "system", "kind", "said",
                                                   "character", "throws", "trail", "comment"}


def test_context_resolution_says_at_least_unless_told_and_nothing_without_a_target() -> None:
    """`compare` is ≥ where a game gives a target and no compare, None where there is no
    target (SPEC §3: every result with a target carries it)."""
    ctx = Context(get_system("generic"), TableState(), Roller(ScriptedSource([])), "x")
    assert ctx.resolution("roll", "s", target=10).compare == ">="
    assert ctx.resolution("roll", "s", target=10, compare=">").compare == ">"
    assert ctx.resolution("roll", "s", compare=">").compare is None
