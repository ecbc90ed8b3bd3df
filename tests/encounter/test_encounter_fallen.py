"""The fallen are out (SPEC §9): one incapacitated, Downed, dead or defeated is skipped by
`next`, never named `next:`, and marked out in `encounter`, its JSON and the pane's line;
Brighter Worlds' Critical Damage save steps down once however large the Direct Damage."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from cli.repl.encounter_line import encounter_line
from cli.repl.view import ViewReader
from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, run, state


def brighter_fight(tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    run("foe add wolf str=d6 dex=d6 wil=d4 -s brighter")
    run("foe add bear str=d10 dex=d6 wil=d4 -s brighter")
    run("encounter start roll d6 --rolled 2,5,4")  # Bear 5, Wolf 4, Wren 2


def test_an_incapacitated_wolf_is_out_of_the_order(tmp_path: Path) -> None:
    brighter_fight(tmp_path)
    # issue 48: 9 against STR d6 (Grit 2) stepped down to 0 "while it still reaches"
    assert run("hit 9 Wolf") == (
        "(as Bear: its turn)\n"
        "hit 9 Wolf → 7 Direct Damage · STR d6 · fail\n"
        "Wolf · Grit 2 → 0 (hit)\n"
        "Wolf · STR d6 → d4 (critical damage)\n"
        "no face of d6 beats 7: the save fails, STR d6 → d4 (once)\n")
    run("next")
    run("next")
    assert run("hit 9 Wolf").endswith("Wolf is incapacitated (STR below d4)\n")
    assert run("encounter") == ("round 1 · Wren's turn · next: Bear\n"
                                "   5 Bear · Grit 2 STR d10 DEX d6 WIL d4\n"
                                "   4 Wolf · incapacitated · Grit 0\n"
                                "      · STR 0 DEX d6 WIL d4\n"
                                "▸  2 Wren · Grit 3 STR d8 DEX d6 WIL d6\n")
    got = state()
    assert got["next"] == "Bear"
    assert [(c["name"], c["out"], c["state"]) for c in got["order"]] == [
        ("Bear", False, []), ("Wolf", True, ["incapacitated"]), ("Wren", False, ["turn"])]
    run("next")
    reader = ViewReader(Settings())
    try:
        pane = reader.read()
    finally:
        reader.close()
    assert encounter_line(pane.party, 40, pane.fallen) == "round 2 · Bear's turn · next: Wren"
    assert run("next") == ("next → round 2 · Wren's turn\n"
                           "Encounter · R2 Bear → R2 Wren (next)\n"
                           "Wolf is incapacitated: no turn (foe rm Wolf)\n"
                           "next: Bear\n")


def test_a_downed_champion_is_marked_and_its_house_keeps_its_turn(tmp_path: Path) -> None:
    imported(tmp_path, "kael", "sera", sheets=TABLE)
    run("encounter start Kael Sera")
    run("attack Sera weapon heavy heavy -a Kael --rolled 15,8")
    run("attack Sera weapon heavy heavy -a Kael --rolled 15,8")
    sera = next(c for c in state()["order"] if c["name"] == "Sera")
    assert (sera["out"], sera["state"]) == (True, ["Downed"])
    # House Red has only the Downed Sera: its turn still comes, where its Med Flags count down
    assert run("next").startswith("next → round 1 · House Red's turn\n")
    code, out, _ = invoke("log", "--json")
    assert [json.loads(row)["character"] for row in out.splitlines()][-1] is None
