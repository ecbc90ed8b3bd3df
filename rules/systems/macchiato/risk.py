"""Macchiato Monsters risk dice: Δ12 → Δ10 → Δ8 → Δ6 → Δ4 → fizzle, on 1–3; named ones on sheets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.dice.steps import GONE, on_ladder, parse_step, risk_name, step_down
from rules.errors import SheetError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import capitalized, throws_parts
from rules.said import Face, Said, said, said_outcome
from rules.systems.macchiato.checks import Edge, resolve_edge
from rules.systems.protocol import Context

STEP_DOWN_ON = 3
"""A risk die shows 1–3: it steps down (below Δ4 it fizzles)."""

SUPPLIES = {"torches": 6, "arrows": 8}
"""Supply risk dice of the public rules (as the issue gives them)."""

ARMOUR = {
    "light": 4,
    "leather": 4,
    "ring": 6,
    "scale": 6,
    "chain": 8,
    "half-plate": 8,
    "full-plate": 10,
}
"""Armour risk dice of the public rules: Δ4 light (leather) … Δ10 full plate."""

PRESETS = {**SUPPLIES, **ARMOUR}

PARTY = "party"
USAGE = "risk NAME | risk add NAME [ΔN] | risk rm NAME | risk list  (add `party` for the party's)"
register_usage("macchiato", USAGE)
LADDER_TEXT = "Δ4, Δ6, Δ8, Δ10 or Δ12"


@dataclass(frozen=True, slots=True)
class RiskRoll:
    """One throw of a risk die (two at advantage or disadvantage): the die, the face kept, how
    the throw reads, and where that leaves the die."""

    sides: int
    face: int
    shown: Said | None = None

    @property
    def text(self) -> Said:
        """`5`, or `[7, ~~2~~]` when two were rolled."""
        return self.shown or said(Face(str(self.face)))

    @property
    def after(self) -> int:
        """The die after the roll: one step down on 1–3 (GONE once it fizzles)."""
        return step_down(self.sides) if self.face <= STEP_DOWN_ON else self.sides

    @property
    def outcome(self) -> str:
        if self.face > STEP_DOWN_ON:
            return "hold"
        return "fizzle" if self.after == GONE else "step-down"

    @property
    def lucky(self) -> bool:
        """The maximum face is a lucky break."""
        return self.face == self.sides


def preset_key(text: str) -> str:
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def risk_sides(value: object, where: str) -> int:
    """Sides of a risk die written `Δ8`, `delta8` or `d8`; UsageError names `where` otherwise."""
    sides = parse_step(value)
    if sides is None or sides == GONE:
        raise UsageError(f"{where}: a risk die is {LADDER_TEXT}, not {value!r}")
    return sides


def arg_sides(arg: syntax.Arg) -> int | None:
    """Sides when a command argument spells a risk die (`Δ8`, `delta8`, `d8`), else None."""
    if isinstance(arg, syntax.ExprArg) and isinstance(arg.expr, syntax.Dice):
        dice = arg.expr
        if dice.count == 1 and not dice.mods and dice.die.kind in ("risk", "std"):
            if not on_ladder(dice.die.sides):
                raise UsageError(f"a risk die is {LADDER_TEXT}, not {dice}")
            return dice.die.sides
    return None


def lone_risk_die(line: syntax.RollLine) -> tuple[int, Edge] | None:
    """Sides and advantage when a dice LINE is one risk die (`Δ8`, `delta8 adv`); 001:L8: "best
    and worst … high or low, depending on the kind of die": the grammar's `adv` keeps the higher
    of two, and for a risk die high is best (1–3 step it down, L11–12)."""
    dice = syntax.lone_die(line)
    if dice is None or dice.die.kind != "risk":
        return None
    if not on_ladder(dice.die.sides):
        raise UsageError(f"a risk die is {LADDER_TEXT}, not {dice}")
    return dice.die.sides, dice.advantage


def risk_expr(sides: int, edge: Edge = None) -> syntax.Dice:
    """The dice of a risk roll: one ΔN, or two keeping the better. 001:L8: "best and worst …
    high or low, depending on the kind of die"; for a risk die high is best (1–3 step it
    down, L11–12), so advantage keeps the higher and disadvantage the lower."""
    die = syntax.Die("risk", sides)
    if edge is None:
        return syntax.Dice(1, die)
    return syntax.Dice(2, die, (syntax.Keep("kh" if edge == "adv" else "kl", 1),))


def throw_risk(ctx: Context, sides: int, why: str, edge: Edge = None) -> RiskRoll:
    if edge is None:
        face, _ = ctx.roller.throw(syntax.Die("risk", sides), why)
        return RiskRoll(sides, face)
    roll = ctx.roller.roll(risk_expr(sides, edge), why=why)
    return RiskRoll(sides, roll.total, throws_parts(roll.throws))


def risk_notes(roll: RiskRoll, title: str | None = None) -> tuple[str, ...]:
    notes = []
    if roll.lucky:
        notes.append(f"{roll.face} is a lucky break (the highest face)")
    if roll.outcome == "fizzle" and title is not None:
        notes.append(f"{title} fizzled: the die is gone")
    return tuple(notes)


def roll_lone(ctx: Context, sides: int, edge: Edge = None) -> Resolution:
    """A LINE that is one risk die: hold, step-down or fizzle, nothing recorded."""
    roll = throw_risk(ctx, sides, f"Δ{sides}", edge)
    summary = f"{ctx.input.strip()} → " + roll.text + said_outcome(roll.outcome)
    if roll.outcome == "step-down":
        summary += f" to {risk_name(roll.after)}"
    return _risk_resolution(ctx, roll, summary, (), risk_notes(roll), edge)


def _risk_resolution(
    ctx: Context, roll: RiskRoll, summary: Said, changes: tuple[Change, ...],
    notes: tuple[str, ...], edge: Edge = None,
) -> Resolution:
    return ctx.resolution(
        "risk",
        summary,
        total=roll.face,
        outcome=roll.outcome,
        changes=changes,
        notes=notes,
        extra=(
            ("risk_die", risk_name(roll.sides)),
            ("after", risk_name(roll.after)),
            ("lucky_break", roll.lucky),
            ("advantage", edge),
        ),
    )


# ---- named risk dice ----


def _risk_section(sheet: Mapping[str, Any]) -> Mapping[str, Any]:
    section = sheet.get("risk", {})
    return section if isinstance(section, Mapping) else {}


def owned_dice(ctx: Context, owner: str | None) -> Mapping[str, Any]:
    """The risk dice of a character (by name) or of the party (None)."""
    if owner is None:
        return _risk_section(ctx.table.party)
    return ctx.table.active.risk if ctx.table.active else {}


def who(owner: str | None) -> str:
    return owner or "Party"


title_of = capitalized


def _is_party(arg: syntax.Arg) -> bool:
    return isinstance(arg, syntax.Word) and arg.text.strip().lower() == PARTY


def _split_party(args: tuple[syntax.Arg, ...]) -> tuple[list[syntax.Arg], bool]:
    """The arguments without the word `party` (wherever it stands: `risk add party arrows` and
    `risk add arrows party` alike), and whether it was there."""
    rest = [a for a in args if not _is_party(a)]
    if len(args) - len(rest) > 1:
        raise UsageError(f"'party' is given twice: {USAGE}")
    return rest, len(rest) != len(args)


def _name(arg: syntax.Arg, what: str) -> str:
    if not isinstance(arg, syntax.Word) or not arg.text.strip():
        raise UsageError(f"{what} needs a risk die name, not '{arg}': {USAGE}")
    return arg.text.strip().lower()


def find_owner(ctx: Context, name: str, party: bool) -> str | None:
    """Whose risk die `name` is: the active character's if it has one, else the party's."""
    active = ctx.table.active
    if not party and active is not None and name in active.risk:
        return active.name
    if name in _risk_section(ctx.table.party):
        return None
    where = "the party" if party or active is None else f"{active.name} or the party"
    raise UsageError(f"no risk die {name!r} on {where}: risk add {name} ΔN")


def split_edge(args: tuple[syntax.Arg, ...]) -> tuple[tuple[syntax.Arg, ...], Edge, bool]:
    """The arguments without `adv` / `dis`, the advantage they give (both cancel), and whether
    any was there; `Δ8 adv` parses as one die at advantage and is split back into die and word."""
    rest: list[syntax.Arg] = []
    words: list[str] = []
    for arg in args:
        word = arg.text.lower() if isinstance(arg, syntax.Word) else ""
        if word in ("adv", "dis"):
            words.append(word)
        elif isinstance(arg, syntax.ExprArg) and isinstance(arg.expr, syntax.Dice) and arg.expr.advantage:
            words.append(arg.expr.advantage)
            rest.append(syntax.ExprArg(syntax.Dice(1, arg.expr.die)))
        else:
            rest.append(arg)
    return tuple(rest), resolve_edge("adv" in words, "dis" in words), bool(words)


def risk(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`risk NAME [adv|dis]`, `risk add NAME ΔN`, `risk rm NAME`, `risk list`, or `risk Δ8`."""
    given, edge, edged = split_edge(line.args)
    args, party = _split_party(given)
    if not args:
        if party:
            return risk_list(ctx, party=True)
        raise UsageError(f"risk needs a die or a word: {USAGE}")
    first = args[0]
    sides = arg_sides(first)
    if sides is not None and len(args) == 1:
        return roll_lone(ctx, sides, edge)
    word = first.text.lower() if isinstance(first, syntax.Word) else ""
    if edged and word in ("add", "rm", "remove", "list"):
        raise UsageError(f"adv and dis go with a roll of a risk die, not risk {word}: {USAGE}")
    if word == "add":
        return risk_add(ctx, args[1:], party)
    if word in ("rm", "remove"):
        return risk_rm(ctx, args[1:], party)
    if word == "list" and len(args) == 1:
        return risk_list(ctx, party)
    if len(args) != 1:
        raise UsageError(f"unexpected '{args[1]}': {USAGE}")
    return risk_roll(ctx, _name(first, "risk"), party, edge)


