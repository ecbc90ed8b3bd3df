"""How roll installs: its version from the metadata, no rich at run time, our deprecations as errors."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
import warnings
from importlib import metadata
from pathlib import Path

import pytest

from cli.base.version import DISTRIBUTION
from tests.support.cli import invoke
from tests.support.installed import ROLL
from tests.support.json_schema import fits
from tests.support.paths import ROOT_DIR

PYPROJECT = ROOT_DIR / "pyproject.toml"
VERSION = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
installed = pytest.mark.skipif(not Path(ROLL).exists(), reason="roll is not installed")


def test_version_is_pyprojects() -> None:
    assert invoke("--version") == (0, f"roll {VERSION}\n", "")


def test_a_bare_checkout_says_it_has_no_version(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cli.base.version.DISTRIBUTION", "roll-rules-not-installed")
    assert invoke("--version") == (
        0, "roll (version unknown: roll-rules-not-installed is not installed)\n", "")


@installed
def test_the_installed_version_is_pyprojects() -> None:
    done = subprocess.run([ROLL, "--version"], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"roll {VERSION}\n", "")


def test_every_run_time_dependency_has_a_ceiling() -> None:
    requires = [r for r in metadata.requires(DISTRIBUTION) or [] if "extra ==" not in r]
    ceilings = {re.split(r"[<>=!~ ;\[]", r)[0].lower(): re.findall(r"<([\d.]+)", r) for r in requires}
    assert ceilings == {"typer": ["0.26"], "click": ["9"], "prompt-toolkit": ["4"], "pyparsing": ["4"],
                        "platformdirs": ["5"], "tomli-w": ["2"], "wcwidth": ["0.3"]}


@pytest.mark.parametrize("module", ["rules.exact.dist", "cli.entry.app", "cli", "rules"])
def test_a_deprecation_in_our_code_is_an_error(module: str) -> None:
    with pytest.raises(DeprecationWarning, match="old API"):
        warnings.warn_explicit("old API", DeprecationWarning, "x.py", 1, module=module)


@pytest.mark.parametrize("module", ["typer", "click.utils", "clicker", "rulesets"])
def test_a_third_party_deprecation_stays_a_warning(module: str) -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.warn_explicit("old API", DeprecationWarning, "x.py", 1, module=module)
    assert [str(w.message) for w in seen] == ["old API"]


NOT_NEEDED = ("rich", "pygments", "markdown_it", "mdurl")
"""What Typer 0.24 pulls in for its rich help and tracebacks, which roll turns off."""

RUNS = [
    ("--rolled", "6,5,2,4", "4d6kh3"),
    ("--json", "--seed", "3", "d20+5 vs 15"),
    ("--help",),
    ("odds", "--help"),
    ("sheet",),
    ("odds", "2d6"),
    ("help", "notation"),
    ("2d6+*3",),
    ("--jsn", "1d6"),
    ("completion", "bash"),
    ("--version",),
]


@installed
def test_the_installed_roll_needs_no_rich(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    for name in NOT_NEEDED:  # a package of that name first on the path, which refuses to import
        (blocked / name).mkdir(parents=True)
        (blocked / name / "__init__.py").write_text(f"raise ImportError('{name} is blocked')\n")
    env = dict(os.environ, NO_COLOR="1", ROLL_CAMPAIGN=str(tmp_path / "c.sqlite3"))
    env_blocked = dict(env, PYTHONPATH=str(blocked))
    python = Path(ROLL).with_name("python")
    probe = subprocess.run([python, "-c", "import rich"], env=env_blocked, capture_output=True,
                           text=True, check=False)
    assert "rich is blocked" in probe.stderr
    for args in RUNS:
        plain = subprocess.run([ROLL, *args], env=env, capture_output=True, text=True, check=False)
        bare = subprocess.run([ROLL, *args], env=env_blocked, capture_output=True, text=True,
                              check=False)
        assert (bare.returncode, bare.stdout, bare.stderr) == (
            plain.returncode, plain.stdout, plain.stderr), args
        assert plain.returncode in (0, 2) and "Traceback" not in plain.stderr, args
        fits(plain.stdout)
