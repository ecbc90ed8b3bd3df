"""Read one command of a game file: its words, dice, reading of the faces, outcomes and effects."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.model import (
    Against,
    Band,
    CommandSpec,
    Degrees,
    Effect,
    Natural,
    StatSpec,
    WordSpec,
)

if TYPE_CHECKING:
    from rules.systems.gamefile.where import Where

COMMAND_KEYS = frozenset({
    "help", "kind", "uses", "dice", "die", "read", "keep", "add", "target", "compare", "success",
    "zero", "bands", "crit", "fumble", "words", "inputs", "effects", "degrees", "plus", "outcomes",
    "against", "levels",
})
NATURAL_KEYS = frozenset({"faces", "count", "doubles", "among", "outcome"})
WORD_KEYS = frozenset({"dice", "add", "keep", "push", "target", "gain", "spend"})
EFFECT_KEYS = frozenset({"on", "pool", "gain", "spend", "stat", "step"})
USES = ("stat", "skill", "stat+skill", "none")
READS = ("sum", "highest", "lowest", "successes")
COMPARES = (">=", ">", "<=", "<")
ZEROS = ("fail", "lowest-of-2")
MAX_WORDS = 30
MAX_SIDES = 1000
MAX_INPUTS = 10

BandReader = Callable[["Where", str, Any], tuple[Band, ...]]


def read_command(at: Where, word: str, body: Any, stats: tuple[StatSpec, ...],
                 bands_of: BandReader, pools: frozenset[str] = frozenset()) -> CommandSpec:
    """One `[commands.WORD]` table, checked."""
    key = f"commands.{word}"
    spec = at.table(body, key)
    at.keys(spec, key, COMMAND_KEYS)
    inputs = _inputs(at, key, spec.get("inputs", {}))
    known = frozenset({"stat", "skill", *(n for s in stats for n in (s.name, s.abbrev)),
                       *(name for name, _ in inputs)})
    uses = _choice(at, spec.get("uses", "stat" if stats else "none"), f"{key}.uses", USES)
    read = _choice(at, spec.get("read", "sum"), f"{key}.read", READS)
    compare = _choice(at, spec.get("compare", ">="), f"{key}.compare", COMPARES)
    zero = _choice(at, spec.get("zero", "fail"), f"{key}.zero", ZEROS)
    plus = _choice(at, spec.get("plus", "dice" if read == "successes" else "total"),
                   f"{key}.plus", ("total", "dice"))
    target = None if spec.get("target") is None else at.formula(spec["target"], f"{key}.target",
                                                                known)
    bands = () if spec.get("bands") is None else bands_of(at, f"{key}.bands", spec["bands"])
    if target is not None and bands:
        at.fail(f"{key}.bands", "a command has a target or bands, not both")
    against = _against(at, f"{key}.against", spec.get("against"), known)
    if (read == "successes" or against is not None) and target is None and not bands:
        target = fm.Num(1)
    outcomes = _outcomes(at, f"{key}.outcomes", spec.get("outcomes", ["pass", "fail"]))
    levels = _levels(at, f"{key}.levels", spec.get("levels", []), known)
    if levels and target is None:
        at.fail(f"{key}.levels", "levels go with a target (the plain pass)")
    crit = _natural(at, f"{key}.crit", spec.get("crit"))
    fumble = _natural(at, f"{key}.fumble", spec.get("fumble"))
    reachable = _reachable(target, bands, (*outcomes, *(name for _, name in levels)), crit, fumble)
    return CommandSpec(
        word=word,
        help=at.text(spec.get("help"), f"{key}.help"),
        kind=at.text(spec.get("kind"), f"{key}.kind", "check" if target or bands else "roll"),
        uses=uses,
        dice=at.formula(spec.get("dice", 1), f"{key}.dice", known),
        die=at.formula(spec.get("die", 6), f"{key}.die", known),
        read=read,
        keep_count=at.number(spec.get("keep"), f"{key}.keep", 1, 100, 1),
        add=None if spec.get("add") is None else at.formula(spec["add"], f"{key}.add", known),
        target=target, compare=compare,
        success=at.number(spec.get("success"), f"{key}.success", 1, MAX_SIDES, 6),
        zero=zero, bands=bands, crit=crit, fumble=fumble,
        words=_words(at, key, spec.get("words", {}), known, pools),
        inputs=inputs,
        effects=_effects(at, key, spec.get("effects", []), reachable, pools,
                         frozenset(s.name for s in stats if s.die)),
        degrees=_degrees(at, f"{key}.degrees", spec.get("degrees")),
        plus=plus, outcomes=outcomes, against=against, levels=levels,
    )


def _choice(at: Where, value: Any, key: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        at.fail(key, "is one of " + ", ".join(f'"{c}"' for c in choices))
    return str(value)


def _inputs(at: Where, key: str, value: Any) -> tuple[tuple[str, int | None], ...]:
    table = at.table(value, f"{key}.inputs")
    if len(table) > MAX_INPUTS:
        at.fail(f"{key}.inputs", f"a command has at most {MAX_INPUTS} inputs")
    out: list[tuple[str, int | None]] = []
    for name, default in table.items():
        at.name(name, f"{key}.inputs.{name}", {})
        if default == "ask":
            out.append((name, None))
        else:
            out.append((name, at.number(default, f"{key}.inputs.{name}", -10**6, 10**6)))
    return tuple(out)


def _outcomes(at: Where, key: str, value: Any) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        at.fail(key, "is two words: the outcome when it passes, then when it fails")
    return at.text(value[0], f"{key}.0") or "pass", at.text(value[1], f"{key}.1") or "fail"


def _natural(at: Where, key: str, value: Any) -> Natural | None:
    if value is None:
        return None
    spec = at.table(value, key)
    at.keys(spec, key, NATURAL_KEYS)
    faces = spec.get("faces", [])
    if not isinstance(faces, list) or len(faces) > MAX_SIDES or not all(
            isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= MAX_SIDES
            for f in faces):
        at.fail(f"{key}.faces", f"is a list of faces from 1 to {MAX_SIDES}")
    doubles = spec.get("doubles", False)
    if not isinstance(doubles, bool) or (not doubles and not faces):
        at.fail(key, "names its faces (faces = [20]) or doubles = true")
    among = _choice(at, spec.get("among", "kept"), f"{key}.among", ("kept", "all"))
    outcome = None if spec.get("outcome") is None else at.text(spec["outcome"], f"{key}.outcome")
    return Natural(frozenset(faces), at.number(spec.get("count"), f"{key}.count", 1, 100, 1),
                   doubles, among, outcome)


def _words(at: Where, key: str, value: Any, known: frozenset[str], pools: frozenset[str]
           ) -> tuple[WordSpec, ...]:
    table = at.table(value, f"{key}.words")
    if len(table) > MAX_WORDS:
        at.fail(f"{key}.words", f"a command has at most {MAX_WORDS} words")
    out: list[WordSpec] = []
    for word, body in table.items():
        where = f"{key}.words.{word}"
        at.name(word, where, {n: "a stat, skill or input of this game" for n in known})
        spec = at.table(body, where)
        at.keys(spec, where, WORD_KEYS)
        keep = spec.get("keep")
        if keep is not None:
            _choice(at, keep, f"{where}.keep", ("highest", "lowest"))
        push = spec.get("push", False)
        if not isinstance(push, bool):
            at.fail(f"{where}.push", "is true or false")
        out.append(WordSpec(word, at.number(spec.get("dice"), f"{where}.dice", -100, 100, 0),
                            at.number(spec.get("add"), f"{where}.add", -10**6, 10**6, 0),
                            keep, push,
                            at.number(spec.get("target"), f"{where}.target", -10**6, 10**6, 0),
                            _costs(at, where, spec, pools)))
    return tuple(out)


def _costs(at: Where, where: str, spec: Mapping[str, Any], pools: frozenset[str]
           ) -> tuple[tuple[str, int], ...]:
    """A word's `gain = { stress = 2 }` and `spend = { luck = 1 }`."""
    out: list[tuple[str, int]] = []
    for how, sign in (("gain", 1), ("spend", -1)):
        table = at.table(spec.get(how, {}), f"{where}.{how}")
        for pool, amount in table.items():
            if pool not in pools:
                at.fail(f"{where}.{how}.{pool}", "names no pool of this game")
            out.append((pool, sign * at.number(amount, f"{where}.{how}.{pool}", 1, 1000)))
    return tuple(out)


