"""The System protocol every game implements, and the pool commands every game shares."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from rules.campaign import Character, Table
from rules.describe import describe_roll, pool_title
from rules.dice.evaluate import Roller
from rules.errors import RuleError, SheetError, UsageError
from rules.notation import ast
from rules.resolution import Change, Resolution

if TYPE_CHECKING:
    from rules.odds import Odds


@dataclass(frozen=True)
class Stat:
    """A stat a system's sheets carry: full name, 3-letter abbreviation, allowed range."""

    name: str
    abbrev: str
    lo: int | None = None
    hi: int | None = None
    kind: Literal["score", "die"] = "score"


@dataclass(frozen=True)
class Pool:
    """A pool a character spends and refills; `maximum` None means the sheet's `[max]` gives it."""

    name: str
    title: str
    maximum: Callable[[Character], int | None] | None = None
    description: str = ""


@dataclass
class Context:
    """What a command may use: its system, the campaign's table, the roller, and the input."""

    system: System
    table: Table
    roller: Roller
    input: str

    @property
    def active(self) -> Character:
        """The acting character, or a clear error saying how to choose one."""
        if self.table.active is None:
            raise UsageError(
                "this needs a character: use --as NAME (or `as NAME` in the REPL),"
                " after `roll sheet import FILE.toml`"
            )
        return self.table.active

    @property
    def name(self) -> str | None:
        return self.table.active.name if self.table.active else None

    def resolution(self, kind: str, summary: str, **fields: Any) -> Resolution:
        """A Resolution for this LINE, with the throws made so far."""
        fields.setdefault("character", self.name)
        return Resolution(
            input=self.input,
            system=self.system.id,
            kind=kind,
            summary=summary,
            throws=self.roller.throws,
            **fields,
        )


CommandFn = Callable[[Context, ast.CommandLine], Resolution]
OddsFn = Callable[[Context, ast.CommandLine], "Odds"]

BASE_FIELDS = {"name", "system", "stats", "skills", "max", "pools", "risk", "flags", "notes"}


