"""The options of SPEC §2 that shape how LINEs are evaluated and shown, read once."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from cli.store import Where


def nfc(name: str) -> str:
    """A name as the campaign stores it (NFC: `Zoë` composed or decomposed is one name)."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFC", name)


_FROM_ENV: Any = object()
"""A default read from the process's environment (ROLL_SYSTEM, ROLL_AS) when not given."""

_FIELDS = ("system", "character", "campaign", "seed", "rolled", "times", "json", "quiet",
           "exit_code", "no_color", "env_system", "env_as")


class Settings:
    """The options of SPEC §2 that shape how LINEs are evaluated and shown.

    A plain class, written out: it is made before a REPL's first prompt, where a dataclass's
    generated methods cost as much as the rest of this module."""

    __slots__ = _FIELDS

    def __init__(
        self,
        system: str | None = None,
        character: str | None = None,
        campaign: Path | str | None = None,
        seed: int | None = None,
        rolled: str | None = None,
        times: int = 1,
        json: bool = False,
        quiet: bool = False,
        exit_code: bool = False,
        no_color: bool = False,
        env_system: str | None = _FROM_ENV,
        env_as: str | None = _FROM_ENV,
    ) -> None:
        self.system = system
        self.character = character
        self.campaign = campaign
        self.seed = seed
        self.rolled = rolled
        self.times = times
        self.json = json
        self.quiet = quiet
        self.exit_code = exit_code
        self.no_color = no_color
        if env_system is _FROM_ENV:  # ROLL_SYSTEM as the process found it (every LINE asks)
            env_system = os.environ.get("ROLL_SYSTEM") or None
        if env_as is _FROM_ENV:  # ROLL_AS as the process found it
            env_as = nfc(os.environ.get("ROLL_AS", "").strip()) or None
        self.env_system = env_system
        self.env_as = env_as

    def replaced(self, **changes: Any) -> Settings:
        """These settings with `changes` (options by name) put over them."""
        given = {name: getattr(self, name) for name in _FIELDS}
        return Settings(**{**given, **changes})

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS[:-2])
        return f"Settings({shown})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable: as a dataclass is

    @classmethod
    def from_options(cls, **given: Any) -> Settings:
        """Settings from option values named as the options' parameters are (`as_`: who acts;
        cli/argv.py)."""
        fields = {("character" if name == "as_" else name): value for name, value in given.items()}
        return cls(**fields)

    def campaign_path(self) -> Where:
        """Where the campaign is: `--campaign`, else ROLL_CAMPAIGN (a path or a postgresql://
        URL), else the default file."""
        from cli.store.where import campaign_where

        if self.campaign is not None:
            return campaign_where(self.campaign)
        from_env = os.environ.get("ROLL_CAMPAIGN")
        if from_env:
            return campaign_where(from_env)
        from cli.store import default_campaign_path

        return default_campaign_path()

    def system_id(self) -> str | None:
        return self.system or self.env_system

    def acting(self) -> str | None:
        """Who acts: `--as` (or the REPL's `as`; "" is nobody), else env ROLL_AS, else nobody."""
        if self.character is not None:
            return self.character.strip() or None
        return self.env_as

