"""A game file's `System`: the protocol every built-in game implements, built from a `GameSpec`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.notation import syntax
from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.model import CommandSpec, Effect, GameSpec, PoolSpec
from rules.systems.gamefile.play import SYMBOLS, Decided, Plan, decide, plan, stat_value
from rules.systems.gamefile.throw import every_against, thrown_against
from rules.systems.protocol import CommandFn, Context, OddsFn, System
from rules.systems.sheet_terms import Pool, Stat

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.exact.result import Odds
    from rules.resolution import Change, Resolution
    from rules.said import Said


@dataclass(frozen=True, slots=True)
class Maximum:
    """A pool's maximum from its formula over the character's stats (None while one is missing)."""

    game: GameSpec
    pool: PoolSpec

    def __call__(self, character: Character) -> int | None:
        """The maximum for this character (None: the sheet's `[max]`, or a stat is missing)."""
        if self.pool.maximum is None:
            return None
        values: dict[str, int] = {}
        for spec in self.game.stats:
            if spec.name in character.stats:
                values[spec.name] = values[spec.abbrev] = stat_value(
                    spec, character.stats[spec.name], character.name)
        for other in self.game.pools:
            if other.name in fm.names(self.pool.maximum):
                top = Maximum(self.game, other)(character)
                if top is None:
                    return None
                values[other.name] = top
        if not fm.names(self.pool.maximum) <= set(values):
            return None
        return max(0, fm.value(self.pool.maximum, values))


@dataclass(frozen=True, slots=True)
class Played:
    """One command of the game, as the protocol's CommandFn."""

    game: GameSpec
    command: CommandSpec

    def __call__(self, ctx: Context, line: syntax.CommandLine) -> Resolution:
        """Read the LINE's words, throw, decide, and say what it changes."""
        read = plan(self.game, self.command, ctx, line)
        faces = thrown_against(ctx, read.throwing, self.command.word, read.other)
        decided = decide(self.command, read, faces)
        changes, notes = effects(ctx, self.command, read, decided)
        return ctx.resolution(
            self.command.kind, summary(ctx, self.command, read, decided),
            total=None if read.automatic else decided.total, target=read.target,
            compare=self.command.compare,
            outcome=decided.outcome, crit=decided.crit, fumble=decided.fumble,
            successes=decided.successes, changes=changes, notes=notes,
            extra=extra(self.command, read, decided))


@dataclass(frozen=True, slots=True)
class Priced:
    """One command's exact odds, over every set of faces its dice can show."""

    game: GameSpec
    command: CommandSpec

    def __call__(self, ctx: Context, line: syntax.CommandLine) -> Odds:
        """Every set of faces the LINE's dice can show, each read as a roll reads it."""
        from rules.exact.result import Odds

        read = plan(self.game, self.command, ctx, line)
        totals: dict[int, Fraction] = {}
        outcomes = dict.fromkeys(outcome_words(self.command), Fraction(0))
        for faces, p in every_against(read.throwing, read.other):
            decided = decide(self.command, read, faces)
            totals[decided.total] = totals.get(decided.total, Fraction(0)) + p
            if decided.outcome is not None:
                outcomes[decided.outcome] = outcomes.get(decided.outcome, Fraction(0)) + p
            if decided.crit:
                outcomes["crit"] += p
            if decided.fumble:
                outcomes["fumble"] += p
        return Odds(totals, outcomes)


def outcome_words(cmd: CommandSpec) -> list[str]:
    """Every outcome a command can give, in the file's order, then `crit` and `fumble`."""
    words = [b.outcome for b in cmd.bands] if cmd.bands else (
        [*(name for _, name in cmd.levels), *cmd.outcomes] if cmd.target is not None else [])
    for natural in (cmd.crit, cmd.fumble):
        if natural is not None and natural.outcome and natural.outcome not in words:
            words.append(natural.outcome)
    words += [w for w, n in (("crit", cmd.crit), ("fumble", cmd.fumble)) if n is not None]
    return words


def summary(ctx: Context, cmd: CommandSpec, read: Plan, decided: Decided) -> Said:
    """`move cool=2 → [3, 5] +2 = 10 · strong hit`."""
    from rules.roll_parts import throws_parts
    from rules.said import OutcomeWord, built, marks, said_outcome

    throws = ctx.roller.throws
    parts: list[Any] = [f"{ctx.input.strip()} → "]
    if read.automatic:
        parts.append("no dice")
    else:
        theirs = len(throws) - (read.other.count if read.other is not None else 0)
        parts.append(throws_parts(throws[:theirs]))
        if read.add:
            parts.append(f" {read.add:+d}")
        if decided.score is not None:
            parts += [f" = {decided.score} vs each of ", throws_parts(throws[theirs:]),
                      f": {decided.total} hit" + ("" if decided.total == 1 else "s")]
        elif decided.successes is not None:
            parts.append(f" = {decided.total} success" + ("" if decided.total == 1 else "es"))
        elif read.add or len(throws) > 1:
            parts.append(f" = {decided.total}")
    if read.target is not None:
        parts.append(f" vs {SYMBOLS[cmd.compare]}{read.target}")
    if decided.outcome is not None:
        parts.append(said_outcome(decided.outcome))
    ordinary = {b.outcome for b in cmd.bands} | set(cmd.outcomes)
    # a crit that is its own outcome (`critical`) is said once; one that only passes is marked
    shown_crit = decided.crit and (cmd.crit is None or cmd.crit.outcome in (None, *ordinary))
    shown_fumble = decided.fumble and (
        cmd.fumble is None or cmd.fumble.outcome in (None, *ordinary))
    parts.append(marks(shown_crit, shown_fumble))
    if decided.degrees and cmd.degrees is not None:
        word = cmd.degrees.name + ("" if decided.degrees == 1 else "s")
        parts += [" · ", OutcomeWord(f"{decided.degrees} {word}")]
    return built(parts)


def extra(cmd: CommandSpec, read: Plan, decided: Decided) -> tuple[tuple[str, Any], ...]:
    """The JSON keys beyond SPEC §3's: how the total met its target, degrees, the words used."""
    out: list[tuple[str, Any]] = []
    if read.target is not None:
        out.append(("compare", cmd.compare))
    if cmd.against is not None:
        out.append(("score", decided.score))
        out.append(("each", cmd.against.compare))
    if cmd.degrees is not None:
        out.append(("degrees", decided.degrees))
    if read.words:
        out.append(("words", list(read.words)))
    return tuple(out)


def effects(ctx: Context, cmd: CommandSpec, read: Plan, decided: Decided
            ) -> tuple[tuple[Change, ...], tuple[str, ...]]:
    """What the LINE changes: its words' costs (a push's stress), then what the outcome gains,
    spends or steps; pools stay within 0 and their maximum, a spend nobody can pay is refused."""
    happened = {decided.outcome, "crit" if decided.crit else None,
                "fumble" if decided.fumble else None}
    due = [Effect(w.word, pool, amount) for w in cmd.words if w.word in read.words
           for pool, amount in w.costs]
    due += [e for e in cmd.effects if e.on in happened]
    if not due:
        return (), ()
    who = ctx.table.active
    if who is None:
        said = ", ".join(f"{e.pool} {e.amount:+d}" if not e.step else
                         f"{e.pool} steps {'up' if e.step > 0 else 'down'}" for e in due)
        return (), (f"nobody acts: {said} not marked",)
    changes: list[Change] = []
    now: dict[str, int] = {}
    for effect in due:
        if effect.step:
            changes.append(_stepped(who, effect, cmd.word))
            continue
        pool = ctx.system.pool(effect.pool, who)
        before = now.get(pool.name, ctx.system.pool_value(who, pool))
        top = ctx.system.pool_max(who, pool)
        if effect.on in read.words and before + effect.amount < 0:
            from rules.errors import RuleError

            raise RuleError(f"{who.name} has {before} {pool.title}: {effect.on} spends"
                            f" {-effect.amount}")
        after = max(0, before + effect.amount)
        after = after if top is None else min(top, after)
        if after != before:
            changes.append(_change(who.name, pool.name, before, after, cmd.word))
            now[pool.name] = after
    return tuple(changes), ()


def _change(name: str, pool: str, before: int, after: int, reason: str) -> Change:
    from rules.resolution import Change

    return Change(name, pool, before, after, reason)


def _stepped(who: Character, effect: Effect, reason: str) -> Change:
    """A die stat one step up or down (d4 … d12; below d4 it is 0)."""
    from rules.dice.steps import die_name, parse_step, step
    from rules.errors import UsageError
    from rules.resolution import Change

    sides = parse_step(who.stats.get(effect.pool))
    if sides is None:
        raise UsageError(f"{who.name} has no die {effect.pool} on the sheet ([stats]"
                         f" {effect.pool} = \"d8\")")
    after = die_name(step(sides, effect.step))
    return Change(who.name, effect.pool, die_name(sides), after, reason, "stat")


class GameSystem(System):
    """A game read from a game file: its stats, pools and commands are the file's."""

    def __init__(self, game: GameSpec) -> None:
        self.game = game
        self.id = game.name
        self.title = game.title
        self.origin = game.origin
        self.stats = tuple(Stat(s.name, s.abbrev, s.lo, s.hi, "die" if s.die else "score")
                           for s in game.stats)
        self.pools = tuple(Pool(p.name, p.title, Maximum(game, p)) for p in game.pools)
        self.health = game.health
        self.initiative = game.initiative
        self.examples = tuple(examples(game))

    def extra_commands(self) -> dict[str, CommandFn]:
        """The file's commands."""
        return {c.word: Played(self.game, c) for c in self.game.commands}

    def odds_commands(self) -> dict[str, OddsFn]:
        """Exact odds of every command of the file."""
        return {c.word: Priced(self.game, c) for c in self.game.commands}

    def pool_value(self, character: Character, pool: Pool) -> int:
        """A pool's current value; an omitted pool starts where the file says (XP at 0)."""
        start = next((p.start for p in self.game.pools if p.name == pool.name), None)
        if start is not None and not isinstance(character.pools.get(pool.name), int):
            return start
        return super().pool_value(character, pool)

    @property
    def skills(self) -> dict[str, str]:
        """Each skill and the stat it goes with (the REPL completes them)."""
        return {s.name: s.skill_of for s in self.game.stats if s.skill_of is not None}

    def completion_words(self, command: str) -> tuple[str, ...]:
        """The words a command takes, and its inputs as `NAME=`, for the REPL to complete."""
        cmd = next((c for c in self.game.commands if c.word == command), None)
        if cmd is None:
            return ()
        return (*(w.word for w in cmd.words), *(f"{name}=" for name, _ in cmd.inputs))

    def help_template(self) -> str:
        from rules.systems.gamefile.help import help_text

        return help_text(self.game)


def examples(game: GameSpec) -> list[str]:
    """A LINE for each command that needs no character: its stat, skill and inputs inline."""
    out: list[str] = []
    for cmd in game.commands:
        words = [cmd.word]
        for role in ("stat", "skill"):
            if role in cmd.uses:
                spec = next((s for s in game.stats if (s.skill_of is None) == (role == "stat")),
                            None)
                if spec is not None:
                    words.append(f"{spec.name}=" + ("d8" if spec.die else str(
                        max(spec.lo or 0, min(spec.hi or 0, 2)))))
        if "stat" not in cmd.uses:
            names = set().union(*(fm.names(f) for f in (cmd.dice, cmd.die, cmd.add, cmd.target)
                                  if f is not None))
            for spec in game.stats:
                if spec.name in names:
                    words.append(f"{spec.name}=" + ("d8" if spec.die else "2"))
        words += [f"{name}=2" for name, default in cmd.inputs if default is None]
        out.append(" ".join(words))
    return out + [f"odds {out[0]}"] if out else out