class System:
    """A game system: its stats, pools and commands; resolves LINEs into Resolutions.

    Subclasses declare `stats`, `pools`, `fields` and add commands in `extra_commands()`.
    """

    id = "generic"
    title = "Generic dice"
    seed = ""
    stats: tuple[Stat, ...] = ()
    pools: tuple[Pool, ...] = ()
    health = "hp"
    fields: Mapping[str, tuple[type, int | None, int | None]] = {}
    sections: frozenset[str] = frozenset()
    examples: tuple[str, ...] = ()
    favor_atoms = False
    """Whether dice LINEs may use the `f`/`h` Favor and Hinder atoms (Vagabond's)."""
    """LINEs that need no character, shown by `roll help SYSTEM` and run by the tests."""

    # ---- resolving ----

    def commands(self) -> dict[str, CommandFn]:
        table: dict[str, CommandFn] = {
            "spend": pool_spend,
            "gain": pool_gain,
            "set": pool_set,
            "hurt": pool_hurt,
            "heal": pool_heal,
            "rest": pool_rest,
        }
        table.update(self.extra_commands())
        return table

    def extra_commands(self) -> dict[str, CommandFn]:
        return {}

    def resolve(self, line: ast.Line, ctx: Context) -> Resolution:
        """Resolve one evaluation of a LINE; its text shows the LINE without `Nx` or comment."""
        given = ctx.input
        ctx = replace(ctx, input=shown_input(given))
        if isinstance(line, ast.RollLine):
            res = self.resolve_roll(line, ctx)
        else:
            handler = self.commands().get(line.word)
            if handler is None:
                raise unknown_command(self, line)
            res = handler(ctx, line)
        return replace(res, input=given)  # JSON keeps the LINE as given

    def odds(self, line: ast.Line, ctx: Context) -> Odds:
        """Exact odds of a LINE (a `rules.odds.Odds`): dice through the notation engine,
        commands through the hook their system declares in `odds_commands()`."""
        if isinstance(line, ast.RollLine):
            from rules.odds import line_odds

            return line_odds(line)
        if line.word not in self.commands():
            raise unknown_command(self, line)
        hook = self.odds_commands().get(line.word)
        if hook is None:
            raise UsageError(f"no odds for '{line.word}' in {self.id}: it has no outcome to price")
        return hook(ctx, line)

    def odds_commands(self) -> dict[str, OddsFn]:
        """Odds hooks by command word, next to the commands they price."""
        return {}

    def resolve_roll(self, line: ast.RollLine, ctx: Context) -> Resolution:
        """A plain dice expression: total, and pass/fail with `vs N`."""
        if not self.favor_atoms and any(isinstance(n, ast.Aid) for n in ast.walk(line.expr)):
            raise UsageError(
                "f and h are Vagabond's Favor and Hinder dice: use -s vagabond (or +d6 / -d6)"
            )
        expr = ast.with_advantage(line.expr, line.advantage)
        roll = ctx.roller.roll(expr)
        summary = f"{ctx.input.strip()} → {describe_roll(roll)}"
        outcome = None
        if line.target is not None:
            outcome = "pass" if roll.total >= line.target else "fail"
            summary = f"{summary} vs {line.target} · {outcome}"
        return ctx.resolution(
            "roll",
            summary,
            total=roll.total,
            target=line.target,
            outcome=outcome,
            successes=roll.successes,
            rolls=(roll,),
        )

    # ---- sheets, stats and pools ----

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check a sheet against this system and return it normalized; SheetError names the key."""
        return validate_common(self, data)

    def stat(self, word: str) -> Stat | None:
        low = word.lower()
        for s in self.stats:
            if low in (s.name, s.abbrev):
                return s
        return None

    def pool(self, word: str, character: Character | None = None) -> Pool:
        low = word.lower()
        for p in self.pools:
            if low == p.name:
                return p
        if character is not None and (low in character.maxima or low in character.pools):
            return Pool(low, pool_title(low))
        names = ", ".join(p.name for p in self.pools) or "the sheet's [max] pools"
        raise UsageError(f"no pool {word!r} in {self.id} (pools: {names})")

    def pool_max(self, character: Character, pool: Pool) -> int | None:
        """A pool's maximum: from the rules, else the sheet's `[max]` table, else None (OPEN)."""
        if pool.maximum is not None:
            value = pool.maximum(character)
            if value is not None:
                return value
        given = character.maxima.get(pool.name)
        return int(given) if isinstance(given, int) else None

    def pool_value(self, character: Character, pool: Pool) -> int:
        """A pool's current value; an omitted pool starts at its maximum."""
        current = character.pools.get(pool.name)
        if isinstance(current, int):
            return current
        top = self.pool_max(character, pool)
        if top is None:
            raise UsageError(
                f"{character.name} has no {pool.title} maximum: the rules leave it OPEN, so give it"
                f" on the sheet: [max] {pool.name} = N"
            )
        return top

    def rest_changes(self, character: Character) -> list[Change]:
        """What `rest` restores: by default every pool with a known maximum, to its maximum."""
        changes = []
        for pool in self.all_pools(character):
            top = self.pool_max(character, pool)
            if top is None:
                continue
            now = self.pool_value(character, pool)
            if now != top:
                changes.append(Change(character.name, pool.name, now, top, "rest"))
        return changes

    def all_pools(self, character: Character) -> list[Pool]:
        pools = list(self.pools)
        known = {p.name for p in pools}
        for name in list(character.maxima) + list(character.pools):
            if name not in known:
                known.add(name)
                pools.append(Pool(name, pool_title(name)))
        return pools

    def help(self) -> str:
        return f"{self.title} (`-s {self.id}`)"

    def words(self) -> list[str]:
        """Words the REPL completes for this system: commands, stats, pools."""
        out = list(self.commands())
        for s in self.stats:
            out += [s.name, s.abbrev]
        out += [p.name for p in self.pools]
        return out


