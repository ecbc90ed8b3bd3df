"""`rules` as a library (SPEC §1): roll, price and parse a LINE as `roll` does, without cli."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from fractions import Fraction
from importlib import import_module

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules import ScriptedSource
from tests.support.cli import invoke, invoke_json
from tests.support.paths import ROOT_DIR


def test_the_face_names_what_spec_lists() -> None:
    for name in ("parse", "roll", "odds", "SYSTEMS", "get_system", "Resolution", "Change",
                 "Roll", "Odds", "RollError", "NotationError", "LimitError", "UsageError",
                 "RuleError", "ScriptedSource"):
        assert name in rules.__all__
        assert getattr(rules, name) is not None
    assert list(rules.SYSTEMS) == ["generic", "vagabond", "macchiato", "champions", "tiers",
                                   "brighter"]


def _typed_face() -> dict[str, str]:
    """The face as the type checker reads it: each name of rules/__init__.py's imports, by module."""
    tree = ast.parse((ROOT_DIR / "rules" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If))
    return {alias.name: node.module for node in guarded.body
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names}


def test_the_lazy_face_names_each_name_once_in_each_of_its_lists() -> None:
    typed = _typed_face()
    assert sorted(typed) == sorted(rules.__all__)
    assert len(rules.__all__) == len(set(rules.__all__))
    assert set(rules.__all__) <= set(dir(rules))


@given(st.sampled_from(sorted(_typed_face().items())))
def test_the_lazy_face_gives_what_a_plain_import_gives(named: tuple[str, str]) -> None:
    name, module = named
    assert getattr(rules, name) is getattr(import_module(module), name)


def test_the_lazy_face_refuses_a_name_it_does_not_have() -> None:
    with pytest.raises(AttributeError, match="module 'rules' has no attribute 'rol'"):
        rules.rol  # noqa: B018


def test_roll_is_the_result_a_one_shot_prints() -> None:
    res = rules.roll("4d6kh3", seed=7)
    assert isinstance(res, rules.Resolution)
    assert res.summary == "4d6kh3 → [2, 1, 4, ~~1~~] = 7"
    assert res.total == 7
    code, out, _ = invoke("--seed", "7", "4d6kh3")
    assert (code, out) == (0, res.summary + "\n")
    _, [shown] = invoke_json("--seed", "7", "4d6kh3")
    assert [d["face"] for d in shown["dice"]] == [t.face for t in res.throws] == [2, 1, 4, 1]


def test_roll_with_scripted_faces_and_a_system() -> None:
    res = rules.roll("check dex=5 trained", system="vagabond", source=ScriptedSource([14]))
    assert (res.summary, res.outcome, res.total, res.target) == (
        "check dex=5 trained → 14 vs 10 · pass", "pass", 14, 10)
    assert res.system == "vagabond"


def test_repeat_answers_every_result_and_roll_refuses_several() -> None:
    results = rules.repeat("3X 1d6", source=ScriptedSource([1, 6, 5]))
    assert [r.summary for r in results] == ["1d6 → [1] = 1", "1d6 → [6] = 6", "1d6 → [5] = 5"]
    with pytest.raises(rules.UsageError, match=r"makes 3 results: rules.repeat\(\)"):
        rules.roll("3x 1d6", seed=1)


def test_errors_are_the_ones_roll_reports() -> None:
    with pytest.raises(rules.NotationError) as found:
        rules.roll("2d6 +", seed=1)
    assert found.value.column == 6
    with pytest.raises(rules.UsageError, match="unknown system 'nope'"):
        rules.roll("d6", system="nope")
    with pytest.raises(rules.LimitError):
        rules.roll("1000000d1000000", seed=1)


def test_odds_is_a_plain_function_beside_the_exact_package() -> None:
    """`rules.odds` is the library's function (SPEC §1), whatever of rules.exact is loaded."""
    import inspect

    import rules.exact  # noqa: F401  (a subpackage loaded sets its own name only)

    assert inspect.isfunction(rules.odds) and rules.odds.__module__ == "rules.library"
    assert str(inspect.signature(rules.odds)) == (
        "(line: 'str', *, system: 'str | None' = None, table: 'TableState | None' = None)"
        " -> 'Odds'")


def test_odds_and_parse() -> None:
    odds = rules.odds("2d6 vs 7")
    assert odds.outcomes == {"pass": Fraction(7, 12), "fail": Fraction(5, 12)}
    assert odds.distribution[7] == Fraction(1, 6)
    line = rules.parse("3x 1d6 # fire")
    assert (line.repeat, line.comment) == (3, "fire")


def test_a_program_keeps_its_own_recursion_limit() -> None:
    """A long sum needs more frames than Python's default; the face lends them and gives the
    program its own limit back (the `roll` command keeps them: it owns its process)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1234)
    try:
        long_sum = "+".join(["1"] * 400)
        assert rules.roll(long_sum, seed=1).total == 400
        assert sys.getrecursionlimit() == 1234
        assert rules.parse(long_sum).shown == long_sum
        assert sys.getrecursionlimit() == 1234
        assert rules.odds("+".join(["1d2"] * 3)).distribution[6] == Fraction(1, 8)
        assert sys.getrecursionlimit() == 1234
    finally:
        sys.setrecursionlimit(before)


def test_a_process_without_cli_imports_rules_alone_and_rolls() -> None:
    script = textwrap.dedent("""
        import json, sys
        sys.modules["cli"] = None  # `import cli` fails: only rules/ is there to use
        import rules
        res = rules.roll("4d6kh3", seed=7)
        checked = rules.roll("check dex=5 trained", system="vagabond",
                             source=rules.ScriptedSource([14]))
        try:
            import cli
        except ImportError:
            cli_missing = True
        else:
            cli_missing = False
        print(json.dumps({"summary": res.summary, "check": checked.summary,
                          "cli_missing": cli_missing,
                          "cli_loaded": any(m.startswith("cli") for m in sys.modules
                                            if sys.modules[m] is not None)}))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    seen = json.loads(done.stdout)
    assert seen == {"summary": "4d6kh3 → [2, 1, 4, ~~1~~] = 7",
                    "check": "check dex=5 trained → 14 vs 10 · pass", "cli_missing": True,
                    "cli_loaded": False}


def test_the_readme_example_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    readme = (ROOT_DIR / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## As a Python library"):]
    code = section[section.index("```python\n") + 10:section.index("```\n", 1)]
    comments = [line.rsplit("  # ", 1)[1] for line in code.splitlines() if "print(" in line]
    said = [c.split(": one")[0] for c in comments]  # `[7, 7, 6]: one result per Nx`
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed == said
