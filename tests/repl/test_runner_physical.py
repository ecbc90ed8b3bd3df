"""Dice typed by a person hold no write lock: another shell can change the campaign meanwhile."""

from __future__ import annotations

import io
from pathlib import Path

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.line.runner import Runner
from rules.notation.syntax import Die
from tests.support.cli import invoke


class SlowHand:
    """A physical-dice source: while the 'player' looks at the die, another shell spends Luck."""

    interactive = True

    def __init__(self) -> None:
        self.other: tuple[int, str, str] | None = None

    def throw(self, die: Die, why: str) -> int:
        if self.other is None:  # once: the LINE is then resolved again from the new state
            self.other = invoke("--as", "kit", "spend", "luck")
        return 4

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


def test_another_process_writes_while_faces_are_typed(tmp_path: Path) -> None:
    sheet = tmp_path / "kit.toml"
    sheet.write_text('name = "Kit"\nsystem = "generic"\n[max]\nluck = 3\n')
    assert invoke("sheet", "import", str(sheet))[0] == 0
    out = io.StringIO()
    runner = Runner(Settings(character="kit"), Environment(io.StringIO(), out, io.StringIO()))
    hand = SlowHand()
    runner.source = hand
    assert runner.run("d6") == 0
    # had the roll held a write lock, the other shell would have failed after the busy timeout
    assert hand.other is not None and hand.other[0] == 0
    assert out.getvalue() == "meanwhile: Kit · Luck 3 → 2\nd6 → [4] = 4\n"
    code, log, _ = invoke("log")
    assert code == 0 and "Kit spend luck · Luck 3→2" in log and "Kit d6 → 4" in log
