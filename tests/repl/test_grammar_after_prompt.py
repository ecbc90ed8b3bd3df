"""The REPL loads the grammar after its first prompt is up (cli/repl/session.py `warm_up`, or
the first key's highlighting, whichever comes first): LINEs typed at once into a fresh
interpreter, where nothing loaded the grammar yet, are answered exactly as the same LINEs are
in a process that loaded it up front."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.notation import load
from tests.support.paths import ROOT_DIR
from tests.support.repl import repl
from tests.support.strategies import expressions

ROOT = ROOT_DIR

pytestmark = pytest.mark.slow  # a fresh interpreter for every example

FRESH = """
import json, sys
from cli.base.settings import Settings
from tests.support.repl import repl
print(json.dumps(repl(sys.argv[1], Settings(seed=int(sys.argv[2])))))
"""
"""The REPL typed into in a new interpreter: its (status, stdout, stderr) as JSON."""

lines = st.one_of(
    expressions(max_leaves=4).map(str),
    st.sampled_from(["d20 adv + 5", "3x 1d6 # fire", "4d6kh3 vs 12", "2d6+*3", "1d6!!",
                     "{1d6, 2d8}kh1", "floor(1d6/2)", "d20 dis", "help"]),
    st.text(alphabet="0123456789d+-*/!()kh{} ", min_size=1, max_size=12),
).filter(lambda text: text.strip() != "" and "\n" not in text)


@given(st.lists(lines, min_size=1, max_size=3), st.integers(0, 10**6))
@settings(max_examples=8, deadline=None)
def test_the_first_lines_are_answered_as_with_the_grammar_loaded(
    typed: list[str], seed: int
) -> None:
    keys = "".join(line + "\n" for line in typed) + "quit\n"
    env = dict(os.environ, ROLL_CAMPAIGN=str(ROOT / "no-such-campaign.sqlite3"))
    env.pop("ROLL_SYSTEM", None)
    env.pop("ROLL_AS", None)
    fresh = subprocess.run([sys.executable, "-c", FRESH, keys, str(seed)], capture_output=True,
                           text=True, env=env, timeout=60, check=True, cwd=ROOT)
    from cli.base.settings import Settings

    load()
    status, out, err = repl(keys, Settings(seed=seed, env_system=None, env_as=None))
    assert json.loads(fresh.stdout) == [status, out, err]
