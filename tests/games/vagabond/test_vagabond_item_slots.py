"""Vagabond Item Slots (000, 07: "you can't carry more than 8 + Might Item Slots"): the cap on the
sheet and in `sheet show`, the slots each item takes from the sheet, a refusal past the cap."""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.line.runner import Runner
from rules.errors import RuleError, SheetError, UsageError
from rules.notation.syntax import Die
from rules.systems.vagabond.help import HELP
from tests.support.cli import invoke, invoke_json, invoke_write
from tests.support.vagabond import SYSTEM, data, mira, run, text

ITEMS = {"rope": 1, "chain armor": 3, "rations": 2}
"""Mira has Might 4: 12 Item Slots, 6 of them filled."""

SHEET = """\
name = "Mira"
system = "vagabond"
level = 2
[stats]
might = 4
dexterity = 5
awareness = 3
reason = 5
presence = 3
luck = 3
[items]
rope = 1
"chain armor" = 3
rations = RATIONS
"""


@pytest.fixture
def campaign(tmp_path: Path, private_campaign: Path) -> Path:
    path = tmp_path / "mira.toml"
    path.write_text(SHEET.replace("RATIONS", "2"), encoding="utf-8")
    assert invoke_write("sheet", "import", str(path)) == (0, "imported Mira (vagabond)\n")
    return private_campaign


def shown() -> dict[str, Any]:
    code, out, _ = invoke("sheet", "show", "--json", "Mira")
    assert code == 0
    found: dict[str, Any] = json.loads(out)
    return found


def test_the_cap_is_eight_plus_might_and_the_items_fill_it() -> None:
    res = run("item", sheet=mira(items=ITEMS))
    assert text(res) == ("item → Item Slots 6/12\n"
                         "rope: 1 Item Slot\n"
                         "chain armor: 3 Item Slots\n"
                         "rations: 2 Item Slots")
    assert (data(res)["kind"], data(res)["total"], data(res)["changes"]) == ("item", 6, [])


def test_each_fatigue_fills_an_item_slot() -> None:
    res = run("item list", sheet=mira(items=ITEMS, pools={"fatigue": 2}))
    assert text(res).splitlines()[0] == "item list → Item Slots 8/12 (items 6, Fatigue 2)"


def test_adding_an_item_says_its_slots() -> None:
    res = run("item add chain mail hood 2", sheet=mira(items=ITEMS))
    assert text(res) == ("item add chain mail hood 2 → Item Slots 8/12\n"
                         "Mira · Chain mail hood — → 2 (item add)")
    assert data(res)["changes"] == [{"character": "Mira", "pool": "chain mail hood",
                                     "before": None, "after": 2, "reason": "item add",
                                     "kind": "item"}]
    # the same item again adds to its slots
    again = run("item add Rope 1", sheet=mira(items=ITEMS))
    assert [(c.pool, c.before, c.after) for c in again.changes] == [("rope", 1, 2)]


def test_past_the_cap_it_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        run("item add sack 5", sheet=mira(items=ITEMS, pools={"fatigue": 2}))
    assert err.value.message == ("Mira uses 8 of 12 Item Slots (8 + Might); sack takes 5: can't"
                                 " carry more than 12; nothing changed")
    assert text(run("item add sack 4", sheet=mira(items=ITEMS, pools={"fatigue": 2}))
                ).splitlines()[0] == "item add sack 4 → Item Slots 12/12"


@pytest.mark.parametrize(
    ("line", "sheet", "error", "message"),
    [
        ("item add lantern", {}, UsageError,
         "item add lantern: how many Item Slots it takes is not in the excerpt: say it"
         " (item add lantern 1)"),
        ("item add rope -1", {}, UsageError,
         "item add rope: the Item Slots it takes are a whole number ≥ 0"),
        ("item add", {}, UsageError,
         "item: name the item (item [list] | item add NAME N (N Item Slots) | … · help"
         " vagabond)"),
        ("item drop torch", {"items": ITEMS}, RuleError,
         "Mira carries no torch (carried: rope, chain armor, rations)"),
        ("item juggle", {}, UsageError,
         "item: item [list] | item add NAME N (N Item Slots) | … · help vagabond"),
    ],
)
def test_item_words_are_checked(line: str, sheet: dict[str, Any], error: type[Exception],
                                message: str) -> None:
    with pytest.raises(error) as err:
        run(line, sheet=mira(**sheet))
    assert err.value.message == message  # type: ignore[attr-defined]


