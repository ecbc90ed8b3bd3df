"""The prompt, fitted to the pane: system and character shortened to stay under a third of it."""

from __future__ import annotations

from cli.repl.view import TableView

SHORT_SYSTEM = 3
"""Letters a system keeps when the prompt is short of room (`vag`, `tie`, `cha`)."""
ELLIPSIS = "…"
END = "> "


def prompt_text(view: TableView, width: int) -> str:
    """`view.prompt` when it fits under a third of `width`; else `vag·mira> `, `cha·ser a…> `."""
    from cli.base.safe import shown  # a name is data text: its controls made visible
    from cli.base.wrapping import width_of  # columns: a CJK name takes two a letter

    room = max((width - 1) // 3, 6)  # strictly under a third of the width
    if width_of(shown(view.prompt)) <= room:
        return shown(view.prompt)
    system = view.system.id[:SHORT_SYSTEM]
    if view.character is None:
        return system + END
    name = view.character.name.lower()
    short = f"{system}·{shown(name)}{END}"
    if width_of(short) <= room:
        return short
    left = room - width_of(f"{system}·{END}")  # shortened() shows the name itself
    if left >= 2:
        return f"{system}·{shortened(name, left)}{END}"
    return f"{shortened(name, max(room - len(END), 2))}{END}"


def shortened(name: str, room: int) -> str:
    """A name as shown (its controls made visible, never cut inside one) in at most `room`
    columns, cut with `…` (no space before it); a trailing number stays, so that combatants
    alike stay apart (`gob…1`, `gob…2`: not `goblin…` for all)."""
    from cli.base.safe import shown
    from cli.base.wrapping import shown_cut, width_of

    whole = shown(name)
    if width_of(whole) <= room:
        return whole
    head, _, number = name.rpartition(" ")
    keep = room - len(number) - 1  # columns for the head, before its `…`
    if not (head and number.isdecimal() and keep >= 1):
        return _shortened(shown_cut(name, room))
    kept, used = "", 0
    for c in head:
        unit = shown(c)
        w = width_of(unit)
        if used + w > keep:
            break
        kept, used = kept + unit, used + w
    return kept.rstrip() + ELLIPSIS + number


def _shortened(cut_name: str) -> str:
    """A name cut with `…`, no space left before the `…`."""
    return cut_name[:-1].rstrip() + ELLIPSIS if cut_name.endswith(ELLIPSIS) else cut_name
