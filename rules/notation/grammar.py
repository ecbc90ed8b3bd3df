"""The pyparsing grammar of a LINE: dice notation, system command words, `Nx`, `vs`, comments."""

from __future__ import annotations

import re
from dataclasses import replace

import pyparsing as pp

from rules.did_you_mean import habit_hint
from rules.errors import LimitError, NotationError
from rules.limits import MAX_DEPTH, MAX_LINE, MAX_REPEAT
from rules.notation import syntax
from rules.notation.elements import Marker, build
from rules.notation.normal import normalise
from rules.notation.terms import (
    Refusal,
    hint_for,
)

_LINE: pp.ParserElement | None = None


def load() -> None:
    """Build the grammar (the first parse would)."""
    _grammar()


def _grammar() -> pp.ParserElement:
    global _LINE
    if _LINE is None:
        # tabs stay tabs, so an error's column is the column of the text that was given
        _LINE = build().parse_with_tabs()
    return _LINE


def _check_shape(text: str) -> None:
    if len(text) > MAX_LINE:
        raise LimitError(f"a LINE has at most {MAX_LINE:,} characters (this one has {len(text):,})")
    depth = 0
    for ch in text:
        if ch in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitError(f"a LINE nests at most {MAX_DEPTH} levels deep")
        elif ch in ")]}":
            depth = max(0, depth - 1)


def _found(text: str, loc: int) -> str:
    if loc >= len(text):
        return "the end of the line"
    match = re.match(r"[A-Za-z0-9_]+|\S", text[loc:])
    return repr(match.group(0) if match else text[loc])


def parse(text: str) -> syntax.Line:
    """Parse one LINE into its syntax tree; raises NotationError with a 1-based column (of the
    text as typed: the LINE is normalised first, rules/notation/normal.py)."""
    _check_shape(text)
    norm = normalise(text)
    if not norm.origin:
        return _parse(text)
    _check_shape(norm.text)  # NFKC may lengthen a LINE (`﷽` is 18 letters)
    try:
        line = _parse(norm.text)
    except NotationError as exc:
        column = norm.column(exc.column) if exc.column else exc.column
        raise NotationError(exc.message, text, column, exc.expected) from None
    if isinstance(line, syntax.CommandLine):
        line = replace(line, column=norm.column(line.column))
    return line


def _parse(text: str) -> syntax.Line:
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        raise NotationError("empty LINE: give dice (2d6+1) or a command", text, 1, "a LINE")
    offset = len(text) - len(text.lstrip())
    try:
        result = _read(stripped)
    except Refusal as exc:
        raise NotationError(exc.message, text, offset + exc.loc + 1, "") from None
    except pp.ParseBaseException as exc:
        loc = offset + exc.loc
        expected = _expected_from(exc)  # type: ignore[arg-type]
        end = len(text.rstrip())
        if loc >= end:
            if expected.endswith(" or the end of the line"):
                expected = "a term"  # the line ended: what it still needs is a term
            # the line ended (trailing spaces or not): the caret goes just past its last word
            message = f"expected {expected}, found the end of the line"
            raise NotationError(message, text, end + 1, expected) from None
        taught = habit_hint(text, loc)
        message = (hint_for(text, loc) or (taught[0] if taught else None)
                   or f"expected {expected}, found {_found(text, loc)}")
        raise NotationError(message, text, loc + 1, expected,
                            hint=taught[1] or None if taught else None) from None
    except RecursionError:
        raise LimitError(f"a LINE nests at most {MAX_DEPTH} levels deep") from None
    body: syntax.Line = next(t for t in result if not isinstance(t, Marker))
    marks = {t.kind: t.value for t in result if isinstance(t, Marker)}
    start, end = 0, len(stripped)  # the LINE as its results show it: no `Nx`, no comment
    if "repeat" in marks:
        n, start = marks["repeat"]
        if not 1 <= n <= MAX_REPEAT:
            raise LimitError(f"Nx repeats from 1 to {MAX_REPEAT:,} times")
        body = replace(body, repeat=n)
    if "comment" in marks:
        comment, end = marks["comment"]
        body = replace(body, comment=comment)
    body = replace(body, shown=stripped[start:end].strip())
    if isinstance(body, syntax.CommandLine):
        body = replace(body, column=body.column + offset)
    return body


def _read(text: str) -> pp.ParseResults:
    """The grammar's reading of `text` (50 levels need more frames than Python's 1,000: the
    caller sets the limit, rules/limits.py RECURSION)."""
    return _grammar().parse_string(text, parse_all=True)


def parse_expression(text: str) -> syntax.Expr:
    """Parse a bare dice expression (no command words); used for sheet values and tests."""
    line = parse(text)
    if not isinstance(line, syntax.RollLine) or line.advantage or line.target is not None:
        raise NotationError("expected a dice expression", text, 1, "a dice expression")
    return line.expr


def _expected_from(exc: pp.ParseException) -> str:
    msg = exc.msg or ""
    if msg.startswith("Expected ") or msg.startswith("expected "):
        what = msg[len("Expected ") :]
        what = what.split(", found")[0]
        what = what.strip()
        if what.startswith("{") or "|" in what or what.startswith("["):
            return "a term, an operator or the end of the line"
        return what if what not in ("end of text",) else "the end of the line"
    return "a valid LINE"
