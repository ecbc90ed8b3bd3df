"""`roll sheet new GAME NAME`, `roll help sheets` and the maxima `sheet show` shows: a sheet
format in the product, for each game, that imports as it is printed."""

from __future__ import annotations

import json
import re

import pytest

from rules.systems import SYSTEMS
from tests.support.cli import invoke, invoke_write

SHOWN = {
    "vagabond": """\
Wren · Vagabond
  level: 1
  armor: 0
  xp: 0
  might 4  dexterity 4  awareness 4  reason 4  presence 4  luck 4
  HP: 4/4
  Luck: 4/4
  Mana: 0/0
  Fatigue: 0/5
  Item Slots: 0/12
""",
    "macchiato": """\
Wren · Macchiato Monsters
  level: 1
  strength 10  dexterity 10  constitution 10  intelligence 10  wisdom 10
  charisma 10
  HP: 6/6
  torches: Δ6
""",
    "champions": """\
Wren · Champions & Cohorts
  kind: champion
  armor: 0
  guard: 10
  weapon: standard
  guard-bonus: 0
  might 1  insight 1  presence 1
  Wounds: 0/3
  Healing Supply: 3/3
""",
    "tiers": """\
Wren · Tiers
  level: 1
  tier: 1
  kind: player
  armor: none
  shield: False
  body 10  mind 10  sense 10  heart 10  cunning 10  fate 10
  Vigor: 1/1
  Vitality: 4/4
  Wound slots: 2/2
  Stamina: 4/4
  Fate: 3/3
  Earned: 0
  Destiny: 0
""",
    "brighter": """\
Wren · Brighter Worlds
  armor: 0
  str d6 (max d6)  dex d6 (max d6)  wil d6 (max d6)
  Grit: 3/3
""",
    "generic": """\
Wren · Generic dice
  might 0
  HP: 10/10
""",
}


@pytest.mark.parametrize("game", SHOWN)
def test_a_new_sheet_imports_as_it_is_printed(game: str) -> None:
    code, form, err = invoke("sheet", "new", game, "Wren")
    assert (code, err) == (0, "")
    assert form.splitlines()[1:3] == ['name = "Wren"', f'system = "{game}"']
    assert invoke_write("sheet", "import", "-", input=form) == (0, f"imported Wren ({game})\n")
    assert invoke("sheet", "show", "Wren") == (0, SHOWN[game], "")


def _keys(form: str) -> set[str]:
    """Every key the form writes, filled in or left commented out for the player to fill."""
    return set(re.findall(r"^(?:# )?([a-z_-]+) = ", form, re.M))


@pytest.mark.parametrize("game", SHOWN)
def test_a_new_sheet_has_every_field_stat_and_sheet_maximum_the_game_reads(game: str) -> None:
    system = SYSTEMS[game]
    form = invoke("sheet", "new", game, "Wren")[1]
    sheet_pools = {p.name for p in system.pools if p.description == "from the sheet's [max] table"}
    wanted = {"name", "system", *system.fields, *(s.name for s in system.stats), *sheet_pools}
    wanted -= {"med-flag"}  # champions: set by the rules when a character is Downed, never by hand
    assert wanted <= _keys(form)
    sections = set() if game == "generic" else system.sections  # generic: kept, read by none
    assert {f"[{section}]" for section in sections} <= {
        line.split()[0] for line in form.splitlines() if line.startswith("[")}
    bare = [line for line in form.splitlines()
            if re.match(r"[a-z_-]+ = (-?\d|true|false|\[)", line) and "#" not in line]
    assert bare == []  # every number a player fills in says what it is


def test_a_name_with_quotes_and_spaces_is_written_as_toml_reads_it() -> None:
    form = invoke("sheet", "new", "vagabond", "Old", '"Tom"')[1]
    assert form.splitlines()[1] == 'name = "Old \\"Tom\\""'
    assert invoke_write("sheet", "import", "-", input=form) == (0, 'imported Old "Tom" (vagabond)\n')


def test_a_bad_game_or_name_is_refused_at_once() -> None:
    assert invoke("sheet", "new", "vagabnd", "Wren") == (
        2, "", "roll: error: unknown system 'vagabnd' (did you mean 'vagabond'?)\n")
    assert invoke("sheet", "new", "vagabond", "Bad\x01") == (
        2, "", "roll: error: sheet key 'name' may not hold a control character (U+0001 at position 4):"
               " a name is one line of text\n")


def test_sheet_new_under_json_is_one_object_with_the_sheet_as_text() -> None:
    code, out, _ = invoke("--json", "sheet", "new", "brighter", "Wren")
    [obj] = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and obj["input"] == "sheet new brighter Wren"
    assert obj["text"] == invoke("sheet", "new", "brighter", "Wren")[1].rstrip("\n")


def test_sheet_show_shows_a_maximum_the_sheet_gives_a_stat() -> None:
    form = invoke("sheet", "new", "brighter", "Wren")[1]
    raised = form.replace('[max]                      # each', '[max]  # each').replace(
        '\nstr = "d6"\ndex', '\nstr = "d10"\ndex')
    assert invoke_write("sheet", "import", "-", input=raised)[0] == 0
    assert invoke("sheet", "show", "Wren")[1].splitlines()[2] == (
        "  str d6 (max d10)  dex d6 (max d6)  wil d6 (max d6)")


def test_help_sheets_documents_every_game_and_its_ranges() -> None:
    code, out, _ = invoke("help", "sheets")
    assert code == 0
    for game in SYSTEMS:
        assert f"\n{game} (" in out and f"roll sheet new {game} NAME" in out
    assert "  fields: level 1–10 · armor 0–3 · class (text) · xp 0+\n" in out
    assert "  [stats]: might (mit) 2–7 · dexterity (dex) 2–7 · awareness (awr) 2–7 ·\n" in out
    assert "name and system are required" in out
    words = " ".join(out.split())
    assert "mana (from the sheet's [max] table)" in words
    assert "stamina (from the sheet's [max] table)" in words
    overview = " ".join(invoke("help")[1].split())
    assert ", brighter, sheets, encounter, games, config Commands:" in overview
    assert "roll sheet new GAME NAME a sheet to fill in (roll help sheets)" in overview
