"""The bottom toolbar: the acting character's pools and maxima, flags and named risk dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from cli.repl.view import TableView
from rules.errors import RollError
from rules.systems.pool_order import plain, pools_in_order, sheet_only
from rules.systems.protocol import System
from rules.systems.sheet_terms import Pool, sheet_pool, shown_pool

if TYPE_CHECKING:
    from rules.campaign import Character

MAX_ROWS = 2
ABBREVIATIONS = {
    "Vitality": "Vit", "Stamina": "Stam", "Wound slots": "Wounds", "Destiny": "Dest",
    "Healing Supply": "Supply", "Breather taken": "Breather",
    "Free advantage spent": "Free adv spent", "Incapacitated": "Incap",
}
"""The shorter titles a narrow toolbar uses (docs/screens.md): whole words, or the short form
a player says at the table; a title not listed is never shortened (no `Vigo`, `Woun`)."""


class Item(NamedTuple):
    """One toolbar item, the shorter form it takes when room runs out, and whether it is an
    idle tally (`Earned 0`: a count with no maximum, still at 0) that gives way first."""

    text: str
    short: str = ""
    idle: bool = False

    def shown(self, short: bool) -> str:
        return self.short if short and self.short else self.text


def abbreviated(title: str) -> str:
    """A title as a narrow toolbar shows it (ABBREVIATIONS), else whole."""
    return ABBREVIATIONS.get(title, title)


def items(view: TableView, physical: bool = False) -> list[Item]:
    """The toolbar's items in reading order: the acting character's pools first."""
    out: list[Item] = []
    ch = view.character
    if ch is None:
        out.append(_nobody(view))
    else:
        out.extend(_pool_items(view.system, ch))
    out.extend(_others(view, physical))
    return out


def _nobody(view: TableView) -> Item:
    """The first item where nobody acts."""
    own = view.own[:1]  # a player's own character, where they play on a server
    return Item(f"{view.system.id} · nobody acts (as {own[0] if own else 'NAME'})")


def _others(view: TableView, physical: bool) -> list[Item]:
    """The items after the pools: risk dice, flags, the party's risk, physical dice, a problem."""
    out: list[Item] = []
    ch = view.character
    if ch is not None:
        out.extend(Item(word) for word in view.system.glance_words(ch))
        out.extend(Item(f"{name} {die}") for name, die in ch.risk.items())
        if ch.flags:  # in the game's words: a fight's marker is never shown as its id
            from cli.render.change_words import flag_title

            out.extend(Item(flag_title(flag), abbreviated(flag_title(flag)))
                       for flag in sorted(ch.flags))
    party = view.party.get("risk", {})
    if isinstance(party, dict):
        out.extend(Item(f"party {name} {die}") for name, die in party.items())
    if physical:
        out.append(Item("physical dice"))
    if view.problem:
        out.append(Item(f"! {view.problem}"))
    return out


def _pool_item(system: System, ch: Character, pool: Pool) -> Item | None:
    """One pool's item: `Luck 3/5`, `Wounds 1/3` (a counter of harm: taken of slots), or
    `Earned 0` (idle) where it has no maximum; None for a pool the character does not have
    (no value: a foe's Luck), which the pane does not show (SPEC §9)."""
    top = _safely(system.pool_max, ch, pool)
    now = _safely(system.pool_value, ch, pool)
    if now is None:
        return None
    title, value = shown_pool(pool, now, top)
    return Item(f"{title} {value}", f"{abbreviated(title)} {value}",
                idle=top is None and value == "0")


def _pool_items(system: System, ch: Character) -> list[Item]:
    """The items of the character's pools, in order, those it has."""
    return [item for pool in system.all_pools(ch)
            if (item := _pool_item(system, ch, pool)) is not None]


def _pool_tally(system: System, ch: Character) -> tuple[int, int]:
    """How many pools the character's item list has, and how many of them are idle, the
    sheet's own pools of a plain game counted from the sheet (docs/architecture.md): one
    with an int `[max]` has a maximum, one with a stored number other than 0 shows that
    number, so neither is idle; only the rest are worked out whole."""
    if not plain(system):
        found = _pool_items(system, ch)
        return len(found), sum(item.idle for item in found)
    extra = sheet_only(system, ch)
    own = [_pool_item(system, ch, pool) for pool in system.pools]
    # a pool the character does not have is not shown: counted as one that gives way
    idle = sum(item is None or item.idle for item in own)
    maxima = ch.maxima
    unsure = [name for name, value in ch.pools.items()
              if (type(value) is not int or value == 0) and not isinstance(maxima.get(name), int)]
    unsure += [name for name in maxima.keys() - ch.pools.keys()
               if not isinstance(maxima[name], int)]
    idle += sum(item.idle for name in unsure if name in extra
                if (item := _pool_item(system, ch, sheet_pool(name))) is not None)
    return len(system.pools) + len(extra), idle


def _busy_items(view: TableView, physical: bool, wanted: int, tally: tuple[int, int]
                ) -> tuple[list[Item], int]:
    """The first `wanted` items that are not idle, laid out (the problem, if any, last), and
    how many there are in all: a sheet of 1,000 pools lays out only what two rows can show
    and counts the rest."""
    ch, system = view.character, view.system
    first: list[Item] = [] if ch is not None else [_nobody(view)]
    count = len(first)
    if ch is not None:
        count = tally[0] - tally[1]
        for pool in pools_in_order(system, ch):
            if len(first) >= wanted:
                break
            item = _pool_item(system, ch, pool)
            if item is not None and not item.idle:
                first.append(item)
    others = _others(view, physical)
    alarm = others[-1:] if view.problem else []  # the problem stays last: it never gives way
    for item in others[:len(others) - len(alarm)]:
        if not item.idle:
            count += 1
            if len(first) < wanted:
                first.append(item)
    return [*first, *alarm], count + len(alarm)


