"""The one d20 roll behind every Vagabond Check and Save: Favor/Hinder, Luck spends and Crits."""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import Do, Hint, RuleError, UsageError
from rules.notation import syntax
from rules.resolution import Change
from rules.said import Said, marks, said_outcome
from rules.systems.protocol import Context
from rules.systems.vagabond.vocabulary import Words


@dataclass(frozen=True, slots=True)
class Aid:
    """Where a roll's Favor and Hinder come from: they cancel one for one and never stack."""

    favor: tuple[str, ...] = ()
    hinder: tuple[str, ...] = ()

    @property
    def net(self) -> int:
        """+1 Favored (+d6), −1 Hindered (−d6), 0 plain."""
        diff = len(self.favor) - len(self.hinder)
        return (diff > 0) - (diff < 0)

    def with_favor(self, source: str) -> Aid:
        return Aid((*self.favor, source), self.hinder)

    def with_hinder(self, *sources: str) -> Aid:
        return Aid(self.favor, (*self.hinder, *sources))

    def note(self) -> str | None:
        """A line naming the sources, unless the roll's own single word says it all."""
        sources = self.favor + self.hinder
        if len(sources) <= 1 and set(sources) <= {"favor", "hinder"}:
            return None
        result = {1: "Favored (+d6)", -1: "Hindered (-d6)", 0: "they cancel"}[self.net]
        if not self.favor or not self.hinder:
            return f"{result}: {_listed(self.favor or self.hinder)}"
        return f"Favor: {_listed(self.favor)} · Hinder: {_listed(self.hinder)} → {result}"


def _listed(sources: tuple[str, ...]) -> str:
    """`favor ×2, +luck`: each source once, with its count."""
    counts = dict.fromkeys(sources, 0)
    for s in sources:
        counts[s] += 1
    return ", ".join(s if n == 1 else f"{s} ×{n}" for s, n in counts.items())


def aid_from_words(words: Words) -> Aid:
    """The Favor/Hinder the words give (each word is one source)."""
    return Aid(("favor",) * words.favor, ("hinder",) * words.hinder)


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """What to roll: the Difficulty, the Favor/Hinder sources, Luck and Crit choices."""

    label: str
    difficulty: int
    aid: Aid = Aid()
    luck: bool = False
    forgo: bool = False
    auto_fail: str | None = None


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """A rolled Check: the d20, the Favor/Hinder d6 (signed), and what it earned or cost."""

    difficulty: int
    d20: int | None
    aid_face: int
    passed: bool
    crit: bool
    index: int | None
    changes: tuple[Change, ...]
    notes: tuple[str, ...]
    auto_fail: str | None = None

    @property
    def total(self) -> int | None:
        return None if self.d20 is None else self.d20 + self.aid_face

    @property
    def aid_word(self) -> str | None:
        if self.aid_face > 0:
            return "favor"
        return "hinder" if self.aid_face < 0 else None

    def dice_text(self) -> str:
        """`14`, `12+3 = 15`, `12-3 = 9`, or why it failed without a roll."""
        if self.d20 is None:
            return f"fails automatically ({self.auto_fail})"
        if self.aid_face == 0:
            return str(self.d20)
        sign = "+" if self.aid_face > 0 else "-"
        return f"{self.d20}{sign}{abs(self.aid_face)} = {self.total}"

    def head(self, outcome: str) -> Said:
        """`14 vs 10 · pass`, with ` · crit` on a Crit."""
        return f"{self.dice_text()} vs {self.difficulty}" + said_outcome(outcome) + marks(self.crit)


def crit_luck(ctx: Context, who: Character, now: int | None) -> tuple[Change | None, int]:
    """The Crit's +1 Luck from `now` (default: the pool), capped at the Luck Stat."""
    pool = ctx.system.pool("luck", who)
    top = ctx.system.pool_max(who, pool)
    if top is None:
        raise UsageError(f"{who.name} has no Luck Stat: add [stats] luck = N to the sheet")
    current = ctx.system.pool_value(who, pool) if now is None else now
    after = min(top, current + 1)
    return (Change(who.name, "luck", current, after, "crit") if after != current else None,
            after)


