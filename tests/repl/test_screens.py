"""The REPL as a person sees it: the installed `roll` in a pty, the screen read by pyte, at
40×24 and 80×24. Each screen must equal its snapshot in docs/screens.md; with
ROLL_WRITE_SCREENS=1 the tests write the snapshots instead (then read the diff)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from tests.support.paths import ROOT_DIR
from tests.support.screen import ROLL, Terminal, environment, six_characters  # noqa: E402

pytestmark = pytest.mark.skipif(not ROLL.exists(), reason=f"no installed roll at {ROLL}")

ROOT = ROOT_DIR
SCREENS = ROOT / "docs" / "screens.md"
WRITE = os.environ.get("ROLL_WRITE_SCREENS") == "1"
WIDTHS = (40, 80)
TOOLBARS = {"vagabond": "Mira", "champions": "Ser Alys", "tiers": "Kell", "brighter": "Ann",
            "macchiato": "Bo"}  # fmt: skip
_SECTION = re.compile(r"^## (?P<name>.+?)\n\n```text\n(?P<screen>.*?)\n```$", re.M | re.S)

Session = Callable[..., Terminal]


@pytest.fixture()
def session(private_campaign: Path, tmp_path: Path) -> Iterator[Session]:
    """Opens `roll ARGS` in a terminal of a given width over a campaign of six characters."""
    six_characters(private_campaign)
    env = environment(private_campaign, tmp_path / "history")
    opened: list[Terminal] = []

    def open_terminal(*args: str, columns: int = 40) -> Terminal:
        terminal = Terminal(env, *args, columns=columns)
        opened.append(terminal)
        terminal.wait_for(">")
        return terminal

    yield open_terminal
    for terminal in opened:
        terminal.close()


def snapshots() -> dict[str, str]:
    text = SCREENS.read_text(encoding="utf-8") if SCREENS.exists() else ""
    return {m.group("name"): m.group("screen") for m in _SECTION.finditer(text)}


def check(name: str, screen: str) -> None:
    """The screen equals its snapshot (or, when writing, becomes it)."""
    if WRITE:
        text = SCREENS.read_text(encoding="utf-8")
        block = f"## {name}\n\n```text\n{screen}\n```"
        found = re.search(rf"^## {re.escape(name)}\n\n```text\n.*?\n```$", text, re.M | re.S)
        text = (text[: found.start()] + block + text[found.end():] if found
                else text.rstrip("\n") + "\n\n" + block + "\n")
        SCREENS.write_text(text, encoding="utf-8")
        return
    assert name in snapshots(), f"no snapshot {name!r} in {SCREENS}"
    assert screen == snapshots()[name]


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_long_labelled_roll(session: Session, columns: int) -> None:
    term = session("--as", "Mira", "--rolled", "3,1,3,2,6,5,2,4", columns=columns)
    term.type("1d8 [slashing] + 1d6 [fire] + 2d4 [poison]\r")
    term.wait_for("poison = 9")
    term.type("4d6kh3\r")
    screen = term.wait_for("~~2~~")
    assert all(len(line) <= columns for line in screen.splitlines())
    check(f"a long labelled roll, then 4d6kh3 ({columns}×24)", term.settle())


@pytest.mark.parametrize("columns", WIDTHS)
def test_an_error_shows_its_caret_and_up_brings_the_line_back(
    session: Session, columns: int
) -> None:
    term = session(columns=columns)
    term.type("2d6+*3 [fire]\r")
    term.wait_for("^")
    term.type("\x1b[A")  # Up: the line comes back to be fixed
    term.wait_for("roll> 2d6+*3 [fire]\n")  # the Up line, and below it the toolbar
    screen = term.settle()
    assert screen.splitlines()[2:4] == ["  2d6+*3 [fire]", "      ^"]
    check(f"an error with its caret; Up brings the line back ({columns}×24)", screen)


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_paste_of_three_lines_runs_each_in_order(session: Session, columns: int) -> None:
    term = session("--rolled", "1,2,3,4,5,6", columns=columns)
    term.paste("1d6\n2d6\n3d6\n")
    term.wait_for("[4, 5, 6] = 15")
    check(f"a paste of three lines ({columns}×24)", term.settle())


@pytest.mark.parametrize("columns", WIDTHS)
def test_physical_dice_take_several_faces_per_answer(session: Session, columns: int) -> None:
    term = session(columns=columns)
    term.type("physical on\r")
    term.wait_for("type each face")
    term.type("4d6kh3\r")
    term.wait_for("d6 1/4 for 4d6kh3:")
    term.type("6 5\r")
    term.wait_for("d6 3/4 for 4d6kh3:")
    term.type("9\r")
    term.wait_for("shows 1–6")
    term.type("2,4\r")
    term.wait_for("= 15")
    check(f"physical dice, several faces an answer ({columns}×24)", term.settle())


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("system", sorted(TOOLBARS))
def test_every_systems_toolbar_fits_in_two_rows(
    session: Session, system: str, columns: int
) -> None:
    name = TOOLBARS[system]
    term = session("--as", name, columns=columns)
    screen = term.settle()
    prompt, *toolbar = screen.splitlines()
    assert len(prompt) < columns / 3
    assert 1 <= len(toolbar) <= 2
    check(f"the {system} toolbar ({columns}×24)", screen)


@pytest.mark.parametrize("columns", WIDTHS)
def test_again_asks_before_repeating_a_line_that_spends(session: Session, columns: int) -> None:
    term = session("--as", "Mira", "--rolled", "2,5", columns=columns)
    term.type("1d6\r")
    term.wait_for("[2] = 2")
    term.type("!!\r")  # a pure dice roll repeats at once, shown on the prompt line
    term.wait_for("[5] = 5")
    term.type("spend luck\r")
    term.wait_for("Luck 2 → 1 (spend)")
    term.type("again\r")
    term.wait_for("spend luck again? y/N")
    term.type("\r")  # the default is no
    term.wait_for("not repeated")
    term.type("again\r")
    term.wait_for("again? y/N", times=2)  # the first question is still on the screen
    term.type("y\r")
    term.wait_for("Luck 1 → 0 (spend)")
    check(f"again asks y/N for a LINE that spends ({columns}×24)", term.settle())


def test_a_one_shot_on_a_narrow_terminal_wraps_and_a_pipe_does_not(
    private_campaign: Path, tmp_path: Path
) -> None:
    env = environment(private_campaign, tmp_path / "history")
    line = "1d8 [slashing] + 1d6 [fire] + 2d4 [poison]"
    term = Terminal(env, "--rolled", "3,1,3,2", line, columns=40)
    try:
        screen = term.wait_for("poison = 9")
    finally:
        term.close()
    assert screen == (
        "1d8 [slashing] + 1d6 [fire] + 2d4\n"
        "  [poison] →\n"
        "9\n"
        "  [3] slashing + [1] fire + [3, 2]\n"
        "    poison = 9"
    )
    piped = subprocess.run([str(ROLL), "--rolled", "3,1,3,2", line], env=env | {"COLUMNS": "40"},
                           capture_output=True, text=True, timeout=60)
    assert piped.stdout == f"{line} → [3] slashing + [1] fire + [3, 2] poison = 9\n"


@pytest.mark.parametrize("columns", WIDTHS)
def test_faces_typed_while_another_shell_spends_are_kept(
    session: Session, private_campaign: Path, tmp_path: Path, columns: int
) -> None:
    term = session("--as", "Mira", columns=columns)
    term.type("physical on\r")
    term.wait_for("type each face")
    term.type("check dex +luck\r")
    term.wait_for("d20 for check dexterity:")
    env = environment(private_campaign, tmp_path / "history")
    spent = subprocess.run([str(ROLL), "--as", "Mira", "spend", "luck"], env=env,
                           capture_output=True, text=True, timeout=60)
    assert spent.returncode == 0, spent.stderr
    term.type("15 3\r")  # the d20 and the Favor d6 in one answer
    term.wait_for("Luck 1 → 0 (+luck)")  # resolved again from the Luck left, with the faces
    check(f"faces kept when the campaign changed meanwhile ({columns}×24)", term.settle())


def test_a_sigint_drops_the_line_for_a_fresh_prompt(session: Session) -> None:
    """`kill -INT` while the prompt waits is Ctrl-C's key: the typed line goes, the REPL stays
    (prompt-toolkit's own SIGINT handling, cli/repl/session.py)."""
    term = session("--as", "Mira", "--rolled", "1")
    term.type("2d6")
    term.wait_for("vag·mira> 2d6")
    term.child.kill(signal.SIGINT)
    term.wait_for("vag·mira> 2d6\nvag·mira>")  # a fresh prompt, before any key is typed
    term.type("1d1\r")
    term.wait_for("[1] = 1")
    assert term.settle().splitlines()[:4] == ["vag·mira> 2d6", "vag·mira> 1d1", "1", "  [1] = 1"]
    assert term.child.isalive()


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_help_topic_pages_in_the_pane(session: Session, columns: int) -> None:
    term = session("--as", "Mira", columns=columns)
    term.type("help vagabond\r")
    screen = term.wait_for("-- more")
    assert screen.splitlines()[0] == "Vagabond (`use vagabond`)"  # the topic from its start
    assert all(len(line) <= columns for line in screen.splitlines())
    first = term.settle()
    check(f"help vagabond, its first screen ({columns}×24)", first)
    term.type(" ")  # space: the next screenful, under the same question
    # a line of the second screen only (at 80 columns the Endure Save line is on the first)
    term.wait_for({40: "Endure Save, Hindered vs ranged"}.get(columns, "attack melee|ranged|brawl"))
    second = term.settle()
    assert second.splitlines()[0] != first.splitlines()[0]
    assert second.splitlines()[-1] == "-- more: space, Enter, q --"
    term.type("q")
    term.type("help\r")
    screen = term.wait_for("Topics: ")
    assert "vagabond" in screen.split("Topics")[1]
    assert all(len(line) <= columns for line in screen.splitlines())


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_odds_of_a_check_fit_the_pane(session: Session, columns: int) -> None:
    term = session("--as", "Mira", columns=columns)
    term.type("odds check dex trained\r")
    screen = term.wait_for("each total of the range")
    assert all(len(line) <= columns for line in screen.splitlines())
    check(f"odds of a check ({columns}×24)", term.settle())


def test_a_tiers_round_keeps_the_fight_in_view(session: Session) -> None:
    """A GM's Tiers round in a 40×24 pane, nobody chosen: the fight starts, a Major and two
    Minors join ready to fight, each LINE acts as whose turn it is, and `encounter` shows
    the order at a glance; every line fits, and the fight's last moves stay on the screen."""
    # Kell 5 (d8, no Mind die); Ogre 7+1; Goblins 2+1, 6+4; Goblin 2 hits (15), the Ogre
    # misses (5) and its Glancing Blow rolls the Body die (6)
    term = session("--rolled", "5,7,1,2,1,6,4,15,5,6")
    for line, shown in (
            ("encounter start Kell", "next: Kell"),
            ("foe add major ogre tier=3 heart=8 mind=d4 body=16 body=d8 ac=13", "Ogre 8"),
            ("foe add 2 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11", "Goblin 2 10"),
            ("next", "Goblin 2's turn"),
            ("attack on Kell", "Vigor takes 1"),
            ("next", "Ogre's turn"),
            ("attack on Kell", "Glancing Blow"),
            ("encounter", "Goblin 1 ·")):
        term.type(line + "\r")
        term.wait_for(shown)
        term.settle()  # the prompt back before the next line (else the tty echoes it)
    screen = term.settle()
    assert all(len(row) <= 40 for row in screen.splitlines())
    check("a Tiers round: a Major, two Minors, encounter (40×24)", screen)
