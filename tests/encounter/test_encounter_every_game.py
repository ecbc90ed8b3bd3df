"""One campaign, five games (issue 48's table): a fight acts as its turn's holder only for a
command of its own game that needs a character; plain dice, inline values and another game's
LINE act as nobody and never fail because of the fight, from a shell and in the REPL."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from tests.support.cli import invoke
from tests.support.encounter import run, whole_table
from tests.support.repl import repl


def aras_turn(tmp_path: Path) -> None:
    whole_table(tmp_path)
    run("encounter start Ara --rolled 5,3")
    assert run("next").startswith("next → round 1 · Ara's turn\n")


def logged() -> list[tuple[str, str | None]]:
    code, out, _ = invoke("log", "--json")
    assert code == 0
    return [(row["input"], row["character"]) for row in map(json.loads, out.splitlines())]


def test_beside_a_tiers_fight_a_shell_rolls_dice_and_other_games_as_nobody(
        tmp_path: Path) -> None:
    aras_turn(tmp_path)
    assert run("d20 --rolled 5") == "d20 → [5] = 5\n"
    assert run("-s vagabond check dex=4 --rolled 10") == "check dex=4 → 10 vs 16 · fail\n"
    assert run("check dex=4 -s vagabond --rolled 17") == "check dex=4 → 17 vs 16 · pass\n"
    assert run("-s vagabond check dex --as Mira --rolled 10") == (
        "check dex → 10 vs 15 · fail\n")
    # the fight's own game with its values inline: nobody's roll, not Ara's
    assert run("check body=12 tier=2 task 1 --rolled 5,2,3") == (
        "check body=12 tier=2 task 1 → [5*, 2, 3] = 1 success vs 1 · pass\n")
    # a command of the fight's game that needs a character acts as whose turn it is
    assert run("check mind task 1 --rolled 5,2,3") == (
        "(as Ara: its turn)\ncheck mind task 1 → [5*, 2, 3] = 1 success vs 1 · pass\n")
    assert logged()[2:] == [("check dex", "Mira"), ("check mind task 1", "Ara")]


def test_in_the_repl_plain_dice_and_another_games_line_act_as_nobody(tmp_path: Path) -> None:
    aras_turn(tmp_path)
    keys = "d20\nuse generic\nas -\nd20\nuse vagabond\ncheck dex=4\nuse tiers\ncheck mind task 1\nquit\n"
    status, out, err = repl(keys, Settings(rolled="5,6,10,5,2,3"))
    assert (status, err) == (0, "")
    assert out == ("5\n  [5] = 5\n"
                   "system: generic · Generic dice\n"
                   "acting as nobody\n"
                   "6\n  [6] = 6\n"
                   "system: vagabond · Vagabond\n"
                   "fail · 10\n  10 vs 16\n"
                   "system: tiers · Tiers\n"
                   "(as Ara: its turn)\n"
                   "pass · 1\n  [5*, 2, 3] = 1 success vs 1\n")
    assert logged()[2:] == [("check mind task 1", "Ara")]


def test_as_lasts_until_the_turn_changes_and_the_fights_words_are_nobodys(
        tmp_path: Path) -> None:
    whole_table(tmp_path)
    run("encounter start Pip roll d20 --rolled 14")
    run("foe add 2 goblins hp=4 --rolled 10,9")
    keys = "as Goblin 2\nhurt 1\nnext\nhurt 1\nnext\nnext\nas\nquit\n"
    status, out, err = repl(keys, Settings())
    assert (status, err) == (0, "")
    assert out == ("acting as Goblin 2 (macchiato) until the\n  turn changes\n"
                   "HP 3\n  Goblin 2 · HP 4 → 3 (hurt)\n"
                   "round 1 · Goblin 1's turn\n"
                   "  Encounter · R1 Pip → R1 Goblin 1\n    (next)\n"
                   "  next: Goblin 2\n"
                   "as Goblin 2 ends with the turn: acting\n  as Goblin 1 (its turn)\n"
                   "(as Goblin 1: its turn)\n"
                   "HP 3\n  Goblin 1 · HP 4 → 3 (hurt)\n"
                   "round 1 · Goblin 2's turn\n"
                   "  Encounter · R1 Goblin 1 → R1 Goblin 2\n    (next)\n"
                   "  next: Pip\n"
                   "round 2 begins · Pip's turn\n"
                   "  Encounter · R1 Goblin 2 → R2 Pip\n    (next)\n"
                   "  next: Goblin 1\n"
                   "acting as Pip (macchiato)\n")
    assert logged()[2:] == [("hurt 1", "Goblin 2"), ("next", None), ("hurt 1", "Goblin 1"),
                            ("next", None), ("next", None)]


def test_help_encounter_gives_the_one_line_forms_and_every_mark() -> None:
    code, out, _ = invoke("help", "encounter")
    assert code == 0
    flat = " ".join(out.split())
    for said in ("One line as someone else: -a NAME before it (-a Kael attack Raider 1:",
                 "the REPL's as NAME lasts until the turn changes.",
                 "next, delay, pin, foe and encounter are the GM's, logged as nobody's.",
                 "Marks: ▸ whose turn it is · delayed: waits this round · sits out: no turn",
                 "skipped by next and never next: dead, defeated, Downed, incapacitated",
                 "Before the fight (-s GAME) they wait for encounter start;"):
        assert said in flat


def test_reading_the_fight_is_not_logged_whoever_acts(tmp_path: Path) -> None:
    whole_table(tmp_path)
    run("encounter start Kael Sera")
    before = logged()
    run("encounter")
    run("encounter --as Kael")
    run("encounter --json")
    keys = "as Kael\nencounter\n-a Pip risk list\nquit\n"
    status, out, err = repl(keys, Settings())
    assert (status, err) == (0, "")
    assert out == ("acting as Kael (champions) until the\n  turn changes\n"
                   "round 1 · House Blue's turn · next: Red\n"
                   "  ▸ Kael [Blue] · Wounds 0/3\n"
                   "    Sera [Red] · Wounds 0/3\n"
                   "no risk dice (risk add NAME ΔN)\n")
    assert logged() == before == [("encounter start Kael Sera", None)]


def test_sheet_show_on_someones_turn_shows_whose_turn_it_is(tmp_path: Path) -> None:
    aras_turn(tmp_path)
    assert run("sheet show").startswith("Ara · Tiers\n")