def risk_roll(ctx: Context, name: str, party: bool, edge: Edge = None) -> Resolution:
    """Roll a named risk die (two, keeping the better or worse, with `edge`) and record its
    step-down or fizzle."""
    owner = find_owner(ctx, name, party)
    before = owned_dice(ctx, owner)[name]
    sides = risk_sides(before, f"{who(owner)}'s {name}")
    roll = throw_risk(ctx, sides, name, edge)
    changes: tuple[Change, ...] = ()
    if roll.after != roll.sides:
        changes = (Change(owner, name, before, risk_name(roll.after), "risk", kind="risk"),)
    summary = (f"{ctx.input.strip()} → " + roll.text + f" on Δ{sides}"
               + said_outcome(roll.outcome))
    return _risk_resolution(ctx, roll, summary, changes, risk_notes(roll, title_of(name)), edge)


def risk_add(ctx: Context, args: list[syntax.Arg], party: bool) -> Resolution:
    """`risk add NAME [ΔN | PRESET]`: a new or replaced risk die (no character: the party's)."""
    if not args:
        raise UsageError(f"risk add needs a name: {USAGE}")
    name = _name(args[0], "risk add")
    if len(args) > 2:
        raise UsageError(f"unexpected '{args[2]}': risk add NAME [ΔN] [party]")
    if len(args) == 2:
        sides = arg_sides(args[1])
        if sides is None:
            given = args[1].text if isinstance(args[1], syntax.Word) else str(args[1])
            sides = PRESETS.get(preset_key(given)) or parse_step(given) or None
            if sides is None:
                raise UsageError(
                    f"risk add {name}: give the die ({LADDER_TEXT}) or a preset"
                    f" ({', '.join(PRESETS)}), not '{given}'"
                )
    else:
        found = PRESETS.get(preset_key(name))
        if found is None:
            raise UsageError(f"risk add {name} needs its die ({LADDER_TEXT}): risk add {name} Δ6")
        sides = found
    owner = None if party or ctx.table.active is None else ctx.table.active.name
    before = owned_dice(ctx, owner).get(name)
    after = risk_name(sides)
    changes = () if before == after else (Change(owner, name, before, after, "risk add", "risk"),)
    summary = f"{ctx.input.strip()} → {who(owner)} · {title_of(name)} {after}"
    return ctx.resolution("risk", summary, changes=changes)


