"""The installed `roll` in a pseudo-terminal, read through a terminal emulator (pyte)."""

from __future__ import annotations

import os
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pexpect
import pyte

from cli.store.sqlite import Campaign
from rules.systems import get_system

ROLL = Path(sys.executable).with_name("roll")
SHEETS = Path(__file__).resolve().parent.parent / "sheets"
HANG = 20.0
"""Seconds before a screen that never shows what a test waits for counts as a hang."""
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


class Terminal:
    """`roll ARGS` in a pty of `columns`×`rows`; `screen()` is what a person would see
    (`program`: another installed roll, for bench/repl_pane.py --base)."""

    def __init__(self, env: dict[str, str], *args: str, columns: int = 40, rows: int = 24,
                 program: Path = ROLL) -> None:
        self.columns, self.rows = columns, rows
        self.emulator = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.emulator)
        full = {**env, "COLUMNS": str(columns), "LINES": str(rows)}
        self.child: Any = pexpect.spawn(str(program), list(args), env=full,
                                        dimensions=(rows, columns), timeout=HANG)
        self.child.delaybeforesend = 0.01

    def pump(self, wait: float = 0.05) -> bool:
        """Feed what the program wrote to the emulator; False once it has ended."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.stream.feed(data)
        return True

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.emulator.display]

    def screen(self) -> str:
        """The screen's text, trailing blank lines left off."""
        lines = self.lines()
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)

    def wait_for(self, text: str, times: int = 1) -> str:
        """The screen, once it shows `text` (`times` times: a question asked again while the
        first is still on the screen); a hang fails after HANG seconds."""
        end = time.monotonic() + HANG
        while time.monotonic() < end:
            alive = self.pump()
            if self.screen().count(text) >= times:
                return self.screen()
            if not alive:
                break
        raise AssertionError(f"never shown: {text!r}; the screen:\n{self.screen()}")

    def settle(self) -> str:
        """The screen once the program has stopped drawing for a moment."""
        end = time.monotonic() + HANG
        while time.monotonic() < end:
            before = self.screen()
            if not self.pump(0.3) or self.screen() == before:
                return self.screen()
        return self.screen()

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def paste(self, text: str) -> None:
        """A paste, as a terminal with bracketed paste sends it."""
        self.child.send(PASTE_START + text + PASTE_END)

    def close(self) -> None:
        """Ctrl-C (a line still typed is dropped: Ctrl-D ends only an empty one), then Ctrl-D
        (twice: the first may answer a question), else the process is ended."""
        for keys in ("\x03\x04", "\x04"):
            if not self.child.isalive():
                break
            self.child.send(keys)
            try:
                self.child.expect(pexpect.EOF, timeout=3)
            except pexpect.TIMEOUT:
                continue
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close()


def six_characters(path: Path) -> None:
    """The campaign at `path` holds the six characters of tests/sheets (one of each game, and
    Mira)."""
    campaign = Campaign(path)
    with campaign.transaction() as tx:
        for sheet_path in sorted(SHEETS.glob("*.toml")):
            sheet = tomllib.loads(sheet_path.read_text(encoding="utf-8"))
            tx.put_character(get_system(sheet["system"]).validate_sheet(sheet))
    campaign.close()


def environment(campaign: Path, history: Path) -> dict[str, str]:
    """A clean environment: no colour, no cursor-position requests, a private campaign."""
    out = {k: v for k, v in os.environ.items() if not k.startswith(("ROLL_", "XDG_"))}
    out |= {"PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "NO_COLOR": "1",
            "ROLL_CAMPAIGN": str(campaign), "ROLL_HISTORY": str(history)}
    return out
