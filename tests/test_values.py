"""rules/values.py: a `@frozen` (`@mutable`) class is a frozen (plain) dataclass from its first
instance on."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from rules.values import Slotted, frozen, made, mutable


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


@mutable
class Tally:
    count: int = 0
    seen: list[str] = dataclasses.field(default_factory=list)


def test_a_mutable_value_is_a_plain_dataclass_made_at_its_first_instance() -> None:
    pending: type = Tally
    assert not dataclasses.is_dataclass(pending)
    t = Tally()
    t.count += 2
    t.seen.append("d6")
    assert dataclasses.is_dataclass(pending) and t == Tally(2, ["d6"])
    assert Tally().seen == [] and Tally().seen is not Tally().seen  # a list each
    assert repr(t) == "Tally(count=2, seen=['d6'])"
    assert dataclasses.replace(t, count=5) == Tally(5, ["d6"])
    assert [f.name for f in dataclasses.fields(Tally)] == ["count", "seen"]


class Slot(Slotted):
    __slots__ = ("x", "y")
    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)


class OtherSlot(Slot):
    __slots__ = ()


class Pair(Slotted):
    __slots__ = ("left", "right")
    left: str
    right: int

    def __init__(self, left: str, right: int = 2) -> None:
        self._set_fields(left, right)


def test_set_fields_sets_each_field_once_in_slots_order() -> None:
    assert (Pair("a").left, Pair("a").right) == ("a", 2) and Pair("a") == Pair("a", 2)
    with pytest.raises(ValueError):
        Pair.__new__(Pair)._set_fields("only one")


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
