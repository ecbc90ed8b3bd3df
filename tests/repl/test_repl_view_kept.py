"""The REPL's view of the table is kept between prompts while the campaign stands still, and read
again as soon as anything moved it, from this pane or another, on both stores; the names,
aliases and tables completion offers are read when a Tab first asks for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.base.settings import Settings
from cli.repl.next_words import suggest
from cli.repl.view import ViewReader
from tests.support.cli import invoke
from tests.support.sheets import KIT, sheet

BO = 'name = "Bo"\nsystem = "generic"\n'


@pytest.fixture
def kit(store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    path = sheet(tmp_path, KIT)
    assert invoke("sheet", "import", str(path))[0] == 0
    return path


def test_the_view_stands_until_another_pane_changes_or_imports_the_sheet(kit: Path) -> None:
    reader = ViewReader(Settings(character="Kit"))
    first = reader.read()
    assert reader.read() is first  # nothing was written: the view read before stands
    assert invoke("--as", "kit", "spend", "luck")[0] == 0  # another pane's change
    spent = reader.read()
    assert spent is not first and spent.character is not None
    assert spent.character.pools["luck"] == 1
    kit.write_text(KIT.replace("luck = 3", "luck = 5"))
    assert invoke("sheet", "import", str(kit))[0] == 0  # imported again: logs no entry
    again = reader.read()
    assert again.character is not None and again.character.sheet["max"]["luck"] == 5
    reader.close()


def test_the_view_is_read_again_after_this_panes_own_subcommand(kit: Path) -> None:
    reader = ViewReader(Settings(character="Kit"))
    first = reader.read()
    reader.stale = True  # the REPL ran `sheet import`, `alias add` …
    assert reader.read() is not first
    reader.close()


def test_completion_reads_names_aliases_and_tables_when_a_tab_asks(
    kit: Path, tmp_path: Path
) -> None:
    reader = ViewReader(Settings(character="Kit"))
    view = reader.read()
    # after the prompt's view was read, before the first Tab
    assert invoke("sheet", "import", str(sheet(tmp_path, BO, "bo")))[0] == 0
    assert invoke("alias", "add", "fireball", "8d6")[0] == 0
    assert list(view.names) == ["Bo", "Kit"]
    assert dict(view.rolls) == {"fireball": "8d6"}
    assert [s.text for s in suggest("sheet show ", view)] == ["Bo", "Kit"]
    assert invoke("sheet", "rm", "--yes", "Bo")[0] == 0  # logged: the campaign moved
    assert list(reader.read().names) == ["Kit"]
    reader.close()

