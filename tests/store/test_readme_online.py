"""README's "Playing online", run as written on a real server of its own: the superuser's SQL,
the GM's shell (the first import, `roll campaign roles … --apply`) and a player's, each with a
login of their own; then what each pane shows of the secret roll."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli.store.schema import SCHEMA_VERSION
from tests.support.json_schema import checked
from tests.support.paths import ROOT_DIR
from tests.support.pg_server import Server
from tests.support.readme import README

pytestmark = pytest.mark.slow  # a PostgreSQL server of its own, and roll as processes

ROOT = ROOT_DIR
SECTION = "## Playing online\n"


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    return text[start:text.index("\n## ", start + len(SECTION))]


def blocks(kind: str) -> list[list[str]]:
    return [block.strip("\n").splitlines()
            for block in re.findall(rf"```{kind}\n(.*?)```", section(), re.S)]


class Shell:
    """One person's shell: the README's `export`, then its `roll …` lines (the real roll)."""

    def __init__(self, lines: list[str], port: int, cwd: Path) -> None:
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ROLL_")}
        self.env["NO_COLOR"] = "1"
        self.cwd = cwd
        self.lines: list[str] = []
        for line in lines:
            words = shlex.split(line, comments=True)
            if words[0] == "export":
                name, _, value = words[1].partition("=")
                self.env[name] = value.replace("db.example.org", f"127.0.0.1:{port}")
            elif words[0] == "roll":
                self.lines.append(line)
            else:
                assert words[0] == "echo"  # the ~/.pgpass line: the test server trusts

    def roll(self, line: str) -> str:
        words = shlex.split(line, comments=True)
        done = subprocess.run([sys.executable, "-m", "cli", *words[1:], "--rolled", "17"]
                              if "check" in words else [sys.executable, "-m", "cli", *words[1:]],
                              env=self.env, cwd=self.cwd, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, (line, done.stderr)
        return done.stdout

    def run(self) -> list[str]:
        return [self.roll(line) for line in self.lines]


def test_the_playing_online_walk_through_runs_as_written(
        own_server: Server, tmp_path: Path) -> None:
    import psycopg

    (sql,) = blocks("sql")
    gm_lines, player_lines, reveal_lines, fair_lines = blocks("sh")
    with psycopg.connect(own_server.url(), autocommit=True) as db:
        for statement in sql:
            db.execute(statement)
    shutil.copy(ROOT / "tests" / "sheets" / "mira.toml", tmp_path / "mira.toml")
    gm = Shell(gm_lines, own_server.port, tmp_path)
    assert gm.env["ROLL_CAMPAIGN"].startswith("postgresql://table_gm@")
    said = gm.run()
    assert said[0] == "imported Mira (vagabond)\n"
    assert said[1].startswith("set up the table on postgresql://table_gm@") and "ana, bo" in said[1]
    ana = Shell(player_lines, own_server.port, tmp_path)
    assert ana.env["ROLL_CAMPAIGN"].startswith("postgresql://ana@")  # her own login
    said = ana.run()
    assert [line.split(" ", 2)[2] for line in said[2].splitlines()] == [
        "Mira check dex → 17 pass", "Mira (secret) check detect → 17 pass"]
    # bo, with his own login, sees that a secret roll was made; the GM sees it, marked
    bo = Shell([line.replace("ana", "bo") for line in player_lines], own_server.port, tmp_path)
    shown = bo.roll("roll log")
    mark = checked(bo.roll("roll log --json").splitlines()[-1])["commitment"][:12]
    assert said[1] == ("check detect → 17 vs 17 · pass\n(secret: the log shows others only"
                       f" that you rolled; sha256:{mark})\n")
    assert [line.split(" ", 2)[2] for line in shown.splitlines()] == [
        "Mira check dex → 17 pass", f"Mira secret roll sha256:{mark}"]
    rows = [checked(line) for line in gm.roll("roll log --json").splitlines()]
    assert [(r["input"], r.get("secret", False)) for r in rows] == [
        ("check dex", False), ("check detect", True)]
    assert "detect" not in bo.roll("roll log --json")
    # the README's set-up run again changes nothing that works
    assert gm.roll(gm.lines[1]) == said_again(gm)
    # Ana reveals her secret roll, and Bo verifies it; Bo may not act as Ana's Mira
    reveal, verify = reveal_lines
    assert ana.roll(reveal) == (
        f"revealed #2 (Mira): check detect → 17 vs 17 · pass\nsha256:{mark} matches: anyone"
        " can check it (roll log verify)\n")
    assert bo.roll(verify) == f"#4 reveal of #2 sha256:{mark} ok\n1 row checked: all match\n"
    refused = subprocess.run([sys.executable, "-m", "cli", "--as", "Mira", "spend", "luck"],
                             env=bo.env, capture_output=True, text=True, timeout=120)
    assert (refused.returncode, refused.stderr) == (1, (
        "roll: error: Mira is ana's character, not bo's: only its owner or the GM changes it"
        " or acts as it; nothing changed\n"))
    fair, luck = (gm.roll(line) for line in fair_lines)
    assert fair.splitlines()[0] == "d20 · physical · 2 rolls"
    assert luck.splitlines()[1].startswith("Mira · 2 rolls · ")


def said_again(shell: Shell) -> str:
    """What the roles line says when run a second time (the same as the first)."""
    url = shell.env["ROLL_CAMPAIGN"]
    return (f"set up the table on {url} (schema {SCHEMA_VERSION}): GM table_gm; players ana,"
            " bo\nana plays Mira\n")
