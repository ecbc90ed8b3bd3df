"""What the REPL leaves for after its first prompt is drawn (issue 13's start-up target): a
regression here is a slower start, which no test could see on a clock."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.application import application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.output import DummyOutput

from cli.repl.keys import defaults_at_first_key

pexpect = pytest.importorskip("pexpect")

from tests.support.screen import environment, six_characters  # noqa: E402

LATER = ("ssl", "_ssl", "pyparsing", "rules.notation.grammar", "cli.repl.suggest",
         "cli.repl.validator", "cli.repl.vocabulary", "cli.render.layout", "platformdirs",
         "prompt_toolkit.shortcuts.dialogs", "prompt_toolkit.shortcuts.progress_bar",
         "prompt_toolkit.widgets.menus", "prompt_toolkit.key_binding.bindings.vi",
         "xml.dom.minidom", "ctypes", "rules.systems.vagabond.vocabulary", "shutil", "tempfile")
"""Loaded only after the first prompt, if at all: OpenSSL (asyncio is imported without it,
cli/repl/event_loop.py); prompt-toolkit's dialogs, progress bars, menus and HTML text, and the
shutil and tempfile it uses to edit a line in $EDITOR (cli/repl/toolkit.py); ctypes
(sigint_as_key); the grammar (warm_up); what the first key, Tab and result use (Mira's
Statuses and command words: her toolbar needs only Vagabond's names); and platformdirs while
ROLL_CAMPAIGN and ROLL_HISTORY name the files."""
PROBE = """
import json, sys
report = sys.argv[1]
import cli.repl.session as session
import cli.repl.keys as keys
from prompt_toolkit.application import application
loads = []
load_key_bindings = keys.load_key_bindings
keys.load_key_bindings = application.load_key_bindings = (
    lambda: loads.append(1) or load_key_bindings())
warm_up = session.warm_up

def drawn():
    with open(report, "w") as out:
        json.dump({"modules": [m for m in LATER if m in sys.modules],
                   "key bindings loaded": len(loads)}, out)

def first_prompt(*later):
    import asyncio
    asyncio.get_running_loop().call_soon(drawn)  # runs once the first screen is drawn
    warm_up(*later)

session.warm_up = first_prompt
sys.argv = ["roll", "repl", "--as", "Mira"]
from cli.__main__ import main
main()
"""


def test_the_first_prompt_is_drawn_before_what_only_typing_needs(
    private_campaign: Path, tmp_path: Path
) -> None:
    six_characters(private_campaign)
    report = tmp_path / "first-prompt.json"
    child = pexpect.spawn(sys.executable, ["-c", PROBE.replace("LATER", repr(LATER)), str(report)],
                          env=environment(private_campaign, tmp_path / "history"),
                          dimensions=(24, 40), timeout=20)
    try:
        child.expect("vag·mira>".encode())
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert json.loads(report.read_text(encoding="utf-8")) == {
        "modules": [], "key bindings loaded": 0}


def test_the_default_key_bindings_load_at_the_first_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same Emacs bindings, built once, when a key first needs them (Ctrl-A: to the start)."""
    loads: list[int] = []
    monkeypatch.setattr("cli.repl.keys.load_key_bindings",
                        lambda: loads.append(1) or load_key_bindings())
    with create_pipe_input() as keys:
        with defaults_at_first_key():
            session: PromptSession[str] = PromptSession(input=keys, output=DummyOutput())
        assert vars(application)["load_key_bindings"] is load_key_bindings  # put back
        assert loads == []
        keys.send_text("bc\x01a\r")
        assert session.prompt() == "abc"
        keys.send_text("d\x01c\r")
        assert session.prompt() == "cd"
    assert loads == [1]
