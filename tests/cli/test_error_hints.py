"""An error names what to do next as fields (a hint: act as a character, choose a system, run a
command; a NotationError's column and what was expected), and each front end words them: the
shell's options (`--as NAME`, `-s vagabond`), the REPL's words (`as NAME`, `use vagabond`)."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.base.wording import speaking, wording
from cli.commands import dispatch
from cli.render.text import error_text
from cli.repl.session import run_repl
from cli.repl.speech import prompt_words
from rules.dice.budget import Budget
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import Do, Hint, NotationError, RollError, UsageError, command_words
from rules.notation import parse
from rules.systems import Context, get_system
from rules.table_state import TableState
from tests.support.cli import invoke
from tests.support.paths import ROOT_DIR

REPL = ROOT_DIR / "cli" / "repl"


def refusal(line: str, system: str = "generic") -> RollError:
    """The error a LINE raises with nobody acting."""
    chosen = get_system(system)
    context = Context(chosen, TableState(), Roller(ScriptedSource([3] * 20), Budget()), line)
    with pytest.raises(RollError) as caught:
        chosen.resolve(parse(line), context)
    return caught.value


@pytest.mark.parametrize(
    ("line", "system", "parts", "shell", "prompt"),
    [
        ("check body task 2", "tiers",
         ("this needs a Tier: give it inline (tier=2) or act as a character (",
          Hint(Do.NAME_ACTOR), ")"),
         "this needs a Tier: give it inline (tier=2) or act as a character (--as NAME)",
         "this needs a Tier: give it inline (tier=2) or act as a character (-a NAME, or as NAME)"),
        ("fluke", "generic",
         ("'fluke' is a vagabond command; ", Hint(Do.CHOOSE_SYSTEM, "vagabond")),
         "'fluke' is a vagabond command; choose the system with -s vagabond",
         "'fluke' is a vagabond command; switch with use vagabond"),
        ("d20+f", "generic",
         ("f and h are Vagabond's Favor and Hinder dice: ", Hint(Do.USE_SYSTEM, "vagabond"),
          " (or +d6 / -d6)"),
         "f and h are Vagabond's Favor and Hinder dice: use -s vagabond (or +d6 / -d6)",
         "f and h are Vagabond's Favor and Hinder dice: use vagabond (or +d6 / -d6)"),
        ("attack guard=12 weapon d6", "champions",
         ("attack needs the attacker's Might: ", Hint(Do.ACT_AS_CHARACTER), ", or give might=N"),
         "attack needs the attacker's Might: act --as a character, or give might=N",
         "attack needs the attacker's Might: act as a character (-a NAME, or as NAME), or give might=N"),
        ("rest", "vagabond",
         ("this needs a character: ", Hint(Do.ACT_AS_ONE), ", after ",
          Hint(Do.RUN, "sheet import FILE.toml")),
         "this needs a character: use --as NAME (or `as NAME` in the REPL), after"
         " `roll sheet import FILE.toml`",
         "this needs a character: act as one (-a NAME, or as NAME), after `sheet import FILE.toml`"),
    ],
)
def test_a_refusal_carries_its_hint_as_fields_and_each_front_end_words_it(
    line: str, system: str, parts: tuple[object, ...], shell: str, prompt: str
) -> None:
    error = refusal(line, system)
    assert error.parts == parts
    assert error.hints == tuple(p for p in parts if isinstance(p, Hint))
    assert error.message == str(error) == error.worded(command_words) == shell
    assert error.worded(prompt_words) == prompt


def test_a_plain_message_is_one_part_with_no_hint() -> None:
    error = UsageError("physical takes on or off, not 'x'")
    assert (error.parts, error.hints) == (("physical takes on or off, not 'x'",), ())
    assert error.worded(prompt_words) == error.message == "physical takes on or off, not 'x'"


def test_a_notation_error_says_where_and_what_was_expected() -> None:
    with pytest.raises(NotationError) as caught:
        parse("2d6+*")
    error = caught.value
    assert (error.text, error.column) == ("2d6+*", 5)
    assert error.expected != "" and error.hints == ()
    assert error_text("2d6+*", error) == f"roll: error: {error.message}\n  2d6+*\n      ^"


def test_error_text_words_the_hints_of_the_front_end_that_runs() -> None:
    error = refusal("check body task 2", "tiers")
    assert wording() is command_words
    assert error_text(None, error).endswith("character (--as NAME)")
    with speaking(prompt_words):
        assert error_text(None, error).endswith("character (-a NAME, or as NAME)")
    assert error_text(None, error).endswith("character (--as NAME)")


def test_the_shell_words_the_hints_as_options() -> None:
    assert invoke("-s", "tiers", "check", "body", "task", "2")[1:] == ("", (
        "roll: error: this needs a Tier: give it inline (tier=2) or act as a character"
        " (--as NAME)\n"))
    assert invoke("d20+f")[2] == ("roll: error: f and h are Vagabond's Favor and Hinder dice:"
                                  " use -s vagabond (or +d6 / -d6)\n")


class WideOutput(DummyOutput):
    """A 200-column pane: an error's line is never wrapped."""

    def get_size(self) -> Size:
        return Size(rows=40, columns=200)


