"""Every value of rules/ and cli/ is a plain dataclass: its fields, `replace`, its signature, and a
pickle that a fresh interpreter reads back equal (and hashing equal)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
import pkgutil
import subprocess
import sys
from functools import cached_property
from typing import Any

import pytest

import cli
import rules
from cli.base.environment import Environment
from cli.base.settings import Settings
from rules.campaign import Character
from tests.support.paths import ROOT_DIR

ROOT = ROOT_DIR


def _modules() -> list[Any]:
    out = []
    for package in (rules, cli):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if found.name.endswith("__main__"):
                continue
            out.append(importlib.import_module(found.name))
    return out


def _classes() -> list[type]:
    """Every class defined in a module of rules/ or cli/."""
    return [cls for module in _modules() for cls in vars(module).values()
            if isinstance(cls, type) and cls.__module__ == module.__name__]


VALUES = [cls for cls in _classes() if "__dataclass_params__" in vars(cls)]
"""The classes made dataclasses (not a class that merely derives from one)."""


def _caches(cls: type) -> bool:
    """Whether an instance keeps something it worked out in its `__dict__`: a cached_property."""
    for each in cls.__mro__:
        for attr in vars(each).values():
            if isinstance(attr, cached_property):
                return True
    return False


def test_the_values_are_found() -> None:
    names = {cls.__name__ for cls in VALUES}
    assert {"Dice", "Die", "RollLine", "Resolution", "Character", "Roll", "DieRoll", "Settings",
            "Environment", "TableView", "Stat", "Pool", "Said", "Hint"} <= names


@pytest.mark.parametrize("cls", VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_a_value_class_shows_its_fields_in_its_signature(cls: type) -> None:
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    assert list(inspect.signature(cls).parameters) == names
    assert cls.__match_args__ == tuple(names)  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_a_value_has_slots_unless_it_caches(cls: type) -> None:
    assert ("__slots__" in vars(cls)) is not _caches(cls)


def test_no_class_writes_its_slots_by_hand() -> None:
    """A class with slots of its own is a dataclass (none writes out an `__init__` over them);
    a context manager (`with speaking(words):`) is not a value."""
    hand = [cls.__qualname__ for cls in _classes() if vars(cls).get("__slots__")
            and not dataclasses.is_dataclass(cls) and not hasattr(cls, "__enter__")]
    assert hand == []


def test_the_value_helper_module_is_gone() -> None:
    assert not (ROOT / "rules" / "values.py").exists()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("rules.values")


def _character() -> Character:
    return Character("Mira", "vagabond", {"stats": {"dex": 5}, "pools": {"hp": 9}})


def test_replace_makes_a_new_value() -> None:
    tree = rules.parse("3x 1d6 # fire")
    again = dataclasses.replace(tree, repeat=2)
    assert (again.repeat, str(again.expr), tree.repeat) == (2, "1d6", 3)
    mira = _character()
    hurt = dataclasses.replace(mira, sheet={**mira.sheet, "pools": {"hp": 4}})
    assert (hurt.name, hurt.pools, mira.pools) == ("Mira", {"hp": 4}, {"hp": 9})
    res = rules.roll("2d6+1", source=rules.ScriptedSource([3, 4]))
    assert dataclasses.replace(res, total=99).total == 99 and res.total == 8
    settings = Settings(system="tiers", env_system=None, env_as=None)
    assert dataclasses.replace(settings, quiet=True) == Settings(
        system="tiers", quiet=True, env_system=None, env_as=None)
    env = Environment()
    assert dataclasses.replace(env, as_json=True).as_json and not env.as_json


def test_a_frozen_value_refuses_a_change() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        _character().name = "Tom"  # type: ignore[misc]


MADE = """
import dataclasses
import rules
from rules.campaign import Character
from cli.base.settings import Settings

def values():
    tree = rules.parse("3x 4d6kh3 + 2 [fire] vs 12 # blast")
    res = rules.roll("4d6kh3 + 2 # str", source=rules.ScriptedSource([2, 1, 4, 1]))
    check = rules.roll("check dex=5 trained", system="vagabond", source=rules.ScriptedSource([14]))
    mira = Character("Mira", "vagabond", {"stats": {"dex": 5}, "pools": {"hp": 9}})
    settings = Settings(system="tiers", seed=7, env_system=None, env_as=None)
    return {"tree": tree, "res": res, "roll": res.rolls[0], "check": check, "mira": mira,
            "settings": settings}
"""

READ = MADE + """
import pickle, sys
loaded = pickle.loads(sys.stdin.buffer.read())
for name, value in values().items():
    got = loaded[name]
    assert type(got) is type(value) and got == value, name
    assert repr(got) == repr(value), name
    assert "Roller" not in repr(got), name  # a result shows its values, not the roller
    try:
        hashed = hash(value)
    except TypeError:  # a value holding a sheet (a dict) hashes as a dict would: not at all
        hashed = None
    if hashed is not None:
        assert hash(got) == hashed, name
    assert dataclasses.replace(got) == value, name
print("equal:", " ".join(sorted(loaded)))
"""


def test_values_pickled_read_back_equal_in_a_fresh_interpreter() -> None:
    """Each made, pickled, then read in a new process: equal, the same repr, the same hash."""
    made = subprocess.run(
        [sys.executable, "-c", MADE + "import pickle, sys\n"
         "sys.stdout.buffer.write(pickle.dumps(values()))\n"],
        capture_output=True, check=True, timeout=60, cwd=ROOT)
    read = subprocess.run([sys.executable, "-c", READ], input=made.stdout, capture_output=True,
                          check=False, timeout=60, cwd=ROOT)
    assert read.stderr.decode() == ""
    assert read.stdout.decode() == "equal: check mira res roll settings tree\n"


def test_a_result_pickles_before_its_summary_is_read() -> None:
    res = rules.roll("2d6+1", source=rules.ScriptedSource([3, 4]))
    again = pickle.loads(pickle.dumps(res))
    assert again == res and again.summary == "2d6+1 → [3, 4] + 1 = 8"


def test_a_value_record_equals_only_its_own_kind() -> None:
    """Record, Throw, Face and OutcomeWord are dataclasses, not tuples: one equals no tuple of its values."""
    from rules.dice.results import Throw
    from rules.record import Record
    from rules.said import Face, OutcomeWord

    assert Throw("d6", 3, True) != ("d6", 3, True)
    assert Face("5") != ("5", True, False, False)
    assert OutcomeWord("pass") != ("pass",)
    assert Record("2d6", "generic", "roll") != ("2d6", "generic", "roll")
    assert Throw("d6", 3, True) == Throw("d6", 3, True)
    assert dataclasses.replace(Record("2d6", "generic", "roll"), text="x").text == "x"
