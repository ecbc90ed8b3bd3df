"""Text from data (a name, a LINE, a comment, a label, a table row, a flag, a pool, an echoed
input) as a terminal shows it: control characters made visible, as the REPL's toolbar and
prompt show them (prompt_toolkit's own mapping: `^[` for ESC, `^G` for BEL, `^@` for NUL,
`^?` for DEL, `<9b>` for a C1 control), so one player's text never clears the GM's screen,
writes the clipboard (OSC 52) or forges a line of its own.

JSON keeps the text: `json.dumps` escapes the controls below U+0020 (`\\u001b`), and
`json_safe` the rest of them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_INVISIBLE = frozenset("\u2028\u2029\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                       "\u2066\u2067\u2068\u2069\ufeff")
"""Characters that are not controls yet move or hide text: line and paragraph separators, the
bidirectional marks, embeddings, overrides and isolates (text that reads backwards), the BOM."""


def _visible(c: str) -> str:
    code = ord(c)
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    if code < 0xA0:
        return f"<{code:x}>"
    if 0xD800 <= code <= 0xDFFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"<{code - 0xDC00:x}>" if code >= 0xDC80 else "\ufffd"
    return f"<U+{code:04X}>"


def _harmless(c: str) -> bool:
    code = ord(c)
    if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF:
        return False
    return c not in _INVISIBLE


def shown(text: str) -> str:
    """`text` as one line of a terminal: every control character (a newline and a tab too)
    in its visible form; the rest as it is."""
    if text.isascii() and text.isprintable():  # the common case: no table of Unicode needed
        return text
    return "".join(c if _harmless(c) else _visible(c) for c in text)


def hidden_escaped(message: str) -> str:
    """An error message with every character a terminal shows nothing for (rules/ignorable.py:
    U+034F, U+3164, a variation selector …) written as Python writes one it cannot print
    (`\\u034f`), so `found '\\u3164'` and `no character named 'Mi\\u034fra'` say what the
    player typed; Python's repr already writes U+200B and the other format characters so.
    Only quoted input can hold one: the messages' own words never do."""
    if message.isascii():
        return message
    from rules.ignorable import default_ignorable

    return "".join((f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
                   if default_ignorable(c) else c for c in message)


def shown_lines(text: str) -> str:
    """`text` as lines of a terminal: its newlines kept, every other control made visible."""
    return "\n".join(shown(line) for line in text.split("\n"))


def shown_all(texts: Iterable[str]) -> list[str]:
    """Each of `texts` as one line (a list of rows, of names)."""
    return [shown(text) for text in texts]


def undecodable(text: str) -> int | None:
    """The column (from 1) of the first byte in `text` that was not UTF-8 (Python keeps one as
    a lone surrogate: argv, and stdin read with `surrogateescape`), else None."""
    if text.isascii():
        return None
    for column, c in enumerate(text, start=1):
        if "\udc80" <= c <= "\udcff" or "\ud800" <= c <= "\udfff":
            return column
    return None


def as_text(text: str) -> str:
    """`text` with each byte that was not UTF-8 as U+FFFD: safe to write and to put in JSON."""
    if undecodable(text) is None:
        return text
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


def not_utf8(text: str, what: str) -> str | None:
    """The error for a `what` (an argument, a line) holding bytes that are not UTF-8, or None."""
    column = undecodable(text)
    if column is None:
        return None
    byte = ord(text[column - 1]) - 0xDC00
    shown_byte = f"byte 0x{byte:02x}" if 0x80 <= byte <= 0xFF else "a character"
    return f"{what} is not UTF-8 text ({shown_byte} at column {column})"


def dumps(obj: dict[str, Any]) -> str:
    """One JSON line as `roll` prints it: the object as written (ensure_ascii off), made
    `json_safe` for a terminal."""
    import json  # loaded by the first JSON line, not by every start

    return json_safe(json.dumps(obj, ensure_ascii=False))


def json_safe(text: str) -> str:
    """A `json.dumps(…, ensure_ascii=False)` line with DEL, the C1 controls, the line and
    paragraph separators and the bidi controls escaped as well (`\\u009b`, `\\u202e`), as
    JSON allows: json.dumps escapes only the characters below U+0020, and an 8-bit CSI or a
    right-to-left override reaches a terminal that reads `--json`."""
    if text.isascii() and "\x7f" not in text:
        return text
    return "".join(c if _harmless(c) or c < "\x20" else _toml_escape(c) for c in text)


def toml_safe(document: str) -> str:
    """A TOML document (tomli_w's: every string and odd key a basic `"…"` string, which
    escapes the controls below U+0020 and DEL) with the rest of what a terminal acts on
    escaped too: C1 controls, line separators, bidi controls (`\\u009b`, `\\u202e`); TOML reads
    the escapes back to the same text."""
    if document.isascii():
        return document
    return "".join(c if c == "\n" or _harmless(c) else _toml_escape(c) for c in document)


def _toml_escape(c: str) -> str:
    code = ord(c)
    if 0xD800 <= code <= 0xDFFF:  # a byte that was not UTF-8: TOML has no escape for it
        return "\\ufffd"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