_REPEAT = re.compile(r"^\s*\d+[x×]\s+")
_COMMENT = re.compile(r"\s*#.*$")


def shown_input(text: str) -> str:
    """The LINE as its result line shows it: no `Nx` prefix (each result is one), no comment."""
    return _COMMENT.sub("", _REPEAT.sub("", text)).strip()


def unknown_command(system: System, line: ast.CommandLine) -> UsageError:
    from rules.systems import SYSTEMS

    owners = [s.id for s in SYSTEMS.values() if line.word in s.commands()]
    if owners:
        return UsageError(
            f"'{line.word}' is a {' / '.join(owners)} command; choose the system with -s {owners[0]}"
        )
    known = ", ".join(sorted(system.commands()))
    return UsageError(f"unknown word '{line.word}': not dice, nor a {system.id} command ({known})")


# ---- sheets ----


def validate_common(system: System, data: Mapping[str, Any]) -> dict[str, Any]:
    """The checks every system shares: names, known keys, stats in range, pools in 0..max."""
    sheet = dict(data)
    name = sheet.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SheetError("sheet key 'name' must be a non-empty string")
    allowed = BASE_FIELDS | set(system.fields) | system.sections
    for key in sheet:
        if key not in allowed:
            raise SheetError(
                f"sheet key '{key}' is not a {system.id} key (allowed: {', '.join(sorted(allowed))})"
            )
    for key, (kind, lo, hi) in system.fields.items():
        if key in sheet:
            _check_value(f"'{key}'", sheet[key], kind, lo, hi)
    stats = _table(sheet, "stats")
    if system.stats:
        normalized: dict[str, Any] = {}
        for key, value in stats.items():
            stat = system.stat(key)
            if stat is None:
                names = ", ".join(s.name for s in system.stats)
                raise SheetError(f"sheet key 'stats.{key}' is not a {system.id} stat ({names})")
            if stat.kind == "score":
                _check_value(f"'stats.{stat.name}'", value, int, stat.lo, stat.hi)
            elif not isinstance(value, str):
                raise SheetError(f"sheet key 'stats.{stat.name}' must be a die such as \"d8\"")
            normalized[stat.name] = value
        sheet["stats"] = normalized
    else:
        for key, value in stats.items():
            _check_value(f"'stats.{key}'", value, int, None, None)
    skills = _table(sheet, "skills")
    trained = skills.get("trained", [])
    if not isinstance(trained, list) or not all(isinstance(s, str) for s in trained):
        raise SheetError("sheet key 'skills.trained' must be a list of skill names")
    for key, value in _table(sheet, "max").items():
        _check_value(f"'max.{key}'", value, int, 0, None)
    flags = sheet.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise SheetError("sheet key 'flags' must be a list of words")
    sheet["name"] = name.strip()
    check_pools(system, sheet)
    sheet["system"] = system.id
    return sheet


def check_pools(system: System, sheet: Mapping[str, Any]) -> None:
    """Pools on a sheet are whole numbers from 0 to their maximum."""
    character = Character(str(sheet["name"]), system.id, sheet)
    for key, value in _table(sheet, "pools").items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetError(f"sheet key 'pools.{key}' must be a whole number")
        try:
            pool = system.pool(key, character)
        except UsageError as exc:
            raise SheetError(f"sheet key 'pools.{key}': {exc.message}") from None
        top = system.pool_max(character, pool)
        if value < 0 or (top is not None and value > top):
            span = f"0..{top}" if top is not None else "0 and up"
            raise SheetError(f"sheet key 'pools.{key}' = {value} is outside {span}")


