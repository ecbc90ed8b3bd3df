"""Text the operating system hands roll (an argument, an environment variable) as the text a
person typed, whatever the locale: Python decodes both with the locale's encoding (ASCII under
`LC_ALL=C PYTHONUTF8=0`, Latin-1 under a Latin-1 `LANG`), keeping each byte it cannot read as a
lone surrogate, so valid UTF-8 is read again as UTF-8, and only bytes that are UTF-8 in no way
and not the locale's text either are refused, with an error that names where they came from."""

from __future__ import annotations

import os
import sys

from rules.errors import UsageError


def os_text(value: str) -> str | None:
    """`value` as text: its bytes read as UTF-8 where they are UTF-8, else as the locale read
    them (a Latin-1 `é` under a Latin-1 locale); None when they are neither (a lone byte
    0xff that the locale could not read either)."""
    if value.isascii():
        return value
    from cli.base.safe import undecodable

    lost = undecodable(value) is not None
    if not lost and sys.getfilesystemencoding().lower().replace("-", "") == "utf8":
        return value  # the common case: read as UTF-8 already
    try:
        return os.fsencode(value).decode("utf-8")
    except (UnicodeError, ValueError):
        return None if lost else value


def env_text(name: str) -> str | None:
    """The environment variable `name` as text (None when unset); a UsageError that names it
    when its value is not text (`ROLL_AS is not UTF-8 text (byte 0xff at column 3)`)."""
    value = os.environ.get(name)
    if value is None:
        return None
    text = os_text(value)
    if text is None:
        from cli.base.safe import not_utf8

        raise UsageError(not_utf8(value, name) or f"{name} is not UTF-8 text")
    return text
