"""A check that spends earned Fate on dice and earns Fate from its 1s: each change starts where the
one before left it (seed 003: "session Fate is spent first"; a 1 "gain[s] 1 Fate point")."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import invoke
from tests.support.tiers import changes, kell, pools, run, text


def test_the_ones_earn_from_what_the_fate_dice_left() -> None:
    res = run("check body task 1 fate 1", [5, 2, 2, 3, 1], sheet=kell(pools={"fate": 0,
                                                                          "earned": 1}))
    assert text(res) == ("check body task 1 fate 1 → [5*, 2, 2, 3, 1] = 1 success vs 1 · pass\n"
                         "Kell · Earned 1 → 0 (fate dice)\n"
                         "Kell · Stamina 4 → 3 (rolled 1s)\n"
                         "Kell · Earned 0 → 1 (rolled 1s)")
    mixed = run("check body task 1 fate 2", [1, 1, 2, 2, 3, 2], sheet=kell(pools={"fate": 1,
                                                                               "earned": 3}))
    assert changes(mixed)[:4] == [("fate", 1, 0, "fate dice"), ("earned", 3, 2, "fate dice"),
                                  ("stamina", 4, 2, "rolled 1s"), ("earned", 2, 4, "rolled 1s")]


def test_through_the_cli_it_is_stored(kell_campaign: Path) -> None:
    invoke("--as", "Kell", "spend", "fate", "3")
    invoke("--as", "Kell", "gain", "fate", "1")
    code, out, err = invoke("--as", "Kell", "--rolled", "5,2,2,3,1", "check", "body", "task", "1",
                            "fate", "1")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Kell · Earned 0 → 1 (rolled 1s)"
    assert pools() == {"fate": 0, "earned": 1, "stamina": 3, "flags": []}
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools() == {"fate": 0, "earned": 1, "stamina": 4, "flags": []}
