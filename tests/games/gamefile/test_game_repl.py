"""A game file's game at the REPL: its commands, stats, words and inputs complete, its pools are
in the toolbar, and a session played through a pipe rolls it."""

from __future__ import annotations

from pathlib import Path

from cli.repl.next_words import Suggestion, suggest
from cli.repl.toolbar import toolbar_text
from cli.repl.view import TableView
from rules.campaign import Character
from rules.systems import SYSTEMS
from tests.support.cli import invoke
from tests.support.gamefile import GAMES_DIR, game

CUTTER = {"name": "Cutter", "system": "blades", "stats": {"prowl": 2, "hunt": 1},
          "pools": {"stress": 3}}


def blades_view() -> TableView:
    SYSTEMS.add(game("blades"), "file")
    return TableView(SYSTEMS["blades"], Character("Cutter", "blades", CUTTER), ("Cutter",), {})


def texts(found: list[Suggestion]) -> list[str]:
    return [s.text for s in found]


def test_the_games_commands_stats_and_words_complete() -> None:
    view = blades_view()
    assert "act " in texts(suggest("", view))
    assert "prowl " in texts(suggest("act pro", view))
    found = texts(suggest("act prowl ", view))
    assert {"risky ", "desperate ", "push "} <= set(found)
    assert "rating=" in [t.strip() for t in texts(suggest("resist ", view))]


def test_the_toolbar_shows_the_games_pools() -> None:
    text = toolbar_text(blades_view(), 80)
    assert "Cutter" in text and "Stress 3/9" in text


def test_a_session_through_a_pipe_plays_a_game_file(tmp_path: Path,
                                                   private_campaign: Path) -> None:
    path = tmp_path / "blades.toml"
    path.write_text((GAMES_DIR / "blades.toml").read_text(encoding="utf-8"), encoding="utf-8")
    lines = f"-s {path} --rolled 2,5 act prowl=2 risky\nodds -s {path} act prowl=0\n"
    code, out, err = invoke("-", input=lines)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "act prowl=2 risky → [~~2~~, 5] = 5 · partial success"
    assert out.splitlines()[1].startswith("act prowl=0")
