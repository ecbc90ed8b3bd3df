"""Whether output is in colour (SPEC §2): `--color WHEN` or `--no-color` first, then ROLL_COLOR,
then the config file's `color`, then `auto`; `auto` reads the terminal conventions
(FORCE_COLOR, CLICOLOR_FORCE, NO_COLOR as no-color.org says) and whether stdout is a terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.errors import UsageError

WHEN = ("auto", "always", "never")
"""What `--color`, ROLL_COLOR and the config file's `color` take."""


def checked_when(value: str, where: str) -> str:
    """A WHEN as given (any case), or the error that names where it came from."""
    when = value.strip().lower()
    if when not in WHEN:
        raise UsageError(f"{where} takes auto, always or never, not {value!r}")
    return when


def chosen_when(given: str | None, no_color: bool, environ: Mapping[str, str],
                configured: Callable[[], str | None] = lambda: None) -> str:
    """The WHEN in force: the command line's, else ROLL_COLOR's, else the config file's
    (`configured`, read only when neither says; checked when it was read), else `auto`."""
    if no_color:
        return "never"
    if given is not None:
        return checked_when(given, "--color")
    if environ.get("ROLL_COLOR"):
        return checked_when(environ["ROLL_COLOR"], "ROLL_COLOR")
    return configured() or "auto"


def in_colour(when: str, environ: Mapping[str, str], isatty: bool) -> bool:
    """Colour for this WHEN: `auto` is colour when FORCE_COLOR or CLICOLOR_FORCE (not "0") is set
    non-empty (a pager that reads colour: `| less -R`), else on a terminal unless NO_COLOR is
    set non-empty."""
    if when != "auto":
        return when == "always"
    if environ.get("FORCE_COLOR") or environ.get("CLICOLOR_FORCE", "0") not in ("", "0"):
        return True  # asked for by name, as --color=always is: over NO_COLOR's general wish
    return isatty and not environ.get("NO_COLOR")
