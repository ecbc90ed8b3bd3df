"""What the REPL does before its first prompt, and the short ways around the Unicode tables (which
modules a start loads, and what each costs, is bench/budgets.py's)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FIRST_PROMPT = ("from cli.base.environment import Environment\nfrom cli.repl.session import Repl\n"
                "from cli.repl.toolbar import Toolbar\n"
                "from cli.line.runner import Runner\nfrom cli.base.settings import Settings\n"
                "from cli.commands import dispatch\n"
                "repl = Repl(Runner(Settings(), Environment()), dispatch)\nrepl.refresh()\n"
                "print(Toolbar(repl.view, lambda: 40, lambda: False)())\n")
"""The REPL up to its first prompt and toolbar (no terminal), the toolbar printed."""


def test_the_repl_with_no_campaign_makes_none_before_its_first_prompt(tmp_path: Path) -> None:
    """Where the campaign would be is asked, and that there is none: the toolbar says nobody
    acts, and no file is made for it."""
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "none.sqlite3"))
    env.pop("ROLL_AS", None)
    env.pop("ROLL_SYSTEM", None)
    done = subprocess.run([sys.executable, "-c", FIRST_PROMPT], capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    assert (done.stdout, done.stderr) == ("generic · nobody acts (as NAME)\n", "")
    assert not (tmp_path / "none.sqlite3").exists()


def test_the_short_ways_around_the_unicode_tables_give_their_answers() -> None:
    """The caret line (cli/render/text.py) and the one width (cli/render/layout.py) skip
    `unicodedata` and wcwidth (and their memory) for the characters before the combining
    marks: each gets the caret form and the width the tables would give."""
    import unicodedata

    from wcwidth import wcwidth  # type: ignore[import-untyped]

    from cli.base.error_layout import _shown_char
    from cli.render.layout import char_width

    for code in range(0x300):
        c = chr(code)
        control = unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        if not control:
            assert char_width(c) == wcwidth(c)
        assert _shown_char(c) == (" " if c == "\t" else "\ufffd" if control else c)
