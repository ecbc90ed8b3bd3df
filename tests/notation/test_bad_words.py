"""Issue 14: bad words are errors (exit 2, nothing changed), never silently ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import after_a_write, invoke, invoke_json
from tests.support.sheets import WIZARD

MIRA = WIZARD.replace("LUCK", "2")
SHEETS = {
    "generic": 'name = "Gen"\nsystem = "generic"\n[max]\nhp = 5\n',
    "champions": 'name = "Cham"\nsystem = "champions"\nkind = "champion"\n',
    "macchiato": 'name = "Ana"\nsystem = "macchiato"\n[stats]\nstrength = 10\n',
    "tiers": 'name = "Kell"\nsystem = "tiers"\ntier = 2\n[max]\nstamina = 3\n',
    "vagabond": MIRA,
}


def imported(tmp_path: Path, text: str, name: str = "sheet.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, _, err = invoke("sheet", "import", str(path))
    assert code == 0 and err in after_a_write()
    return path


def export(name: str) -> str:
    code, out, _ = invoke("sheet", "export", name)
    assert code == 0
    return out


# ---- rest and the shared pool commands ----


@pytest.mark.parametrize(("system", "name", "message"), [
    ("generic", "Gen", "rest: unexpected 'banana' (rest)"),
    ("champions", "Cham", "rest: unexpected 'banana' (rest)"),
    ("macchiato", "Ana", "rest: unexpected 'banana' (rest)"),
    ("tiers", "Kell", "rest: unknown word 'banana' (rest [healer])"),
    ("vagabond", "Mira", "rest: unexpected 'banana' (rest)"),
])
def test_every_systems_rest_refuses_a_word_it_does_not_take(
    tmp_path: Path, system: str, name: str, message: str
) -> None:
    imported(tmp_path, SHEETS[system])
    before = export(name)
    code, out, err = invoke("--as", name, "rest", "banana")
    assert (code, out, err) == (2, "", f"roll: error: {message}\n")
    assert export(name) == before


@pytest.mark.parametrize(("line", "message"), [
    ("spend luck 1 banana", "spend: unexpected 'banana' (spend POOL [N])"),
    ("gain luck 1 2", "gain: unexpected '2' (gain POOL [N])"),
    ("set luck 1 more", "set: unexpected 'more' (set POOL N)"),
    ("hurt 1 2", "hurt: unexpected '2' (hurt N [on NAME])"),
    ("heal 1 banana", "heal: unexpected 'banana' (heal N [on NAME])"),
])
def test_the_shared_pool_commands_refuse_extra_words(tmp_path: Path, line: str,
                                                     message: str) -> None:
    imported(tmp_path, MIRA)
    code, objs = invoke_json("--as", "Mira", *line.split())
    assert code == 2
    assert objs == [{"input": line, "error": message, "column": None}]


# ---- Statuses come from the system's list ----


def test_an_unknown_status_is_an_error_and_custom_names_a_gms_own(tmp_path: Path) -> None:
    imported(tmp_path, MIRA)
    code, out, err = invoke("--as", "Mira", "status", "add", "frobbed")
    assert (code, out) == (2, "")
    assert err == ("roll: error: status: 'frobbed' is not a Status (vulnerable, blinded,"
                   " restrained, incapacitated, paralyzed, unconscious, confused, frightened,"
                   " sickened, fatigued, prone, dazed, dead); a GM's own: custom:frobbed\n")
    code, out, err = invoke("--as", "Mira", "status", "add", "custom:frobbed", "prone")
    assert (code, err) == (0, "")
    assert out == ("status add custom:frobbed prone → Mira: Frobbed, Prone\n"
                   "Mira · Frobbed on (status)\n"
                   "Mira · Prone on (status)\n"
                   "Frobbed: kept as a flag; it has no automatic effect here\n"
                   "Prone: no effect on its own rolls: Speed 0, melee attacks on it are Favored"
                   " (public rules)\n")
    code, out, _ = invoke("--as", "Mira", "status", "rm", "frobbed")
    assert (code, out) == (0, "status rm frobbed → Mira: Prone\nMira · Frobbed off (status)\n")
    code, _, err = invoke("--as", "Mira", "status", "add", '"custom:"')
    assert (code, err) == (2, "roll: error: status: custom: needs a name (custom:hexed)\n")


# ---- sheets: trained Skills, Vagabond Armor ----


def test_a_sheets_unknown_trained_skill_is_an_import_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "mira.toml"
    path.write_text(MIRA.replace('"detect"', '"detekt"'), encoding="utf-8")
    code, out, err = invoke("sheet", "import", str(path))
    assert (code, out) == (2, "")
    assert err == (f"roll: error: {path}: sheet key 'skills.trained': 'detekt' is not a Vagabond"
                   " Skill (brawl, melee, finesse, sneak, detect, mysticism, survival, ranged,"
                   " arcana, craft, medicine, influence, leadership, performance)\n")
    code, _, err = invoke("sheet", "list")
    assert "Mira" not in err


def test_vagabond_armor_outside_the_texts_range_is_refused(tmp_path: Path) -> None:
    # 000:L18 "Armour subtracting 1–3 from every hit"
    path = tmp_path / "mira.toml"
    path.write_text(MIRA.replace("armor = 1", "armor = 4"), encoding="utf-8")
    code, _, err = invoke("sheet", "import", str(path))
    assert (code, err) == (2, f"roll: error: {path}: sheet key 'armor' must be from 0 to 3, not 4\n")
    code, _, err = invoke("-s", "vagabond", "--rolled", "3", "hit", "d6", "armor=4")
    assert (code, err) == (2, "roll: error: armor=4 is out of range (0–3)\n")
    code, _, err = invoke("-s", "vagabond", "--rolled", "3", "attack", "melee", "d6", "mit=4",
                          "armor=5")
    assert (code, err) == (2, "roll: error: armor=5 is out of range (0–3)\n")
    code, out, _ = invoke("-s", "vagabond", "--rolled", "5", "hit", "d6", "armor=3")
    assert (code, out) == (0, "hit d6 armor=3 → 2 damage\nDamage 1d6 → [5] = 5, -3 Armor = 2\n")


# ---- Macchiato: `party` is the party, wherever the word stands ----


def test_risk_add_party_names_the_party_not_a_die(tmp_path: Path) -> None:
    imported(tmp_path, SHEETS["macchiato"])
    code, out, _ = invoke("--as", "Ana", "risk", "add", "party", "arrows")
    assert (code, out) == (0, "risk add party arrows → Party · Arrows Δ8\n"
                              "Party · Arrows — → Δ8 (risk add)\n")
    code, objs = invoke_json("--as", "Ana", "risk", "list")
    assert objs[0]["risk_dice"] == [{"character": None, "name": "arrows", "die": "Δ8"}]
    code, out, _ = invoke("--as", "Ana", "risk", "rm", "arrows", "party")
    assert (code, out) == (0, "risk rm arrows party → Party · Arrows removed\n"
                              "Party · Arrows Δ8 → — (risk rm)\n")
    code, _, err = invoke("--as", "Ana", "risk", "add", "party", "arrows", "party")
    assert code == 2 and err.startswith("roll: error: 'party' is given twice")