def _reachable(target: fm.Formula | None, bands: tuple[Band, ...], outcomes: tuple[str, ...],
               crit: Natural | None, fumble: Natural | None) -> Mapping[str, bool]:
    """The outcome words a command can give (and `crit`, `fumble` when it marks them)."""
    words = [b.outcome for b in bands] if bands else list(outcomes) if target else []
    for mark, natural in (("crit", crit), ("fumble", fumble)):
        if natural is not None:
            words.append(mark)
            if natural.outcome:
                words.append(natural.outcome)
    return dict.fromkeys(words, True)


def _effects(at: Where, key: str, value: Any, reachable: Mapping[str, bool],
             pools: frozenset[str], dice: frozenset[str]) -> tuple[Effect, ...]:
    if not isinstance(value, list) or len(value) > MAX_WORDS:
        at.fail(f"{key}.effects", f"is a list of at most {MAX_WORDS} effects")
    out: list[Effect] = []
    for i, item in enumerate(value):
        where = f"{key}.effects.{i}"
        spec = at.table(item, where)
        at.keys(spec, where, EFFECT_KEYS)
        on = spec.get("on")
        if on not in reachable:
            known = ", ".join(repr(w) for w in reachable) or "none: it has no outcome"
            at.fail(f"{where}.on", f"no roll of this command gives {on!r} (its outcomes:"
                                   f" {known})")
        if "step" in spec:
            out.append(_step(at, where, spec, str(on), dice))
            continue
        pool = spec.get("pool")
        if pool not in pools:
            at.fail(f"{where}.pool", f"names no pool of this game ({', '.join(sorted(pools))})")
        if ("gain" in spec) == ("spend" in spec):
            at.fail(where, "an effect gains or spends: gain = N or spend = N")
        amount = at.number(spec.get("gain", spec.get("spend")), where + (
            ".gain" if "gain" in spec else ".spend"), 1, 1000)
        out.append(Effect(str(on), str(pool), amount if "gain" in spec else -amount))
    return tuple(out)


