"""The prompt, fitted to the pane: system and character shortened to stay under a third of it."""

from __future__ import annotations

from cli.repl.state import TableView

SHORT_SYSTEM = 3
"""Letters a system keeps when the prompt is short of room (`vag`, `tie`, `cha`)."""
ELLIPSIS = "…"
END = "> "


def prompt_text(view: TableView, width: int) -> str:
    """`vagabond·mira> ` when it fits under a third of `width`; else `vag·mira> `, `cha·ser a…> `."""
    room = max((width - 1) // 3, 6)  # strictly under a third of the width
    system = view.system.id
    if view.character is None:
        system = "roll" if system == "generic" else system
        full = system + END
        return full if len(full) <= room else system[:SHORT_SYSTEM] + END
    name = view.character.name.lower()
    for shown in (system, system[:SHORT_SYSTEM]):
        full = f"{shown}·{name}{END}"
        if len(full) <= room:
            return full
    left = room - len(f"{system[:SHORT_SYSTEM]}·{END}") - len(ELLIPSIS)
    if left >= 1:
        return f"{system[:SHORT_SYSTEM]}·{name[:left].rstrip()}{ELLIPSIS}{END}"
    return f"{name[: max(room - len(END) - 1, 1)]}{ELLIPSIS}{END}"