def test_dropping_an_item_frees_its_slots() -> None:
    res = run("item drop chain armor", sheet=mira(items=ITEMS))
    assert text(res) == ("item drop chain armor → Item Slots 3/12\n"
                         "Mira · Chain armor 3 → — (item drop)")


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ({"rope": 1, "rations": 12}, "sheet key 'items': 13 Item Slots, and a Hero can't carry"
                                     " more than 8 + Might = 12"),
        ({"rope": -1}, "sheet key 'items.rope' must be the Item Slots it takes, a whole number ≥ 0"),
        ({"rope": "light"}, "sheet key 'items.rope' must be the Item Slots it takes, a whole"
                            " number ≥ 0"),
    ],
)
def test_a_sheet_past_the_cap_is_refused_at_import(items: dict[str, Any], message: str) -> None:
    with pytest.raises(SheetError) as err:
        SYSTEM.validate_sheet(mira(items=items))
    assert err.value.message == message


def test_sheet_show_gives_the_cap_in_text_and_json(campaign: Path) -> None:
    code, out, _ = invoke("sheet", "show", "Mira")
    assert code == 0
    assert out.splitlines()[-1] == "  Item Slots: 6/12"
    assert shown()["item_slots"] == {"used": 6, "max": 12, "items": ITEMS, "fatigue": 0}
    invoke("--as", "Mira", "set", "fatigue", "2")
    assert invoke("sheet", "show", "Mira")[1].splitlines()[-1] == (
        "  Item Slots: 8/12 (items 6, Fatigue 2)")


def test_fatigue_past_the_cap_is_shown_not_refused(campaign: Path) -> None:
    assert invoke("--as", "Mira", "item", "add", "sack", "6")[0] == 0
    assert invoke("--as", "Mira", "gain", "fatigue", "2")[0] == 0
    assert invoke("sheet", "show", "Mira")[1].splitlines()[-1] == (
        "  Item Slots: 14/12 (items 12, Fatigue 2): 2 more than 8 + Might (drop an item)")
    assert shown()["item_slots"]["used"] == 14


def test_add_refuse_drop_and_undo_through_the_cli(campaign: Path) -> None:
    assert invoke("--as", "Mira", "item", "add", "torch", "1") == (
        0, "item add torch 1 → Item Slots 7/12\nMira · Torch — → 1 (item add)\n", "")
    code, [obj] = invoke_json("--as", "Mira", "item", "add", "great", "sword", "6")
    assert (code, obj["error"]) == (1, "Mira uses 7 of 12 Item Slots (8 + Might); great sword"
                                       " takes 6: can't carry more than 12; nothing changed")
    assert shown()["item_slots"]["items"] == {**ITEMS, "torch": 1}
    assert invoke("--as", "Mira", "item", "drop", "rope")[0] == 0
    assert shown()["item_slots"]["used"] == 6
    assert invoke("--as", "Mira", "undo")[0] == 0
    assert invoke("--as", "Mira", "undo")[0] == 0
    assert shown()["item_slots"] == {"used": 6, "max": 12, "items": ITEMS, "fatigue": 0}


def test_an_exported_sheet_imports_again(campaign: Path, tmp_path: Path) -> None:
    invoke("--as", "Mira", "item", "add", "torch", "1")
    code, out, _ = invoke("sheet", "export", "Mira")
    assert code == 0
    again = tmp_path / "again.toml"
    again.write_text(out, encoding="utf-8")
    assert invoke("sheet", "import", str(again))[0] == 0
    assert shown()["item_slots"]["items"] == {**ITEMS, "torch": 1}


def test_an_import_past_the_cap_exits_2(tmp_path: Path, private_campaign: Path) -> None:
    path = tmp_path / "heavy.toml"
    path.write_text(SHEET.replace("RATIONS", "9"), encoding="utf-8")
    assert invoke("sheet", "import", str(path)) == (
        2, "", f"roll: error: {path}: sheet key 'items': 13 Item Slots, and a Hero can't carry"
               " more than 8 + Might = 12\n")


def test_the_help_example_runs_as_typed(campaign: Path) -> None:
    example = re.search(r"e\.g\. (item add .*)", HELP)
    assert example is not None
    code, out, err = invoke("--as", "Mira", *shlex.split(example.group(1)))
    assert (code, err) == (0, "")
    assert out.startswith(f"{example.group(1)} → Item Slots 7/12\n")


class OtherShellAddsAnItem:
    """Physical dice: while the player looks at the die, another shell adds an item."""

    interactive = True

    def __init__(self) -> None:
        self.other: tuple[int, str, str] | None = None

    def throw(self, die: Die, why: str) -> int:
        if self.other is None:
            self.other = invoke("--as", "Mira", "item", "add", "torch", "1")
        return 4

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


def test_an_item_another_shell_adds_is_said_meanwhile(campaign: Path) -> None:
    out = io.StringIO()
    runner = Runner(Settings(character="Mira"), Environment(io.StringIO(), out, io.StringIO()))
    hand = OtherShellAddsAnItem()
    runner.source = hand
    assert runner.run("d6") == 0
    assert hand.other is not None and hand.other[0] == 0
    assert out.getvalue() == "meanwhile: Mira · Torch — → 1\nd6 → [4] = 4\n"
