"""Import pyparsing without the parts of it a LINE never uses, which then load on first use.

`import pyparsing` also runs `pyparsing.testing` (its unittest helpers: it imports unittest)
and `pyparsing.common` (ready-made expressions: it imports datetime): together nearly a third
of its import, about 8 of 28 ms on Python 3.11, in every one-shot. `import_pyparsing()` stands
a placeholder for each while pyparsing imports; a placeholder's names (`pyparsing.common`,
`pyparsing_test`, …) load the real module the first time anything is read from them. Should a
pyparsing version want more of them than a placeholder holds, pyparsing is imported as it is.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

DEFERRED: dict[str, dict[str, str | None]] = {
    "pyparsing.testing": {"pyparsing_test": "pyparsing_test"},
    "pyparsing.common": {"pyparsing_common": "pyparsing_common", "_builtin_exprs": None},
}
"""Placeholder modules: each name pyparsing imports from them, and the real object it stands
for (None: an empty list, pyparsing's list of ready-made expressions to re-space)."""


class OnFirstUse:
    """Stands for `name` of module `home` until something is read from it."""

    def __init__(self, home: str, name: str) -> None:
        self._home = home
        self._name = name
        self._real: Any = None

    def __getattr__(self, attribute: str) -> Any:
        if self._real is None:
            self._real = self._load()
        return getattr(self._real, attribute)

    def _load(self) -> Any:
        pyparsing = sys.modules["pyparsing"]
        aliases = [alias for alias, value in vars(pyparsing).items() if value is self]
        module = importlib.import_module(self._home)
        # its ready-made expressions join pyparsing's own, as an eager import has them
        builtin = getattr(pyparsing, "core_builtin_exprs", None)
        if isinstance(builtin, list):
            builtin.extend(getattr(module, "_builtin_exprs", ()))
        real = getattr(module, self._name)
        for alias in aliases:  # `pyparsing.common` is the class again, not its module,
            setattr(pyparsing, alias, real)  # and the next use goes to it directly
        return real


def _placeholder(name: str, names: dict[str, str | None]) -> ModuleType:
    module = ModuleType(name, "placeholder: loads the real module on first use")
    for attribute, real in names.items():
        setattr(module, attribute, [] if real is None else OnFirstUse(name, real))
    return module


def import_pyparsing() -> None:
    """Import pyparsing without what a LINE never uses (see above); the grammar then finds it
    imported."""
    if "pyparsing" in sys.modules:
        return
    placeholders = {name: _placeholder(name, names) for name, names in DEFERRED.items()}
    sys.modules.update(placeholders)
    try:
        importlib.import_module("pyparsing")
    except ImportError:  # a pyparsing that wants more of them: import it as it is
        _forget(placeholders)
        sys.modules.pop("pyparsing", None)
        importlib.import_module("pyparsing")
    finally:
        _forget(placeholders)


def _forget(placeholders: dict[str, ModuleType]) -> None:
    """Take the placeholders out of sys.modules: an import of them now finds the real ones."""
    for name, module in placeholders.items():
        if sys.modules.get(name) is module:
            del sys.modules[name]
