"""The encounter seen from the panes: `roll help encounter`'s examples as typed, the JSON state,
the REPL through a pipe (its encounter line, `next`, a LINE acting as whose turn it is), and two
processes on one PostgreSQL campaign following the same turn."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from prompt_toolkit.data_structures import Size
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.commands import dispatch
from cli.repl.encounter_line import encounter_line
from cli.repl.session import run_repl
from rules.encounter.help import EXAMPLES
from tests.support.cli import after_a_write, invoke
from tests.support.encounter import imported, run, state
from tests.support.json_schema import checked


class NarrowOutput(DummyOutput):
    """A 40-column pane."""

    def get_size(self) -> Size:
        return Size(rows=24, columns=40)


def test_the_help_examples_run_as_typed_in_order(tmp_path: Path) -> None:
    imported(tmp_path, "mira")
    assert EXAMPLES[:2] == ("-s macchiato foe add 2 goblins hp=4",
                            "-s macchiato encounter start roll d20")
    for line in EXAMPLES:
        run(line)
    code, out, _ = invoke("help", "encounter")
    assert code == 0 and "foe add [N] NAME [KIND] [stat=N …]" in out
    assert all(len(row) <= 80 for row in out.splitlines())
    for game in ("tiers", "champions", "vagabond", "macchiato", "brighter"):
        assert "(roll help encounter)" in invoke("help", game)[1]


def test_the_json_state_has_the_round_order_initiative_turn_and_pools(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo roll d20 --rolled 5,17")
    run("foe add goblin hp=4 --rolled 9")
    code, out, _ = invoke("--json", "next")
    result = checked(out)
    assert (result["kind"], result["text"]) == ("encounter", (
        "next → round 1 · Goblin's turn\nEncounter · R1 Bo → R1 Goblin (next)\nnext: Mira"))
    assert [c["pool"] for c in result["changes"]] == ["encounter"]
    assert state() == {
        "system": "macchiato", "round": 1, "turn": "Goblin", "acting": "Goblin",
        "next": "Mira", "takers": ["Bo", "Goblin", "Mira"],
        "order": [
            {"name": "Bo", "side": "heroes", "initiative": 17, "pinned": False, "pools": {},
             "flags": [], "sits_out": False, "delayed": False, "out": False, "state": [], "glance": {}},
            {"name": "Goblin", "side": "enemies", "initiative": 9, "pinned": False,
             "pools": {"hp": 4}, "flags": ["foe"], "sits_out": False, "delayed": False, "out": False,
             "state": ["turn"], "glance": {"hp": 4}},
            {"name": "Mira", "side": "heroes", "initiative": 5, "pinned": False, "pools": {},
             "flags": [], "sits_out": False, "delayed": False, "out": False, "state": [], "glance": {}},
        ],
    }


def test_the_encounter_line_fits_a_40_column_pane() -> None:
    from rules.encounter.turn_order import Combatant, Encounter

    enc = Encounter("tiers", 2, (Combatant("Goblin 1", "enemies", 9),
                                 Combatant("Ara", "heroes", 4)), "Enemy Tactical Phase")
    line = encounter_line({"encounter": enc.dump()}, 40)
    assert line == "R2 Enemy Tactical Phase · next Goblin 1"
    assert encounter_line({}, 40) is None


def test_the_repl_advances_and_a_line_acts_as_whose_turn_it_is(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    run("foe add goblin hp=4")
    out, err = io.StringIO(), io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("next\rcheck str\rnext\rquit\r")
        status = run_repl(Settings(rolled="7"), Environment(stdout=out, stderr=err), dispatch,
                          input=pipe, output=NarrowOutput(), history=InMemoryHistory())
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue() == (
        "round 1 · Bo's turn\n  Encounter · R1 Mira → R1 Bo (next)\n  next: Goblin\n"
        "(as Bo: its turn)\npass · 7\n  7 ≤ 10\n"
        "round 1 · Goblin's turn\n  Encounter · R1 Bo → R1 Goblin (next)\n  next: Mira\n")
    code, log = invoke("log", "--json")[:2]
    assert [checked(row)["character"] for row in log.splitlines()][-2:] == ["Bo", None]
    assert state()["turn"] == "Goblin"


def test_two_processes_on_one_postgresql_campaign_follow_the_same_turn(
        tmp_path: Path, pg_url: str) -> None:
    env = {**os.environ, "ROLL_CAMPAIGN": pg_url, "NO_COLOR": "1"}
    sheet = tmp_path / "mira.toml"
    from tests.support.encounter import SHEETS

    sheet.write_text(SHEETS["mira"] + "", encoding="utf-8")

    def roll(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "cli", *args], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    roll("sheet", "import", str(sheet))
    roll("encounter", "start", "Mira")
    roll("foe", "add", "2", "goblins", "hp=3")
    assert roll("next").startswith("next → round 1 · Goblin 1's turn\n")
    seen = checked(roll("encounter", "--json"))["encounter"]
    assert (seen["round"], seen["turn"], seen["next"]) == (1, "Goblin 1", "Goblin 2")
    assert roll("undo").startswith("undid #")
    assert checked(roll("encounter", "--json"))["encounter"]["turn"] == "Mira"


def test_the_readme_encounter_section_runs_in_order(tmp_path: Path) -> None:
    import re
    import shlex

    from tests.support.encounter import SHEETS
    from tests.support.readme import ENCOUNTERS, readme

    (tmp_path / "ara.toml").write_text(SHEETS["ara"], encoding="utf-8")
    [block] = re.findall(r"```sh\n(.*?)```", readme(named=True, section=ENCOUNTERS), re.S)
    lines = [line for line in block.splitlines() if line.startswith("roll ")]
    assert len(lines) == 12
    for line in lines:
        words = shlex.split(line, comments=True)[1:]
        if words[:2] == ["sheet", "import"]:
            words[2] = str(tmp_path / words[2])
        code, out, err = invoke(*words)
        assert code == 0 and err in after_a_write(), line
        assert out.strip(), line
