"""Where each key of a TOML text is written: the line an error about it names."""

from __future__ import annotations

import re

_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"\s*([A-Za-z0-9_\-\"'. ]+?)\s*=")


def key_lines(text: str) -> dict[str, int]:
    """Each dotted key (`commands.move.bands`) and table header to its 1-based line; an array
    of tables' entries as `commands.move.effects.0`, `…1` in order."""
    lines: dict[str, int] = {}
    counts: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header is not None and not line.lstrip().startswith("#"):
            path = _dotted(header.group(2))
            if header.group(1) == "[[":
                index = counts.get(path, 0)
                counts[path] = index + 1
                lines.setdefault(path, number)
                path = f"{path}.{index}"
            table = path
            lines.setdefault(path, number)
            continue
        key = _KEY.match(line)
        if key is not None and not line.lstrip().startswith("#"):
            full = f"{table}.{_dotted(key.group(1))}" if table else _dotted(key.group(1))
            lines.setdefault(full, number)
    return lines


def _dotted(key: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in key.split("."))


def line_of(lines: dict[str, int], path: str) -> int | None:
    """The line of the key, else of the nearest table or key that holds it."""
    parts = path.split(".")
    while parts:
        found = lines.get(".".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None