def pieces(view: TableView, physical: bool = False) -> list[str]:
    """The toolbar's items as they read with room to spare."""
    return [item.text for item in items(view, physical)]


def _safely(
    read: Callable[[Character, Pool], int | None], character: Character, pool: Pool
) -> int | None:
    """A pool's number, or None where the sheet leaves it OPEN."""
    try:
        return read(character, pool)
    except RollError:
        return None


def wrap(items: list[str], width: int) -> list[str]:
    """Items joined with two spaces, wrapped into lines of at most `width` columns (never
    mid-item: cli/base/wrapping.py's `wrap_whole`)."""
    from cli.base.wrapping import wrap_whole

    return wrap_whole(items, width, "  ")


def toolbar_text(view: TableView, width: int, physical: bool = False) -> str:
    """The toolbar for a pane `width` columns wide, in at most `MAX_ROWS` rows, the acting
    character's name always first. Room running out: idle tallies (`Earned 0`) give way,
    then titles take their short forms (ABBREVIATIONS), then the last row ends with how many
    items did not fit (`+2`); a word is never cut (docs/screens.md)."""
    width = max(width, 10)
    head = [] if view.character is None else [_head(view, width)]
    most = MAX_ROWS * (width + 2) // 3  # items of a column and a separator each: no more fit
    ch = view.character
    tally = _pool_tally(view.system, ch) if ch is not None else (0, 0)
    if tally[0] + len(_others(view, physical)) + 1 > most:  # 1,000 pools: lay out what may show
        first, busy_count = _busy_items(view, physical, most + 1, tally)
        if busy_count + len(head) > most:
            return _overflowing(view, width, [*head, *first], len(head) + busy_count, most)
    found = items(view, physical)
    busy = [item for item in found if not item.idle]
    for choice, short in (([*head, *found], False), ([*head, *busy], False),
                          ([*head, *busy], True)):
        if len(choice) > most:  # not worth laying out to learn they overflow
            continue
        rows = wrap([_fit(item.shown(short), width) for item in choice], width)
        if len(rows) <= MAX_ROWS:
            return "\n".join(rows)
    return _overflowing(view, width, [*head, *busy], len(head) + len(busy), most)


def _overflowing(view: TableView, width: int, kept: list[Item], total: int, most: int) -> str:
    """Two rows of the first of `total` kept items (`kept`: at least its first `most + 1`,
    and its last, where there is a problem), the last row ending with `+N`."""
    # the problem (an outage) is items()' last, and the first kept: it never gives way
    alarm = kept[-1:] if view.problem else []
    rest = kept[:len(kept) - len(alarm)]
    last = [_fit(item.shown(True), width) for item in alarm]
    texts = [_fit(item.shown(True), width) for item in rest[:most + 1]]
    return "\n".join(_cut(texts, width, total - len(alarm), last))


def _head(view: TableView, width: int) -> Item:
    """Whose pools these are: `Mira:`; in a fight with nobody chosen, `Goblin 2's turn:` (a
    LINE acts as it); shortened keeping a trailing number (`Goblin Warri…2:`), to the row's
    width too, so that its made-visible characters are never cut (shortened() shows them)."""
    from cli.repl.prompt import shortened

    name = view.character.name if view.character is not None else ""
    mark = "'s turn:" if view.turn else ":"
    return Item(f"{name}{mark}", f"{shortened(name, max(min(12, width - len(mark)), 2))}{mark}")


def _fit(text: str, width: int) -> str:
    """An item as shown (its controls made visible), cut with `…` when wider than a row (the
    terminal would break it mid-item), never inside a made-visible character."""
    from cli.base.wrapping import shown_cut

    return shown_cut(text, width)


def _cut(texts: list[str], width: int, total: int, kept_last: list[str] | None = None
         ) -> list[str]:
    """The first of `total` items (`texts`: as many as may fit) that fit in `MAX_ROWS` rows,
    the last ending with `+N` for the rest, then `kept_last` (never left out)."""
    last = kept_last or []

    def fitting(kept: int) -> list[str] | None:
        rows = wrap([*texts[:kept], f"+{total - kept}", *last], width)
        return rows if len(rows) <= MAX_ROWS else None

    low, high = 0, min(len(texts), total - 1)  # fitting(low) holds, or low is 0
    while low < high:  # fewer items fit where more do (an item takes more than a digit of +N)
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fitting(middle) is not None else (low, middle - 1)
    found = fitting(low) if low else None
    if found is not None:
        return found
    return wrap([*texts[:1], *last], width)[-MAX_ROWS:] if last else wrap(texts, width)[:MAX_ROWS]


class Toolbar:
    """The `bottom_toolbar` callable: the latest view, re-read when older than `max_age` s."""

    def __init__(
        self,
        view: Callable[[float], TableView],
        width: Callable[[], int],
        physical: Callable[[], bool],
        max_age: float = 2.0,
    ) -> None:
        self.view = view
        self.width = width
        self.physical = physical
        self.max_age = max_age
        self._last: tuple[TableView, int, bool, str] | None = None

    def __call__(self) -> str:
        from cli.repl.encounter_line import encounter_line

        view, width, physical = self.view(self.max_age), self.width(), self.physical()
        last = self._last
        if last is not None and last[0] is view and last[1:3] == (width, physical):
            return last[3]  # the same snapshot at the same width: each keystroke redraws it
        text = toolbar_text(view, width, physical)
        fight = encounter_line(view.party, width, view.fallen)
        shown = text if fight is None else f"{fight}\n{text}"
        self._last = (view, width, physical, shown)
        return shown
