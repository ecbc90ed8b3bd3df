"""Tiers Recovery, seed 003: "1 Stamina: Reduce Attunement by 1 (Druid)"; the Druid's sheet keeps
the Attunement pool ([pools] attunement), whose size the excerpt does not give."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rules.errors import RuleError, UsageError
from rules.systems.tiers.help import HELP
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import changes, data, kell, pools, run, text


def test_one_stamina_for_each_point_of_attunement() -> None:
    res = run("recover attunement 2", sheet=kell(pools={"attunement": 3}))
    assert text(res) == ("recover attunement 2 → Stamina 2, Attunement 1\n"
                         "Kell · Stamina 4 → 2 (recover)\n"
                         "Kell · Attunement 3 → 1 (recover)")
    assert data(res)["changes"][1] == {"character": "Kell", "pool": "attunement", "before": 3,
                                       "after": 1, "reason": "recover", "kind": "pool"}


def test_it_comes_after_the_other_trades() -> None:
    res = run("recover stamina 1 vitality 1 attunement 1",
              sheet=kell(pools={"attunement": 3, "vitality": 2, "stamina": 2}))
    assert text(res).splitlines()[0] == ("recover stamina 1 vitality 1 attunement 1 → Stamina 0,"
                                         " Vitality 3, Attunement 2")
    assert changes(res)[-2:] == [("stamina", 1, 0, "recover"), ("attunement", 3, 2, "recover")]


@pytest.mark.parametrize(
    ("line", "sheet_pools", "error", "message"),
    [
        ("recover attunement 1", {}, UsageError,
         "Kell has no Attunement (a Druid's): add [pools] attunement = N to the sheet"),
        ("recover attunement 4", {"attunement": 3}, RuleError,
         "Kell has 3 Attunement; cannot reduce it by 4; nothing changed"),
        ("recover attunement 2", {"attunement": 3, "stamina": 1}, RuleError,
         "Kell has 1 Stamina; 2 less Attunement costs 2; nothing changed"),
        ("recover vitality 1 attunement 1", {"attunement": 3, "stamina": 2, "vitality": 1},
         RuleError, "Kell has 0 Stamina; 1 less Attunement costs 1; nothing changed"),
    ],
)
def test_what_cannot_be_paid_changes_nothing(line: str, sheet_pools: dict[str, int],
                                             error: type[Exception], message: str) -> None:
    with pytest.raises(error) as err:
        run(line, sheet=kell(pools=sheet_pools))
    assert err.value.message == message  # type: ignore[attr-defined]


def test_through_the_cli_as_the_help_writes_it_and_undo(tmp_path: Path,
                                                        private_campaign: Path) -> None:
    from tests.support.sheets import KELL

    sheet = tmp_path / "druid.toml"
    sheet.write_text(KELL + "[pools]\nattunement = 2\n", encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    example = re.search(r"e\.g\. (recover attunement .*)", HELP)
    assert example is not None
    code, [obj] = invoke_json("--as", "Kell", *shlex.split(example.group(1)))
    assert (code, obj["text"]) == (0, "recover attunement 1 → Stamina 3, Attunement 1\n"
                                      "Kell · Stamina 4 → 3 (recover)\n"
                                      "Kell · Attunement 2 → 1 (recover)")
    assert pools() == {"attunement": 1, "stamina": 3, "flags": []}
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools() == {"attunement": 2, "stamina": 4, "flags": []}
