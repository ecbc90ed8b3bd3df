"""The config file (SPEC §2): `config.toml` in the user config dir, read only when it is there,
below the command line and the environment (`ROLL_*`), above the defaults."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from rules.errors import UsageError

KEYS = ("campaign", "system", "as", "color")
"""What the file may set, each a string."""

CONFIG_ENV = "ROLL_CONFIG"
"""An environment variable naming another config file (tests, a second table)."""


@dataclass(frozen=True, slots=True)
class Config:
    """The settings a config file gives (None: not given)."""

    campaign: str | None = None
    system: str | None = None
    as_: str | None = None
    color: str | None = None
    system_at: str = ""
    """Where `system` is set (`FILE, line N`): a game no one answers to is said with it."""
    as_at: str = ""
    """Where `as` is set: a character the campaign lacks is said with it."""

    def about(self, key: str, error: UsageError) -> UsageError:
        """The error of a `system` no game answers to, or of an `as` no campaign holds,
        naming the file, the key and its line as the other config errors do."""
        where = self.system_at if key == "system" else self.as_at
        return UsageError(f"config file {where}: {key!r}: {error.message}")


def config_path() -> str:
    """Where the config file is: ROLL_CONFIG, else `config.toml` in the user config dir (a
    path's text, not a pathlib.Path: every one-shot asks, and pathlib's import costs it ~2 ms)."""
    named = os.environ.get(CONFIG_ENV)
    if named:
        return named
    from cli.base.user_dirs import user_dir  # only here: ROLL_CONFIG needs no config dir

    return os.path.join(user_dir("config"), "config.toml")


def _line_of(text: str, key: str) -> int | None:
    """The 1-based line where `key` is set, for the error that names it."""
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", line):
            return number
    return None


def _where(path: str, text: str, key: str) -> str:
    """The file and the line where `key` is set (`FILE, line N`), for an error naming them."""
    line = _line_of(text, key)
    return f"{path}, line {line}" if line is not None else str(path)


def _bad(path: str, text: str, key: str, why: str) -> UsageError:
    return UsageError(f"config file {_where(path, text, key)}: {why}")


def _game(name: str) -> str:
    """A built-in game's id (`vag` → vagabond); any other name as written: a game file
    (`./pbta.toml`) or a game of the campaign is looked for when a LINE plays (the campaign may
    be this file's too), and `Config.unknown_system` says so if none answers."""
    from rules.systems import get_system

    try:
        return get_system(name).id
    except UsageError:
        return name


def read_config(path: str) -> Config:
    """The settings of the file at `path` (none when it is missing); a bad key or value is one
    UsageError naming the file, the line and the key."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except FileNotFoundError:
        return Config()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"config file {path}: cannot be read ({exc})") from None
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"config file {path}: not TOML: {exc}") from None
    values: dict[str, str] = {}
    for key, value in data.items():
        if key not in KEYS:
            near = ": did you mean 'color'?" if key.lower() == "colour" else ""
            raise _bad(path, text, key, f"{key!r} is no setting{near} (keys: {', '.join(KEYS)})")
        if not isinstance(value, str) or not value.strip():
            raise _bad(path, text, key, f"{key!r} takes a non-empty string, not {value!r}")
        values[key] = value.strip()
    if "color" in values:
        from cli.base.colour import WHEN

        if values["color"].lower() not in WHEN:
            raise _bad(path, text, "color",
                       f"'color' takes auto, always or never, not {values['color']!r}")
        values["color"] = values["color"].lower()
    if "system" in values:
        values["system"] = _game(values["system"])
    return Config(values.get("campaign"), values.get("system"), values.get("as"),
                  values.get("color"), _where(path, text, "system"), _where(path, text, "as"))
