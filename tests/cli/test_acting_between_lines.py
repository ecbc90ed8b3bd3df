"""A runner kept between LINEs (the REPL's): who acts still decides each LINE's dice."""

from __future__ import annotations

import io
from dataclasses import replace

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.line.runner import Runner


def runner(stdin: str = "", **settings: object) -> Runner:
    env = Environment(stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO())
    given: dict[str, object] = {"quiet": True, "seed": 1} | settings
    return Runner(Settings(**given), env)  # type: ignore[arg-type]


def test_who_acts_still_decides_after_a_plain_line_was_worked_out(tmp_path: object) -> None:
    """The REPL's `as NAME` makes new settings for the LINEs after it: the same dice then need
    the campaign (here: none, so an error naming the path), and `as none` makes them plain
    again; the runner's own settings stay the process's."""
    from pathlib import Path

    missing = Path(str(tmp_path)) / "none.sqlite3"
    same = runner(campaign=missing)
    assert same.run("1d6") == 0
    assert same.run("1d6", replace(same.settings, character="Mira")) == 2
    assert f"no campaign at {missing}" in same.env.stderr.getvalue()
    assert same.run("1d6", replace(same.settings, character="")) == 0
