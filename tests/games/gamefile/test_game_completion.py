"""Completion offers the campaign's imported games wherever a game is named: `roll -s`, `roll
help`, `roll game export|rm` (bash, zsh and fish through Click) and the REPL's `use` and `help`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import invoke_write
from tests.support.gamefile import GAMES_DIR
from tests.support.tab import completions, shell

BUILT_IN = ["generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]


@pytest.fixture
def imported(tmp_path: Path, private_campaign: Path) -> Path:
    """The docs' PbtA and Mörk Borg files imported into the campaign."""
    for name in ("pbta", "morkborg"):
        path = tmp_path / f"{name}.toml"
        path.write_text((GAMES_DIR / f"{name}.toml").read_text(encoding="utf-8"),
                        encoding="utf-8")
        assert invoke_write("game", "import", str(path))[0] == 0
    return private_campaign


def words(flavour: str, typed: str) -> list[str]:
    """A shell's words for a Tab (bash: `plain,WORD`; zsh: `plain\\nWORD\\n_`; fish: `plain,WORD`)."""
    out = shell(flavour, typed).splitlines()
    if flavour == "zsh":
        return out[1::3]
    return [line.split(",", 1)[1] for line in out if line]


@pytest.mark.parametrize("flavour", ["bash", "zsh", "fish"])
def test_dash_s_offers_the_built_in_games_then_the_imported_ones(imported: Path,
                                                                 flavour: str) -> None:
    assert words(flavour, "roll -s ") == [*BUILT_IN, "morkborg", "pbta"]


@pytest.mark.parametrize("flavour", ["bash", "zsh", "fish"])
@pytest.mark.parametrize(("typed", "offered"), [
    ("roll -s p", ["pbta"]), ("roll --system m", ["macchiato", "morkborg"]),
    ("roll help m", ["macchiato", "morkborg"]), ("roll help p", ["pbta"]),
    ("roll game export ", ["morkborg", "pbta"]), ("roll game rm p", ["pbta"]),
    ("roll game export v", []), ("roll sheet new Mira --system pb", ["pbta"]),
])
def test_each_place_a_game_is_named_offers_the_imported_games(
        imported: Path, flavour: str, typed: str, offered: list[str]) -> None:
    assert words(flavour, typed) == offered


@pytest.mark.parametrize("flavour", ["bash", "zsh", "fish"])
def test_without_a_campaign_only_the_built_in_games_are_offered(
        private_campaign: Path, flavour: str) -> None:
    assert words(flavour, "roll -s ") == BUILT_IN
    assert words(flavour, "roll game rm ") == []
    assert not private_campaign.exists()  # a Tab creates no campaign


@pytest.mark.parametrize(("typed", "offered"), [
    ("use ", [*BUILT_IN, "morkborg", "pbta"]), ("use p", ["pbta"]),
    ("help m", ["macchiato", "morkborg"]),
])
def test_the_repl_offers_the_imported_games_after_use_and_help(
        imported: Path, typed: str, offered: list[str]) -> None:
    assert [text for text, _ in completions(typed)] == offered


def test_the_repl_hints_an_imported_game_as_the_campaigns(imported: Path) -> None:
    assert completions("use pb") == [("pbta", "the campaign's game")]
