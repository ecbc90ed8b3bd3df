"""rules/values.py: a `@frozen` class is a frozen dataclass from its first instance on."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from rules.values import Slotted, frozen, made


@frozen
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = dataclasses.field(default=())


@frozen
class Labelled(Point):
    label: str = ""


def test_a_value_is_a_frozen_dataclass_with_its_fields_defaults_and_equality() -> None:
    p = Point(1)
    assert (p.x, p.y, p.tags) == (1, 0, ())
    assert p == Point(1, 0) and p != Point(1, 2) and hash(p) == hash(Point(1, 0))
    assert repr(p) == "Point(x=1, y=0, tags=())"
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    assert dataclasses.replace(p, y=5) == Point(1, 5)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags"]


def test_a_subclass_takes_its_bases_fields_whichever_is_made_first() -> None:
    @frozen
    class Base:
        a: int

    @frozen
    class Child(Base):
        b: str = "b"

    assert Child(1) == Child(a=1, b="b") and Base(2).a == 2
    assert Labelled(3, label="x").label == "x" and Labelled(3).y == 0


def test_made_makes_the_class_before_any_instance() -> None:
    @frozen
    class Unused:
        n: int

    assert not dataclasses.is_dataclass(Unused)
    assert [f.name for f in dataclasses.fields(made(Unused))] == ["n"]
    assert Unused(n=4) == Unused(4)


class Slot(Slotted):
    __slots__ = ("x", "y")
    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)


class OtherSlot(Slot):
    __slots__ = ()


def test_a_slotted_value_is_frozen_with_equality_hash_and_repr_of_its_fields() -> None:
    p = Slot(1)
    assert (p.x, p.y) == (1, 0)
    assert p == Slot(1, 0) and p != Slot(1, 2) and hash(p) == hash(Slot(1, 0))
    assert p != OtherSlot(1, 0) and repr(OtherSlot(1)) == "OtherSlot(x=1, y=0)"
    assert repr(p) == "Slot(x=1, y=0)"
    with pytest.raises(AttributeError, match="cannot assign to field 'x'"):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.y
    assert copy.deepcopy(p) == p and copy.copy(p) == p
    assert not hasattr(p, "__dict__")