def risk_rm(ctx: Context, args: list[syntax.Arg], party: bool) -> Resolution:
    """`risk rm NAME`: drop a risk die from the character (or the party)."""
    if len(args) != 1:
        raise UsageError(f"risk rm needs one name: {USAGE}")
    name = _name(args[0], "risk rm")
    owner = find_owner(ctx, name, party)
    before = owned_dice(ctx, owner)[name]
    summary = f"{ctx.input.strip()} → {who(owner)} · {title_of(name)} removed"
    change = Change(owner, name, before, None, "risk rm", kind="risk")
    return ctx.resolution("risk", summary, changes=(change,))


def risk_list(ctx: Context, party: bool) -> Resolution:
    """`risk list`: the active character's risk dice, then the party's."""
    owners: list[str | None] = []
    if not party and ctx.table.active is not None:
        owners.append(ctx.table.active.name)
    owners.append(None)
    notes: list[str] = []
    listed: list[dict[str, Any]] = []
    for owner in owners:
        for name, die in sorted(owned_dice(ctx, owner).items()):
            notes.append(f"{who(owner)} · {title_of(name)} {die}")
            listed.append({"character": owner, "name": name, "die": die})
    count = len(listed)
    if count:
        summary = f"{ctx.input.strip()} → {count} risk di{'e' if count == 1 else 'ce'}"
    else:
        summary = f"{ctx.input.strip()} → no risk dice (risk add NAME ΔN)"
    return ctx.resolution("risk", summary, notes=tuple(notes), extra=(("risk_dice", listed),))


def validate_risk(sheet: dict[str, Any]) -> None:
    """Normalize a sheet's `[risk]` table to `"Δ8"` values; SheetError names a bad one."""
    section = sheet.get("risk", {})
    if not isinstance(section, Mapping):
        raise SheetError("sheet key 'risk' must be a table ([risk])")
    normalized: dict[str, str] = {}
    for key, value in section.items():
        sides = parse_step(value) if isinstance(value, str) else None
        if sides is None or sides == GONE:
            raise SheetError(
                f"sheet key 'risk.{key}' must be a risk die {LADDER_TEXT}, not {value!r}"
            )
        normalized[str(key).lower()] = f"Δ{sides}"
    if section:
        sheet["risk"] = normalized