def _table(sheet: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = sheet.get(key, {})
    if not isinstance(value, Mapping):
        raise SheetError(f"sheet key '{key}' must be a table ([{key}])")
    return value


def _check_value(where: str, value: Any, kind: type, lo: int | None, hi: int | None) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SheetError(f"sheet key {where} must be a whole number, not {value!r}")
    if kind is str and not isinstance(value, str):
        raise SheetError(f"sheet key {where} must be a string, not {value!r}")
    if kind is int and ((lo is not None and value < lo) or (hi is not None and value > hi)):
        raise SheetError(f"sheet key {where} = {value} is outside {lo}..{hi}")


# ---- the pool commands every system shares ----


def _amount(line: ast.CommandLine, index: int, default: int | None, what: str) -> int:
    if len(line.args) <= index:
        if default is None:
            raise UsageError(f"{line.word} needs {what}")
        return default
    arg = line.args[index]
    value = arg.as_int() if isinstance(arg, ast.ExprArg) else None
    if value is None or value < 0:
        raise UsageError(f"{line.word}: {what} must be a whole number ≥ 0, not '{arg}'")
    return value


def _pool_arg(ctx: Context, line: ast.CommandLine) -> Pool:
    if not line.args or not isinstance(line.args[0], ast.Word):
        raise UsageError(f"{line.word} needs a pool name: {line.word} POOL [N]")
    return ctx.system.pool(line.args[0].text, ctx.active)


def pool_summary(ctx: Context, changes: list[Change], what: str) -> Resolution:
    return ctx.resolution("pool", what, changes=tuple(changes))


def _move(ctx: Context, pool: Pool, delta: int, reason: str, refuse_short: bool) -> Resolution:
    ch = ctx.active
    now = ctx.system.pool_value(ch, pool)
    top = ctx.system.pool_max(ch, pool)
    after = now + delta
    if after < 0 and refuse_short:
        raise RuleError(f"{ch.name} has {now} {pool.title}; cannot spend {-delta}")
    after = max(0, after)
    if top is not None:
        after = min(after, top)
    changes = [Change(ch.name, pool.name, now, after, reason)] if after != now else []
    note: tuple[str, ...] = ()
    if after == now:
        note = (f"{ch.name} · {pool.title} stays {now}" + (f" (max {top})" if top is not None
                                                            and now == top else ""),)
    res = pool_summary(ctx, changes, f"{ctx.input.strip()} → {pool.title} {after}")
    return _with_notes(res, note)


def _with_notes(res: Resolution, notes: tuple[str, ...]) -> Resolution:
    from dataclasses import replace

    return replace(res, notes=res.notes + notes) if notes else res


def pool_spend(ctx: Context, line: ast.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    return _move(ctx, pool, -_amount(line, 1, 1, "an amount"), "spend", refuse_short=True)


def pool_gain(ctx: Context, line: ast.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    return _move(ctx, pool, _amount(line, 1, 1, "an amount"), "gain", refuse_short=False)


def pool_set(ctx: Context, line: ast.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    value = _amount(line, 1, None, "a value")
    ch = ctx.active
    top = ctx.system.pool_max(ch, pool)
    if top is not None and value > top:
        raise UsageError(f"{pool.title} goes from 0 to {top}; cannot set it to {value}")
    now = ctx.system.pool_value(ch, pool)
    return _move(ctx, pool, value - now, "set", refuse_short=False)


def pool_hurt(ctx: Context, line: ast.CommandLine) -> Resolution:
    pool = ctx.system.pool(ctx.system.health, ctx.active)
    return _move(ctx, pool, -_amount(line, 0, None, "an amount"), "hurt", refuse_short=False)


def pool_heal(ctx: Context, line: ast.CommandLine) -> Resolution:
    pool = ctx.system.pool(ctx.system.health, ctx.active)
    return _move(ctx, pool, _amount(line, 0, None, "an amount"), "heal", refuse_short=False)


def pool_rest(ctx: Context, line: ast.CommandLine) -> Resolution:
    changes = ctx.system.rest_changes(ctx.active)
    summary = f"{ctx.active.name} rests" + ("" if changes else ": nothing to restore")
    return ctx.resolution("rest", summary, changes=tuple(changes))
