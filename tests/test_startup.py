"""What a plain LINE loads of our own: not the REPL, the campaign store or the commands (the
libraries' and the standard modules it loads, and what each costs: bench/budgets.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("cli.repl", "cli.store", "cli.commands", "cli.app", "rules.exact", "rules.named_rolls",
         "rules.systems.sheets", "rules.systems.pools", "cli.render.layout", "cli.render.meanwhile")
"""Our heavy parts a plain LINE never uses: the REPL, the store, the Typer app and its
commands, the odds engine, named rolls, sheets and the pool commands, the terminal's layout
and the REPL's "meanwhile"."""
PROBE = """
import sys
sys.argv = ["roll", *sys.argv[1:]]
from cli.__main__ import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write(" ".join(m for m in {heavy!r} if m in sys.modules))
"""


def loaded(tmp_path: Path, args: list[str], stdin: str, modules: tuple[str, ...]) -> str:
    """Run `roll ARGS` in a fresh interpreter; the names of `modules` it loaded (and its output)."""
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "none.sqlite3"), NO_COLOR="1")
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=modules), *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.stdout
    return done.stderr


@pytest.mark.parametrize("args, stdin", [(["2d6+3"], ""), (["-q", "-n", "3", "3d6"], ""),
                                         (["-q"], "1d20+5\n4d6kh3\n")])
def test_a_plain_line_imports_no_repl_store_or_commands(
    tmp_path: Path, args: list[str], stdin: str
) -> None:
    assert loaded(tmp_path, args, stdin, HEAVY) == ""


@pytest.mark.parametrize("args, stdin", [(["2d6+3"], ""), (["-q", "-n", "3", "4d6kh3"], ""),
                                         (["-q"], "1d20+5\n2d20kl1+2\n1d10+1d6\nd%\n")])
def test_a_plain_sum_of_dice_loads_no_grammar(tmp_path: Path, args: list[str], stdin: str) -> None:
    """rules/notation/plain.py reads it: the grammar (and its parser library) stays unloaded."""
    assert loaded(tmp_path, args, stdin, ("rules.notation.grammar",)) == ""


def test_a_line_beyond_a_plain_sum_loads_the_grammar(tmp_path: Path) -> None:
    grammar = ("rules.notation.grammar",)
    assert loaded(tmp_path, ["d20", "adv", "+", "5"], "", grammar) == "rules.notation.grammar"


def test_an_odds_batch_builds_no_command(tmp_path: Path) -> None:
    others = ("cli.app", "cli.commands", "cli.store", "cli.repl")
    assert loaded(tmp_path, ["--json"], "odds 3d6\nodds 4d6kh3\n", others) == ""


FIRST_PROMPT = ("import sys\nfrom cli.env import Environment\nfrom cli.repl.session import Repl\n"
                "from cli.repl.toolbar import Toolbar\n"
                "from cli.runner import Runner\nfrom cli.settings import Settings\n"
                "repl = Repl(Runner(Settings(), Environment()))\nrepl.refresh()\n"
                "Toolbar(repl.view, lambda: 40, lambda: False)()\n"
                "print(' '.join(m for m in {modules!r} if m in sys.modules))\n")
"""The REPL up to its first prompt and toolbar (no terminal), then the modules of `modules`
it loaded."""


def test_the_repl_up_to_its_first_prompt_loads_no_parser(tmp_path: Path) -> None:
    """The grammar loads once the first prompt is up (cli/repl/session.py `warm_up`), not
    before it: with pyparsing, a third of the REPL's start."""
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "none.sqlite3"))
    probe = FIRST_PROMPT.format(modules=("rules.notation.grammar",))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env,
                          timeout=60, check=True)
    assert done.stdout == "\n"


def test_the_repl_with_no_campaign_opens_no_store_before_its_first_prompt(tmp_path: Path) -> None:
    """Where the campaign would be is asked, and that there is none: no database module, no
    encounter (a party with no fight in it) and no help text is loaded for that."""
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "none.sqlite3"))
    unused = ("cli.store.sqlite", "cli.store.transaction", "cli.store.follow",
              "rules.encounter.state", "rules.helptext", "cli.dispatch")
    done = subprocess.run([sys.executable, "-c", FIRST_PROMPT.format(modules=unused)],
                          capture_output=True, text=True, env=env, timeout=60, check=True)
    assert done.stdout == "\n"
    assert not (tmp_path / "none.sqlite3").exists()


COMMANDS = ("rules.exact", "rules.systems.vagabond.checks", "rules.systems.vagabond.combat",
            "rules.systems.vagabond.magic", "rules.systems.vagabond.party",
            "rules.systems.tiers.checks", "rules.systems.tiers.combat",
            "rules.systems.champions.combat", "rules.systems.brighter.saves")
"""A game's command modules and the odds engine: only a command (or `odds`) loads them.
(Macchiato's dice LINEs need its checks and risk modules, to tell a risk die, but not its
odds.)"""


@pytest.mark.parametrize("system", ["vagabond", "tiers", "champions", "brighter", "macchiato"])
def test_a_dice_line_of_a_game_loads_none_of_its_commands(tmp_path: Path, system: str) -> None:
    assert loaded(tmp_path, ["-s", system, "2d6"], "", COMMANDS) == ""


GAME_START = ("rules.exact", "rules.named_rolls", "rules.notation.grammar",
              "rules.systems.vagabond.vocabulary", "rules.systems.tiers.vocabulary",
              "rules.systems.macchiato.odds")
"""What a game's own module (its System: pools, stats, sheet checks) leaves to its commands:
the odds engine, named rolls (a sheet's `[rolls]` checked), the parser,
Vagabond's Statuses and command words, Tiers' command words and stat dice, Macchiato's odds.
The REPL loads that module before its first prompt, for the acting character's toolbar."""


@pytest.mark.parametrize("system", ["generic", "vagabond", "tiers", "champions", "brighter",
                                    "macchiato"])
def test_a_games_module_loads_only_what_its_toolbar_needs(system: str) -> None:
    probe = ("import sys\nfrom rules.systems import get_system\n"
             f"get_system({system!r}).pools\n"
             f"print(' '.join(m for m in {GAME_START!r} if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout == "\n"


def test_the_short_ways_around_the_unicode_tables_give_their_answers() -> None:
    """The caret line (cli/render/text.py) and the one width (cli/render/layout.py) skip
    `unicodedata` and wcwidth (and their memory) for the characters before the combining
    marks: each gets the caret form and the width the tables would give."""
    import unicodedata

    from wcwidth import wcwidth  # type: ignore[import-untyped]

    from cli.render.layout import char_width
    from cli.render.text import _shown_char

    for code in range(0x300):
        c = chr(code)
        control = unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        if not control:
            assert char_width(c) == wcwidth(c)
        assert _shown_char(c) == (" " if c == "\t" else "\ufffd" if control else c)
