"""The options of SPEC §2 that shape how LINEs are evaluated and shown, read once."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.errors import UsageError

if TYPE_CHECKING:
    from pathlib import Path

    from cli.base.config import Config


def nfc(name: str) -> str:
    """A name as the campaign stores it (NFC: `Zoë` composed or decomposed is one name)."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFC", name)


def _from_env(name: str) -> str | None:
    """A setting's environment variable, stripped and NFC (None when unset or blank); one
    whose bytes are not text is an error that names it (cli/base/os_text.py)."""
    value = os.environ.get(name)
    if not value:
        return None
    if not value.isascii():
        from cli.base.os_text import env_text

        value = env_text(name) or ""
    return nfc(value.strip()) or None


_FROM_ENV: Any = object()
"""A default read from the process's environment (ROLL_SYSTEM, ROLL_AS) when not given."""


@dataclass(slots=True)
class Settings:
    """The options of SPEC §2 that shape how LINEs are evaluated and shown."""

    system: str | None = None
    character: str | None = None
    campaign: Path | str | None = None
    seed: int | None = None
    rolled: str | None = None
    times: int = 1
    json: bool = False
    quiet: bool = False
    exit_code: bool = False
    no_color: bool = False
    color: str | None = None
    """`--color WHEN` as given (cli/base/colour.py reads it)."""
    env_system: str | None = field(default=_FROM_ENV, repr=False)
    """ROLL_SYSTEM as the process found it (every LINE asks)."""
    env_as: str | None = field(default=_FROM_ENV, repr=False)
    """ROLL_AS as the process found it."""
    configured: Config | None = field(default=None, repr=False)
    """The config file's settings, read when a setting first falls through to them."""

    def __post_init__(self) -> None:
        if self.env_system is _FROM_ENV:
            self.env_system = _from_env("ROLL_SYSTEM")
        if self.env_as is _FROM_ENV:
            self.env_as = _from_env("ROLL_AS")

    @classmethod
    def from_options(cls, **given: Any) -> Settings:
        """Settings from option values named as the options' parameters are (`as_`: who acts;
        cli/base/argv.py)."""
        fields = {("character" if name == "as_" else name): value for name, value in given.items()}
        return cls(**fields)

    def config(self) -> Config:
        """The config file's settings (cli/base/config.py), read once for these settings."""
        if self.configured is None:
            from cli.base.config import config_path, read_config

            self.configured = read_config(config_path())
        return self.configured

    def system_id(self) -> str | None:
        return self.system or self.env_system or self.config().system

    def colour_when(self) -> str | None:
        """The config file's `color`, under `--color`, `--no-color` and ROLL_COLOR."""
        return self.config().color

    def acting(self) -> str | None:
        """Who acts: `--as` (or the REPL's `as`; "" is nobody), else env ROLL_AS, else nobody."""
        if self.character is not None:
            return self.character.strip() or None
        if self.env_as is not None:
            return self.env_as
        configured = self.config().as_
        return nfc(configured) if configured else None

    def said_of_acting(self, error: UsageError) -> UsageError:
        """An error about who acts, said with where they were named when that is not on the
        line: ROLL_AS, or the config file's `as` (its file and line); as it is for `--as` and
        the REPL's `as` (a name set long ago in a shell's profile is nowhere the user looks)."""
        if self.character is not None:
            return error
        if self.env_as is not None:
            return UsageError(f"ROLL_AS: {error.message}")
        configured = self.config()
        return configured.about("as", error) if configured.as_ else error

