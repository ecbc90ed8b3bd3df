"""`@frozen` and `@mutable`: dataclasses whose methods are written when their first instance is made.

`@dataclass(frozen=True)` compiles an `__init__`, `__eq__`, `__hash__`, `__repr__` and the
frozen `__setattr__`/`__delattr__` of each class as the module defining it loads: 0.5 to 1 ms a
class (a plain `@dataclass` about half that), 10 ms for the syntax tree's two dozen, though a
LINE makes instances of a few of them, and a REPL's first prompt of none of the result's.
A class marked `@frozen` is the same frozen dataclass (the same fields, defaults,
`__post_init__`, equality, hash, `repr`, `dataclasses.replace` and `fields`), made so by
`dataclasses.dataclass(frozen=True)` the first time one of its instances (or a subclass's) is
made, or `made(cls)` is called; `@mutable` is the same for a plain `@dataclass` (the runner's
per-LINE state: a roller, a budget, a command's context). Before that nothing can tell the
difference but `dataclasses.is_dataclass(cls)`, `fields(cls)` and the generated attributes
read from the class itself (`__match_args__`): code that asks them of a class before any
instance calls `made(cls)` first.

Classes that need `__slots__` (a result tree: one node per die of `100000d6`) derive from
`Slotted`: their fields listed in `__slots__`, set once in a hand-written `__init__`; equality,
hash, `repr` and the refusal to change come from `Slotted`. Slots make a new class, which
cannot wait, and `@dataclass(frozen=True, slots=True)` costs about 1 ms a class at import.
"""

from __future__ import annotations

from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_PENDING = "__value_pending__"


@dataclass_transform(frozen_default=True)
def frozen(cls: T) -> T:
    """Mark `cls` a frozen dataclass, made at its first instance (see the module)."""
    return _pending(cls, frozen=True)


@dataclass_transform()
def mutable(cls: T) -> T:
    """Mark `cls` a (mutable) dataclass, made at its first instance (see the module)."""
    return _pending(cls, frozen=False)


def _pending(cls: T, frozen: bool) -> T:
    setattr(cls, _PENDING, {"frozen": frozen})
    setattr(cls, "__init__", _first_instance)  # noqa: B010  (replaced by the dataclass's own)
    return cls


def made(cls: T) -> T:
    """`cls` (and every `@frozen`/`@mutable` class it derives from) made a dataclass now."""
    from dataclasses import dataclass

    for each in reversed(cls.__mro__):  # a base first: a dataclass takes its bases' fields
        options = vars(each).get(_PENDING)
        if options:
            delattr(each, _PENDING)
            delattr(each, "__init__")  # (the placeholder: the dataclass writes its own)
            dataclass(**options)(each)
    return cls


def _first_instance(self: Any, *args: Any, **kwargs: Any) -> None:
    cls: Any = made(type(self))
    init = cls.__init__  # the dataclass's own, now
    init(self, *args, **kwargs)


class Slotted:
    """A frozen value with `__slots__` (see the module): a subclass names its fields in
    `__slots__` (after its bases' fields), in the order its `__init__` takes them, and sets each
    there once with `object.__setattr__`. Two are equal when they are of one class with equal
    fields."""

    __slots__: tuple[str, ...] = ()

    def _set_fields(self, *values: Any) -> None:
        """Set every field once, in `__slots__` order (an `__init__` of a value made a few times;
        the result tree's nodes, made by the thousand, set theirs one by one)."""
        setter = object.__setattr__
        for name, value in zip(_names(type(self)), values, strict=True):
            setter(self, name, value)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _names(type(self)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _names(type(self)))
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle make it through its __init__
        return type(self), self._fields()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    """A Slotted class's fields: its bases' slots first, then its own."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(name for each in reversed(cls.__mro__)
                                    for name in vars(each).get("__slots__", ()))
    return names
