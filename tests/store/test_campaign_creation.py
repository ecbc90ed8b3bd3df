"""A command that writes creates a missing campaign and says where (one line on stderr); a
command that only reads never creates one. Both stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.store import campaign_exists, campaign_where
from tests.support.cli import invoke
from tests.support.sheets import KIT, sheet

LOOT = "range,text\n1-3,a rusty key\n4-6,three coins\n"


def shown(where: str) -> str:
    return str(campaign_where(where))


def created(where: str) -> str:
    return f"roll: created a new campaign at {shown(where)}\n"


def missing(where: str, acting: str | None = None) -> str:
    who = "" if acting is None else f" for {acting} to act in"
    return f"roll: error: no campaign at {shown(where)}{who} (roll sheet import FILE creates one)\n"


@pytest.mark.parametrize("args", [
    ("alias", "list"), ("alias", "rm", "x"), ("table", "list"), ("table", "rm", "loot"),
    ("log",), ("undo",), ("sheet", "list"), ("--as", "Kit", "spend", "luck")])
def test_a_read_never_creates_the_campaign(store_where: str, args: tuple[str, ...]) -> None:
    acting = args[1] if args[0] == "--as" else None  # a LINE says who would act
    assert invoke("--campaign", store_where, *args) == (2, "", missing(store_where, acting))
    assert not campaign_exists(campaign_where(store_where))


def test_alias_add_creates_the_campaign_and_says_where(store_where: str) -> None:
    assert invoke("--campaign", store_where, "alias", "add", "fireball", "8d6 [fire]") == (
        0, "added alias fireball → 8d6 [fire]\n", created(store_where))
    assert invoke("--campaign", store_where, "alias", "add", "bolt", "2d6") == (
        0, "added alias bolt → 2d6\n", "")  # said once, when it was made
    assert invoke("--campaign", store_where, "alias", "list") == (
        0, "bolt → 2d6\nfireball → 8d6 [fire]\n", "")


def test_a_bad_alias_creates_nothing(store_where: str) -> None:
    code, _, err = invoke("--campaign", store_where, "alias", "add", "sheet", "2d6")
    assert code == 2 and "created" not in err
    assert not campaign_exists(campaign_where(store_where))


def test_table_import_creates_the_campaign(store_where: str, tmp_path: Path) -> None:
    (tmp_path / "loot.csv").write_text(LOOT)
    assert invoke("--campaign", store_where, "table", "import", str(tmp_path / "loot.csv")) == (
        0, "imported table loot (d6, 2 rows)\n", created(store_where))
    assert invoke("--campaign", store_where, "--rolled", "5", "table", "loot")[0] == 0


def test_sheet_import_creates_the_campaign_and_says_where(store_where: str, tmp_path: Path
                                                         ) -> None:
    kit = sheet(tmp_path, KIT)
    assert invoke("--campaign", store_where, "sheet", "import", str(kit)) == (
        0, "imported Kit (generic)\n", created(store_where))
    assert invoke("--campaign", store_where, "sheet", "import", str(kit)) == (
        0, "replaced Kit (generic), current pools kept (--reset: the sheet's)\n", "")
    assert campaign_exists(campaign_where(store_where))


def test_a_line_that_changes_the_party_creates_the_campaign(store_where: str) -> None:
    assert invoke("--campaign", store_where, "-s", "vagabond", "shift", "new") == (
        0, "shift new → Shift 1: a Breather for every Hero\nParty · Shift — → 1 (shift new)\n",
        created(store_where))
    code, out, _ = invoke("--campaign", store_where, "log")
    assert code == 0 and out.endswith("shift new · Shift —→1\n")


def test_a_line_that_changes_nothing_creates_nothing(store_where: str) -> None:
    assert invoke("--campaign", store_where, "-s", "vagabond", "--rolled", "12", "check",
                  "dex=5") == (0, "check dex=5 → 12 vs 15 · fail\n", "")
    assert not campaign_exists(campaign_where(store_where))