def repl(keys: str, settings: Settings | None = None) -> tuple[int, str, str]:
    """Type `keys` into a wide REPL (they must leave it); (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        status = run_repl(settings or Settings(), Environment(io.StringIO(), out, err), dispatch,
                          input=pipe, output=WideOutput())
    return status, out.getvalue(), err.getvalue()


def test_the_repl_words_the_hints_as_its_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ROLL_AS", raising=False)
    status, _, err = repl("d20+f\rfluke\rquit\r", Settings(campaign=tmp_path / "c.sqlite3"))
    assert status == 0
    assert err == (
        "roll: error: f and h are Vagabond's Favor and Hinder dice: use vagabond (or +d6 / -d6)\n"
        "roll: error: 'fluke' is a vagabond command; switch with use vagabond\n"
    )


def _calls(tree: ast.AST) -> set[str]:
    """The names called in `tree` (`re.sub` → `sub`, `at_prompt(…)` → `at_prompt`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return names


def test_no_module_of_the_repl_rewrites_error_text_with_a_regular_expression() -> None:
    """Errors reach the REPL's pane already worded (their hints are fields): the one rewrite
    left, `at_prompt`, words the help topics and is called from `help` alone."""
    rewriting = {"sub", "subn", "at_prompt"}
    for path in sorted(REPL.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            called = _calls(node) & rewriting
            if not called:
                continue
            text = ast.unparse(node)
            assert "error" not in text.lower(), f"{path.name}: {node.name} rewrites errors"
            assert node.name in ("help", "at_prompt"), f"{path.name}: {node.name} rewrites text"
    fitted = ast.parse((REPL.parent / "base" / "error_layout.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(fitted) if isinstance(n, ast.Import | ast.ImportFrom)
                for a in n.names}
    imported |= {n.module or "" for n in ast.walk(fitted) if isinstance(n, ast.ImportFrom)}
    assert not {"re", "at_prompt", "cli.repl.speech"} & imported



def test_a_placeholder_with_nobody_acting_words_its_hint_in_the_repl(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ROLL_AS", raising=False)
    status, _, err = repl("d20+{might}\rquit\r", Settings(campaign=tmp_path / "c.sqlite3"))
    assert (status, err) == (0, (
        "roll: error: {might} is a value of the acting character, and nobody acts: act as one"
        " (-a NAME, or as NAME), or give a default: {might:N}\n"))


@pytest.mark.parametrize(("args", "error"), [
    (["-s", "macchiato", "check"], "roll: error: check needs a stat: check STAT [adv|dis] [free]"
     " (STAT: str dex con … · help macchiato\n"),
    (["-s", "macchiato", "check", "str=12", "zap"], "roll: error: check takes adv, dis or free"
     " after the stat, not 'zap': check STAT [adv|dis] [free] (STAT: str dex con … · help"
     " macchiato\n"),
    (["-s", "brighter", "step", "sideways", "dex"],
     "roll: error: step up|down [max] ATTR (ATTR: str, dex, wil) · help brighter\n"),
])
def test_every_command_usage_an_error_quotes_is_brief_and_names_its_help(
        args: list[str], error: str) -> None:
    """Macchiato's `check` and Brighter Worlds' `step` usages are registered as every other
    command's are (rules.errors.register_usage): cut at a word, pointing at `help GAME`."""
    assert invoke(*args) == (2, "", error)
