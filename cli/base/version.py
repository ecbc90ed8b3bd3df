"""`roll --version`: the version of the installed distribution, read from its metadata."""

from __future__ import annotations

DISTRIBUTION = "roll-rules"
"""The distribution name (SPEC §1); its version is pyproject's, the one source of it."""


def version_line() -> str:
    """`roll VERSION`, as `roll --version` prints it (run from a bare checkout: says so)."""
    from importlib.metadata import PackageNotFoundError, version  # only `--version` pays for it

    try:
        return f"roll {version(DISTRIBUTION)}"
    except PackageNotFoundError:
        return f"roll (version unknown: {DISTRIBUTION} is not installed)"
