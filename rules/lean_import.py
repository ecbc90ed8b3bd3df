"""Import a library without the submodules of it that nothing here uses; they load on first use.

A library's `__init__` often imports everything it offers: pyparsing its unittest helpers and
ready-made expressions, 8 of its 28 ms on Python 3.11, in every one-shot. `import_lean(package,
deferred)` imports the package while a placeholder module stands for each deferred submodule:
the names the package imports from it are `OnFirstUse` stand-ins, which load the real module
the first time anything is read from them or they are called, and then put the real object
back where the package bound the stand-in. Should a version of the library import more
names than a placeholder holds, the package is imported whole, as it would be anyway.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

Deferred = Mapping[str, Mapping[str, str | None]]
"""Submodule → each name the package imports from it → the real name it stands for (None: an
empty list)."""
Loaded = Callable[[ModuleType], None]
"""What to do once a deferred submodule has loaded for real (e.g. register what it adds)."""


class OnFirstUse:
    """Stands for `name` of module `home` until something is read from it or it is called."""

    def __init__(self, home: str, name: str, loaded: Loaded | None = None) -> None:
        self._home = home
        self._name = name
        self._loaded = loaded
        self._real: Any = None

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._resolved(), attribute)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._resolved()(*args, **kwargs)

    def _resolved(self) -> Any:
        if self._real is None:
            self._real = self._load()
        return self._real

    def _load(self) -> Any:
        package = sys.modules[self._home.split(".")[0]]
        aliases = [alias for alias, value in vars(package).items() if value is self]
        module = importlib.import_module(self._home)  # (binds the submodule in its parent)
        if self._loaded is not None:
            self._loaded(module)
        real = getattr(module, self._name)
        for alias in aliases:  # where the package bound this stand-in, the real one now
            setattr(package, alias, real)
        return real


def _placeholder(name: str, names: Mapping[str, str | None], loaded: Loaded | None) -> ModuleType:
    module = ModuleType(name, "placeholder: loads the real module on first use")
    for attribute, real in names.items():
        setattr(module, attribute, [] if real is None else OnFirstUse(name, real, loaded))
    return module


def import_lean(package: str, deferred: Deferred, loaded: Loaded | None = None) -> None:
    """Import `package` (if it is not yet) with `deferred` submodules standing in (see above);
    `loaded` runs on each of them when it loads for real."""
    if package in sys.modules:
        return
    placeholders = {name: _placeholder(name, names, loaded) for name, names in deferred.items()}
    sys.modules.update(placeholders)
    try:
        importlib.import_module(package)
    except ImportError:  # a version that wants more of them: import it as it is
        _forget(placeholders)
        for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
            del sys.modules[name]  # half-imported: again, whole
        importlib.import_module(package)
    finally:
        _forget(placeholders)


def _forget(placeholders: Mapping[str, ModuleType]) -> None:
    """Take the placeholders out of sys.modules: an import of them now finds the real ones."""
    for name, module in placeholders.items():
        if sys.modules.get(name) is module:
            del sys.modules[name]
