"""Import a library without the submodules of it that nothing here uses; they load on first use.

A library's `__init__` often imports everything it offers: pyparsing its unittest helpers and
ready-made expressions, 8 of its 28 ms on Python 3.11, in every one-shot. `import_lean(package,
deferred)` imports the package while a placeholder module stands for each deferred submodule:
the names the package imports from it are `OnFirstUse` stand-ins, which load the real module
the first time anything is read from them or they are called, and then put the real object
back wherever the package (or a subpackage) bound the stand-in. Should a version of the
library import more names than a placeholder holds, the package is imported whole, as it would
be anyway. A module the package imports whole (`import shutil`, for one function it calls
later) can stand in too: any attribute read from its placeholder loads the real module.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any

Deferred = Mapping[str, Mapping[str, str | None]]
"""Submodule → each name the package imports from it → the real name it stands for (None: an
empty list). No names: a module the package imports whole, read only when used."""
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

    # a class standing in: subclassed, or named in isinstance / issubclass, it is the real one
    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[Any, ...]:
        return (self._resolved(),)

    def __instancecheck__(self, instance: Any) -> bool:
        return isinstance(instance, self._resolved())

    def __subclasscheck__(self, subclass: Any) -> bool:
        return issubclass(subclass, self._resolved())

    def _resolved(self) -> Any:
        if self._real is None:
            self._real = self._load()
        return self._real

    def _load(self) -> Any:
        bound = _bindings_of(self, self._home.split(".")[0])
        module = _real_module(self._home)  # (binds the submodule in its parent)
        if self._loaded is not None:
            self._loaded(module)
        real = getattr(module, self._name)
        for where, alias in bound:  # where the package bound this stand-in, the real one now
            setattr(where, alias, real)
        return real


def _bindings_of(stand_in: OnFirstUse, package: str) -> list[tuple[ModuleType, str]]:
    """Each (module of `package`, name) bound to `stand_in`: the package's `__init__` and any
    subpackage that imported the name (prompt_toolkit.shortcuts, then prompt_toolkit)."""
    return [(module, alias) for name, module in list(sys.modules.items())
            if (name == package or name.startswith(package + ".")) and module is not None
            for alias, value in list(vars(module).items()) if value is stand_in]


def _placeholder(name: str, names: Mapping[str, str | None], loaded: Loaded | None) -> ModuleType:
    module = ModuleType(name, "placeholder: loads the real module on first use")
    module.__dict__[_PLACEHOLDER] = True
    for attribute, real in names.items():
        setattr(module, attribute, [] if real is None else OnFirstUse(name, real, loaded))
    if not names:  # imported whole: whatever is read from it, from the real module (PEP 562)
        module.__dict__["__getattr__"] = lambda attribute: getattr(_real_module(name), attribute)
    return module


_PLACEHOLDER = "__lean_import_placeholder__"


def _real_module(name: str) -> ModuleType:
    """The real module `name`, imported if it is not yet (also while its placeholder stands in
    sys.modules, within `leaving_out`)."""
    present = sys.modules.get(name)
    if present is not None and vars(present).get(_PLACEHOLDER):
        del sys.modules[name]
    return importlib.import_module(name)


def import_lean(package: str, deferred: Deferred, loaded: Loaded | None = None) -> None:
    """Import `package` (if it is not yet) with `deferred` submodules standing in (see above);
    `loaded` runs on each of them when it loads for real."""
    with leaving_out(package, deferred, loaded):
        importlib.import_module(package)


@contextmanager
def leaving_out(package: str, deferred: Deferred, loaded: Loaded | None = None) -> Iterator[None]:
    """Within it, `import package` (if it is not yet imported) has `deferred` submodules standing
    in (see above); a version that wants more of them than the stand-ins hold is imported whole.

    A statement of the caller's own (`with leaving_out(...): import package`) imports at the
    depth of that module, as a plain import would: on CPython 3.11 a few more frames under
    an import can make a loop of it cross a 16 KiB chunk of the frame stack at each call,
    one mmap and munmap a call (bench/README.md, "frame-stack churn")."""
    if package in sys.modules:
        yield
        return
    placeholders = {name: _placeholder(name, names, loaded) for name, names in deferred.items()
                    if name not in sys.modules}  # (a module imported already is used as it is)
    sys.modules.update(placeholders)
    try:
        yield
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