def _step(at: Where, where: str, spec: Mapping[str, Any], on: str,
          dice: frozenset[str]) -> Effect:
    """`{ on = "fail", stat = "str", step = "down" }`: a die stat (d4–d12) steps."""
    stat = spec.get("stat")
    if stat not in dice:
        at.fail(f"{where}.stat", "names no die stat of this game (die = true)")
    how = _choice(at, spec.get("step"), f"{where}.step", ("up", "down"))
    return Effect(on, str(stat), 0, 1 if how == "up" else -1)


def _against(at: Where, key: str, value: Any, known: frozenset[str]) -> Against | None:
    """`against = { dice = "foes", die = 6, compare = ">" }`: hits are the dice it beats."""
    if value is None:
        return None
    spec = at.table(value, key)
    at.keys(spec, key, frozenset({"dice", "die", "compare"}))
    return Against(at.formula(spec.get("dice", 1), f"{key}.dice", known),
                   at.formula(spec.get("die", 6), f"{key}.die", known),
                   _choice(at, spec.get("compare", ">"), f"{key}.compare", COMPARES))


def _levels(at: Where, key: str, value: Any, known: frozenset[str]
            ) -> tuple[tuple[fm.Formula, str], ...]:
    """`levels = [{ target = "stat / 5", outcome = "extreme success" }, …]`, best first."""
    if not isinstance(value, list) or len(value) > 10:
        at.fail(key, "is a list of at most 10 { target = FORMULA, outcome = WORD }")
    out: list[tuple[fm.Formula, str]] = []
    for i, item in enumerate(value):
        where = f"{key}.{i}"
        spec = at.table(item, where)
        at.keys(spec, where, frozenset({"target", "outcome"}))
        outcome = at.text(spec.get("outcome"), f"{where}.outcome")
        if not outcome:
            at.fail(f"{where}.outcome", "names the outcome, such as \"hard success\"")
        out.append((at.formula(spec.get("target"), f"{where}.target", known), outcome))
    return tuple(out)


def _degrees(at: Where, key: str, value: Any) -> Degrees | None:
    if value is None:
        return None
    spec = at.table(value, key)
    at.keys(spec, key, frozenset({"every", "name"}))
    return Degrees(at.number(spec.get("every"), f"{key}.every", 1, 10**6),
                   at.text(spec.get("name"), f"{key}.name", "degree"))
