"""Reading a file that a command imports (a table, aliases): UTF-8 text, or stdin for `-`."""

from __future__ import annotations

import sys
from pathlib import Path

from rules.errors import RollError, UsageError


def read_text(path: Path, what: str, damaged: type[RollError] = UsageError) -> str:
    """A UTF-8 file's text (`-` is stdin; an editor's BOM is dropped); a missing or unreadable
    file is a UsageError naming it as a `what` file, bytes that are not UTF-8 a `damaged`."""
    if str(path) == "-":
        from cli.render.position import batch_line

        if batch_line() is not None:
            raise UsageError(f"- reads stdin, which is this batch's own input: give a {what} FILE")
        return sys.stdin.read().lstrip("\ufeff")
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"no {what} file {path}") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a directory, not a {what} file") from None
    except OSError as exc:
        raise UsageError(f"cannot read the {what} {path}: {exc.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise damaged(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None
