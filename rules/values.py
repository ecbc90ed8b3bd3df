"""`@frozen`: a frozen dataclass whose methods are written when its first instance is made.

`@dataclass(frozen=True)` compiles an `__init__`, `__eq__`, `__hash__`, `__repr__` and the
frozen `__setattr__`/`__delattr__` of each class as the module defining it loads: about
0.4 ms a class, 10 ms for the syntax tree's two dozen, though a LINE makes instances of a few
of them. A class marked `@frozen` is the same frozen dataclass (the same fields, defaults,
`__post_init__`, equality, hash, `repr`, `dataclasses.replace` and `fields`), made so by
`dataclasses.dataclass(frozen=True)` the first time one of its instances (or a subclass's) is
made, or `made(cls)` is called. Before that nothing can tell the difference but
`dataclasses.is_dataclass(cls)`, `fields(cls)` and the generated attributes read from the
class itself (`__match_args__`): code that asks them of a class before any instance calls
`made(cls)` first. Classes that need `__slots__` stay `@dataclass(frozen=True, slots=True)`:
slots make a new class, which cannot wait.
"""

from __future__ import annotations

from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_PENDING = "__value_pending__"


@dataclass_transform(frozen_default=True)
def frozen(cls: T) -> T:
    """Mark `cls` a frozen dataclass, made at its first instance (see the module)."""
    setattr(cls, _PENDING, True)
    setattr(cls, "__init__", _first_instance)  # noqa: B010  (replaced by the dataclass's own)
    return cls


def made(cls: T) -> T:
    """`cls` (and every `@frozen` class it derives from) made a frozen dataclass now."""
    from dataclasses import dataclass

    for each in reversed(cls.__mro__):  # a base first: a dataclass takes its bases' fields
        if vars(each).get(_PENDING):
            delattr(each, _PENDING)
            delattr(each, "__init__")  # (the placeholder: the dataclass writes its own)
            dataclass(frozen=True)(each)
    return cls


def _first_instance(self: Any, *args: Any, **kwargs: Any) -> None:
    cls: Any = made(type(self))
    init = cls.__init__  # the dataclass's own, now
    init(self, *args, **kwargs)
