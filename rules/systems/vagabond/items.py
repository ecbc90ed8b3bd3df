"""Vagabond Item Slots (seed 000, 07: "you can't carry more than 8 + Might Item Slots").

What each item takes is not in the excerpt: the sheet's `[items]` table says it (`rope = 1`,
`"chain armor" = 3`), and `item add NAME N` says it for a new one. Each Fatigue fills an Item Slot
too (public rules, as the Fatigued Status says). A sheet whose items alone take more than the cap
is refused at import; `item add` past the cap is refused with nothing changed. Fatigue is never
refused: a Hero it takes past the cap is shown over it, until an item is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import RuleError, SheetError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context

ITEMS = "items"
"""The sheet's table of items, each with the Item Slots it takes."""
BASE_SLOTS = 8
"""000, 07: "8 + Might Item Slots"."""
ITEM_USAGE = "item [list] | item add NAME N (N Item Slots) | item drop NAME"
register_usage("vagabond", ITEM_USAGE)


def slot_cap(who: Character) -> int | None:
    """8 + Might (None without Might on the sheet)."""
    might = who.stats.get("might")
    return BASE_SLOTS + might if isinstance(might, int) and not isinstance(might, bool) else None


def items_of(sheet: Mapping[str, Any]) -> dict[str, int]:
    table = sheet.get(ITEMS, {})
    return {str(k): int(v) for k, v in table.items()} if isinstance(table, Mapping) else {}


def fatigue_of(who: Character) -> int:
    value = who.pools.get("fatigue", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def slots_text(who: Character, after: str = ": ") -> str:
    """`Item Slots: 7/12 (items 5, Fatigue 2)`, and what is wrong when it is more than the cap."""
    items, fatigue, cap = sum(items_of(who.sheet).values()), fatigue_of(who), slot_cap(who)
    used = items + fatigue
    text = f"Item Slots{after}{used}/{cap if cap is not None else '—'}"
    if fatigue:
        text += f" (items {items}, Fatigue {fatigue})"
    if cap is None:
        text += " (the cap is 8 + Might: add [stats] might = N)"
    elif used > cap:
        text += f": {used - cap} more than 8 + Might (drop an item)"
    return text


def slot_state(who: Character) -> dict[str, Any]:
    """`sheet show --json`'s `item_slots`: used, max (None without Might), items, fatigue."""
    items, fatigue = items_of(who.sheet), fatigue_of(who)
    return {"used": sum(items.values()) + fatigue, "max": slot_cap(who), "items": items,
            "fatigue": fatigue}


def check_items(sheet: dict[str, Any]) -> None:
    """`[items]`: names with whole numbers of Item Slots ≥ 0, together within 8 + Might."""
    table = sheet.get(ITEMS)
    if table is None:
        return
    if not isinstance(table, Mapping):
        raise SheetError("sheet key 'items' must be a table: item name = Item Slots it takes")
    for name, slots in table.items():
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 0:
            raise SheetError(f"sheet key 'items.{name}' must be the Item Slots it takes, a whole"
                             " number ≥ 0")
    who = Character(str(sheet.get("name", "")), "vagabond", sheet)
    cap, used = slot_cap(who), sum(items_of(sheet).values())
    if cap is not None and used > cap:  # 000, 07: "you can't carry more than 8 + Might"
        raise SheetError(f"sheet key 'items': {used} Item Slots, and a Hero can't carry more than"
                         f" 8 + Might = {cap}")


def _name(words: list[str]) -> str:
    name = " ".join(words)
    if not name:
        raise UsageError(f"item: name the item ({ITEM_USAGE})")
    return name


def item(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`item add NAME N`, `item drop NAME`, `item [list]`: what the Hero carries, in Item Slots."""
    who = ctx.active
    words = [str(a) for a in line.args]
    action = words[0].lower() if words else "list"
    carried = items_of(who.sheet)
    if action == "list" and len(words) <= 1:
        notes = tuple(f"{name}: {n} Item Slot{'s' if n != 1 else ''}"
                      for name, n in carried.items())
        state = slot_state(who)
        return ctx.resolution("item", f"{ctx.input.strip()} → {slots_text(who, ' ')}",
                              total=state["used"], notes=notes)
    if action == "add":
        last = line.args[-1] if len(line.args) > 1 else None
        slots = last.as_int() if isinstance(last, syntax.ExprArg) else None
        name = _name(words[1:-1] if slots is not None else words[1:])
        if slots is not None and slots < 0:
            raise UsageError(f"item add {name}: the Item Slots it takes are a whole number ≥ 0")
        if slots is None:
            raise UsageError(f"item add {name}: how many Item Slots it takes is not in the"
                             f" excerpt: say it (item add {name} 1)")
        key = next((k for k in carried if k.lower() == name.lower()), name)
        cap, used = slot_cap(who), sum(carried.values()) + fatigue_of(who)
        if cap is None:
            raise UsageError(f"{who.name} has no Might on the sheet: the Item Slots are 8 + Might"
                             " (add [stats] might = N)")
        if used + slots > cap:  # 000, 07: "you can't carry more than 8 + Might Item Slots"
            raise RuleError(f"{who.name} uses {used} of {cap} Item Slots (8 + Might); {name}"
                            f" takes {slots}: can't carry more than {cap}; nothing changed")
        before = carried.get(key)
        after = (before or 0) + slots
        change = Change(who.name, key, before, after, "item add", "item")
        return ctx.resolution("item", f"{ctx.input.strip()} → Item Slots {used + slots}/{cap}",
                              total=used + slots, changes=(change,))
    if action in ("drop", "rm", "remove"):
        name = _name(words[1:])
        found = next((k for k in carried if k.lower() == name.lower()), None)
        if found is None:
            shown = ", ".join(carried) or "nothing"
            raise RuleError(f"{who.name} carries no {name} (carried: {shown})")
        change = Change(who.name, found, carried[found], None, "item drop", "item")
        cap = slot_cap(who)
        used = sum(carried.values()) + fatigue_of(who) - carried[found]
        return ctx.resolution("item", f"{ctx.input.strip()} → Item Slots {used}/"
                              f"{cap if cap is not None else '—'}", total=used,
                              changes=(change,))
    raise UsageError(f"item: {ITEM_USAGE}")
