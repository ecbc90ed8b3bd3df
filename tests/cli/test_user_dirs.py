"""The user's dirs (cli/base/user_dirs.py) are where platformdirs puts them: the XDG rule read
directly gives platformdirs' own answer for every variable set, blank, relative or unset."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import platformdirs
import pytest

from cli.base.user_dirs import Kind, user_dir, xdg_dir

FINDERS: dict[Kind, Callable[..., str]] = {
    "config": platformdirs.user_config_dir,
    "data": platformdirs.user_data_dir,
    "state": platformdirs.user_state_dir,
}
VARIABLES: dict[Kind, str] = {"config": "XDG_CONFIG_HOME", "data": "XDG_DATA_HOME",
                              "state": "XDG_STATE_HOME"}
DEFAULTS: dict[Kind, str] = {"config": ".config", "data": ".local/share", "state": ".local/state"}

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="the XDG rule is Linux's and the BSDs'")


def platformdirs_answer(kind: Kind) -> str:
    return FINDERS[kind]("roll-rules", appauthor=False)


@pytest.mark.parametrize("kind", ["config", "data", "state"])
def test_an_absolute_variable_names_the_dir(
    kind: Kind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VARIABLES[kind], f"{tmp_path}/mine/")
    assert user_dir(kind) == f"{tmp_path}/mine/roll-rules" == platformdirs_answer(kind)


@pytest.mark.parametrize("kind", ["config", "data", "state"])
@pytest.mark.parametrize("value", [None, "", "relative/dir", "~/tilde"])
def test_no_absolute_variable_is_the_default_under_home(
    kind: Kind, value: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if value is None:
        monkeypatch.delenv(VARIABLES[kind], raising=False)
    else:
        monkeypatch.setenv(VARIABLES[kind], value)
    expected = f"{tmp_path}/home/{DEFAULTS[kind]}/roll-rules"
    assert user_dir(kind) == expected == platformdirs_answer(kind)


@pytest.mark.parametrize("home", ["", "relative-home"])
def test_a_home_that_is_no_path_is_left_to_platformdirs(
    home: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", home)
    assert xdg_dir("config") is None
    assert user_dir("config") == platformdirs_answer("config")


def test_android_is_left_to_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANDROID_DATA", "/data")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert xdg_dir("config") is None


def test_the_config_file_is_in_the_config_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.base.config import config_path

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert config_path() == f"{tmp_path}/cfg/roll-rules/config.toml"
