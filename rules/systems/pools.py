"""The pool commands every system shares: spend, gain, set, hurt, heal, rest."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from rules.errors import RuleError, UsageError
from rules.notation import syntax
from rules.resolution import Change, Resolution

if TYPE_CHECKING:
    from rules.systems.protocol import CommandFn, Context
    from rules.systems.sheet_terms import Pool

USAGES = {
    "spend": "spend POOL [N]",
    "gain": "gain POOL [N]",
    "set": "set POOL N",
    "hurt": "hurt N [on NAME]",
    "heal": "heal N [on NAME]",
    "rest": "rest",
}
"""The shared pool commands and the words each takes."""


def no_more_words(line: syntax.CommandLine, taken: int, usage: str | None = None) -> None:
    """A word past the `taken` ones is an error, never silently ignored (`rest banana`)."""
    if len(line.args) > taken:
        shown = usage or USAGES.get(line.word, line.word)
        extra = " ".join(str(a) for a in line.args[taken:])
        raise UsageError(f"{line.word}: unexpected '{extra}' ({shown})")


def _amount(line: syntax.CommandLine, index: int, default: int | None, what: str) -> int:
    if len(line.args) <= index:
        if default is None:
            raise UsageError(f"{line.word} needs {what}")
        return default
    arg = line.args[index]
    value = arg.as_int() if isinstance(arg, syntax.ExprArg) else None
    if value is None or value < 0:
        raise UsageError(f"{line.word}: {what} must be a whole number ≥ 0, not '{arg}'")
    return value


def refuse_reordered(line: syntax.CommandLine) -> None:
    """Refuse a pool command's words in another order than its own, said with the order that
    works: `spend 1 luck` (spend luck 1), `hurt Mira 3` and `hurt 3 to Mira` (hurt 3 on Mira),
    `heal 2 hp` (heal 2); any other LINE passes."""
    words = [str(a) for a in line.args]
    first = line.args[0] if line.args else None
    number = isinstance(first, syntax.ExprArg) and first.as_int() is not None
    spelled = None
    if line.word in ("spend", "gain") and number and len(words) == 2:
        spelled = f"{line.word} {words[1]} {words[0]}"
    elif line.word in ("hurt", "heal") and len(words) >= 2:
        last = line.args[-1]
        if not number and isinstance(last, syntax.ExprArg) and last.as_int() is not None:
            spelled = f"{line.word} {words[-1]} on {' '.join(words[:-1])}"  # hurt Raider 1 3
        elif number and words[1].lower() in ("to", "for") and len(words) > 2:
            spelled = f"{line.word} {words[0]} on {' '.join(words[2:])}"
        elif number and len(words) == 2 and words[1].lower() in ("hp", "damage", "health"):
            spelled = f"{line.word} {words[0]}"
    if spelled is not None:
        raise UsageError(f"{line.word} is written {spelled} ({USAGES[line.word]})", hint=spelled)


def _pool_arg(ctx: Context, line: syntax.CommandLine) -> Pool:
    refuse_reordered(line)
    if not line.args or not isinstance(line.args[0], syntax.Word):
        raise UsageError(f"{line.word} needs a pool name: {USAGES.get(line.word, line.word)}")
    no_more_words(line, 2)
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
    return replace(res, notes=res.notes + notes) if notes else res


def pool_spend(ctx: Context, line: syntax.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    return _move(ctx, pool, -_amount(line, 1, 1, "an amount"), "spend", refuse_short=True)


def pool_gain(ctx: Context, line: syntax.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    return _move(ctx, pool, _amount(line, 1, 1, "an amount"), "gain", refuse_short=False)


def pool_set(ctx: Context, line: syntax.CommandLine) -> Resolution:
    pool = _pool_arg(ctx, line)
    value = _amount(line, 1, None, "a value")
    ch = ctx.active
    top = ctx.system.pool_max(ch, pool)
    if top is not None and value > top:
        raise UsageError(f"{pool.title} goes from 0 to {top}; cannot set it to {value}")
    now = ctx.system.pool_value(ch, pool)
    return _move(ctx, pool, value - now, "set", refuse_short=False)


def pool_hurt(ctx: Context, line: syntax.CommandLine) -> Resolution:
    refuse_reordered(line)
    no_more_words(line, 1)
    pool = ctx.system.pool(ctx.system.health, ctx.active)
    return _move(ctx, pool, -_amount(line, 0, None, "an amount"), "hurt", refuse_short=False)


def pool_heal(ctx: Context, line: syntax.CommandLine) -> Resolution:
    refuse_reordered(line)
    no_more_words(line, 1)
    pool = ctx.system.pool(ctx.system.health, ctx.active)
    return _move(ctx, pool, _amount(line, 0, None, "an amount"), "heal", refuse_short=False)


def pool_rest(ctx: Context, line: syntax.CommandLine) -> Resolution:
    no_more_words(line, 0)
    changes = ctx.system.rest_changes(ctx.active)
    summary = f"{ctx.active.name} rests" + ("" if changes else ": nothing to restore")
    return ctx.resolution("rest", summary, changes=tuple(changes))


POOL_COMMANDS: Mapping[str, CommandFn] = MappingProxyType({
    "spend": pool_spend,
    "gain": pool_gain,
    "set": pool_set,
    "hurt": pool_hurt,
    "heal": pool_heal,
    "rest": pool_rest,
})
"""The pool commands every game has, by word (System.commands)."""
