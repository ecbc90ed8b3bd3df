"""The prompt, fitted to the pane: system and character shortened to stay under a third of it."""

from __future__ import annotations

from cli.repl.state import TableView

SHORT_SYSTEM = 3
"""Letters a system keeps when the prompt is short of room (`vag`, `tie`, `cha`)."""
ELLIPSIS = "…"
END = "> "


def prompt_text(view: TableView, width: int) -> str:
    """`view.prompt` when it fits under a third of `width`; else `vag·mira> `, `cha·ser a…> `."""
    room = max((width - 1) // 3, 6)  # strictly under a third of the width
    if len(view.prompt) <= room:
        return view.prompt
    system = view.system.id[:SHORT_SYSTEM]
    if view.character is None:
        return system + END
    name = view.character.name.lower()
    short = f"{system}·{name}{END}"
    if len(short) <= room:
        return short
    left = room - len(f"{system}·{ELLIPSIS}{END}")
    if left >= 1:
        return f"{system}·{name[:left].rstrip()}{ELLIPSIS}{END}"
    return f"{name[: max(room - len(END) - 1, 1)]}{ELLIPSIS}{END}"