def roll_check(ctx: Context, spec: CheckSpec) -> CheckRoll:
    """Spend +luck, throw the d20 (and the Favor/Hinder d6), and take a Crit's Luck."""
    who = ctx.table.active
    changes: list[Change] = []
    notes: list[str] = []
    aid = spec.aid
    luck_now: int | None = None
    if spec.luck:
        if who is None:
            raise UsageError(("+luck spends a Hero's Luck: act as a character (",
                              Hint(Do.NAME_ACTOR), ")"))
        if spec.auto_fail:
            raise RuleError(f"{who.name} fails this automatically ({spec.auto_fail});"
                            " +luck would be spent for nothing")
        if aid.net > 0:
            raise RuleError("this roll is Favored already and Favor does not stack:"
                            " +luck would be spent for nothing")
        pool = ctx.system.pool("luck", who)
        have = ctx.system.pool_value(who, pool)
        if have < 1:
            raise RuleError(f"{who.name} has no Luck to spend")
        changes.append(Change(who.name, "luck", have, have - 1, "+luck"))
        luck_now = have - 1
        aid = aid.with_favor("+luck")
    if spec.auto_fail:
        return CheckRoll(spec.difficulty, None, 0, False, False, None, tuple(changes), (),
                         spec.auto_fail)
    index = len(ctx.roller.throws)
    d20, _ = ctx.roller.throw(syntax.D20, spec.label)
    face = 0
    if aid.net:
        face, _ = ctx.roller.throw(syntax.D6, "Favor" if aid.net > 0 else "Hinder")
        face = face if aid.net > 0 else -face
    note = aid.note()
    if note:
        notes.append(note)
    crit = d20 == 20
    if crit and not spec.forgo:
        if who is None:
            notes.append("Crit: +1 Luck (no character to give it to)")
        else:
            change, after = crit_luck(ctx, who, luck_now)
            if change is None:
                notes.append(f"Crit: {who.name}'s Luck is full ({after}, the Luck Stat):"
                             " the word forgo takes the Crit's benefit instead")
            else:
                changes.append(change)
    passed = d20 + face >= spec.difficulty
    return CheckRoll(spec.difficulty, d20, face, passed, crit, index, tuple(changes),
                     tuple(notes))


# ---- the `f` / `h` atoms of a dice LINE ----


def _terms(expr: syntax.Expr, sign: int = 1) -> list[tuple[int, syntax.Expr]]:
    """The signed terms of an expression's top-level sum (`d20+f-h` → +d20, +f, −h)."""
    if isinstance(expr, syntax.BinOp) and expr.op in "+-":
        right = sign if expr.op == "+" else -sign
        return _terms(expr.left, sign) + _terms(expr.right, right)
    return [(sign, expr)]


def one_aid_die(expr: syntax.Expr) -> tuple[syntax.Expr, str | None]:
    """A dice LINE's `f` and `h` atoms netted to one Favor or Hinder d6 (or none), as the text
    rules: they cancel one for one and never stack; with the note saying so when it mattered."""
    terms = _terms(expr)
    aids = [(i, (s > 0) == node.favor) for i, (s, node) in enumerate(terms)
            if isinstance(node, syntax.Aid)]
    if len(aids) < 2:
        return expr, None
    sources = Aid(tuple("favor" for _, f in aids if f), tuple("hinder" for _, f in aids if not f))
    kept: list[tuple[int, syntax.Expr]] = []
    for i, term in enumerate(terms):
        if i == aids[0][0] and sources.net:
            kept.append((1, syntax.Aid(sources.net > 0)))
        elif not isinstance(term[1], syntax.Aid):
            kept.append(term)
    if not kept:
        return syntax.Num(0), sources.note()
    sign, first = kept[0]
    out: syntax.Expr = first if sign > 0 else syntax.Neg(first)
    for sign, node in kept[1:]:
        out = syntax.BinOp("+" if sign > 0 else "-", out, node)
    return out, sources.note()
