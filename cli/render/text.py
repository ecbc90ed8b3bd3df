"""The text renderer: the summary line, one line per pool change, and notes; colour on a TTY."""

from __future__ import annotations

import re

from cli.render.marks import dropped
from rules.describe import pool_title
from rules.errors import NotationError, RollError
from rules.resolution import Change, Resolution, Value

RESET = "\x1b[0m"
STYLES = {
    "pass": "\x1b[32;1m",
    "hit": "\x1b[32;1m",
    "hold": "\x1b[32;1m",
    "fail": "\x1b[31;1m",
    "miss": "\x1b[31;1m",
    "step-down": "\x1b[33;1m",
    "fizzle": "\x1b[31;1m",
    "crit": "\x1b[33;1m",
    "fumble": "\x1b[35;1m",
}
CHANGE = "\x1b[36m"
_STRUCK = re.compile(r"~~(.+?)~~")
_WORDS = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in STYLES) + r")(?![\w-])")


def value_text(value: Value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def pool_label(system_id: str | None, pool: str) -> str:
    """A pool as its system titles it (Tiers' `wounds` are Wound slots left, Champions' are
    wounds taken: issue 14), else the shared title."""
    from rules.systems import SYSTEMS

    if system_id is not None and system_id in SYSTEMS:
        for known in SYSTEMS[system_id].pools:
            if known.name == pool:
                return known.title
    return pool_title(pool)


def change_line(change: Change, system_id: str | None = None) -> str:
    """`Mira · Luck 2 → 3 (crit)`; a flag reads `Mira · Vulnerable on (…)`."""
    if change.kind == "field" and change.character is None and change.pool == "encounter":
        from rules.encounter.describe import change_text

        return change_text(change)
    if change.kind == "character":
        made = change.before is None
        return f"{change.character} · {'joins the campaign' if made else 'leaves the campaign'}" \
            f" ({change.reason})"
    who = change.character or "Party"
    title = pool_label(system_id, change.pool) if change.kind == "pool" else pool_title(
        change.pool)
    if change.kind == "max":
        title = f"Max {title}"
    if change.kind == "flag":
        return f"{who} · {title} {value_text(change.after)} ({change.reason})"
    return (
        f"{who} · {title} {value_text(change.before)} → {value_text(change.after)}"
        f" ({change.reason})"
    )


def plain_text(res: Resolution) -> str:
    """Everything a person reads for this LINE, without colour; a `# comment` names it."""
    comment = res.comment
    lines = [f"{comment}: {res.summary}" if comment else res.summary]
    lines.extend(change_line(c, res.system) for c in res.changes)
    lines.extend(res.notes)
    return "\n".join(lines)


def colorize(text: str) -> str:
    text = _STRUCK.sub(lambda m: dropped(m.group(1)), text)
    return _WORDS.sub(lambda m: f"{STYLES[m.group(1)]}{m.group(1)}{RESET}", text)


def render(res: Resolution, color: bool) -> str:
    text = plain_text(res)
    if not color:
        return text
    lines = text.split("\n")
    head = colorize(lines[0])
    rest = [f"{CHANGE}{line}{RESET}" if i < len(res.changes) else colorize(line)
            for i, line in enumerate(lines[1:])]
    return "\n".join([head, *rest])


def quiet(res: Resolution) -> str:
    """`-q`: the outcome word of any LINE that has one (`d20 vs 10` too), else the total,
    else the summary."""
    if res.outcome is not None:
        return res.outcome
    if res.total is not None:
        return str(res.total)
    return res.summary


def error_text(line: str | None, error: RollError) -> str:
    """`roll: error: MESSAGE`, with the LINE and a caret under the bad character; in a batch,
    `roll: error: line 3: MESSAGE`."""
    from cli.render.position import batch_line

    number = batch_line()
    where = f"line {number}: " if number is not None else ""
    out = f"roll: error: {where}{error.message}"
    if isinstance(error, NotationError) and line is not None and error.column:
        shown = [_shown_char(c) for c in line.rstrip("\n")]
        indent = sum(_columns(c) for c in shown[: error.column - 1])
        out += f"\n  {''.join(shown)}\n  {' ' * indent}^"
    return out


def _shown_char(c: str) -> str:
    """A character as the caret line shows it: a tab as a space, control characters as �."""
    if " " <= c <= "~":  # printable ASCII: the Unicode tables (and their memory) are not needed
        return c
    if c == "\t":
        return " "
    import unicodedata

    if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
        return "\ufffd"
    return c


def columns(text: str) -> int:
    """How many terminal columns `text` takes."""
    return sum(_columns(c) for c in text)


def _columns(c: str) -> int:
    """How many terminal columns a shown character takes (CJK and emoji take two)."""
    if c < "\u0300":  # before the combining marks: no wide or combining character
        return 1
    import unicodedata

    if unicodedata.combining(c):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
