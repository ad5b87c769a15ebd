"""Immutable records whose methods are written once, here, instead of generated at every start.

``@dataclass(frozen=True)`` compiles its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` from source text each time the module is imported: about 3.5 M
instructions a class, the largest part of ``paifu validate``'s start-up (issue 26). A class declared
``@dataclass(init=False, repr=False, eq=False, slots=True)`` compiles nothing (``dataclasses`` then only
collects its fields, so ``fields``, ``replace``, ``asdict`` and ``match`` keep working); with its own
``__init__`` (straight-line ``set_field`` calls, as fast as the generated one) and ``Frozen`` as its base it
behaves as the frozen dataclass did: the same equality, hash values, repr, ``FrozenInstanceError`` and
pickled state. ``Record`` is the same for a mutable class (``eq`` without a hash). A class of many
fields, each with a default and given by keyword (a ruleset), can have ``fill`` as its ``__init__``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any

#: sets a field of a frozen record, from its own ``__init__`` (as the generated ``__init__`` does)
set_field = object.__setattr__


class _Plan:
    """A class's fields as its dataclass methods read them (``compare``, ``hash`` and ``repr`` heeded)."""

    __slots__ = ("compared", "defaults", "hashed", "init_names", "shown", "state")

    def __init__(self, cls: type) -> None:
        fields = dataclasses.fields(cls)
        self.state = tuple(f.name for f in fields)
        self.compared = _values([f.name for f in fields if f.compare])
        self.hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
        self.shown = tuple(f.name for f in fields if f.repr)
        self.defaults = tuple((f.name, f.default, f.default_factory) for f in fields if f.init)
        self.init_names = frozenset(name for name, _, _ in self.defaults)


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these fields' values (a dataclass compares and hashes that tuple)."""
    if len(names) != 1:
        return attrgetter(*names) if names else lambda obj: ()
    one = names[0]
    return lambda obj: (getattr(obj, one),)


_plans: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    got = _plans.get(cls)
    if got is None:
        got = _plans[cls] = _Plan(cls)
    return got


def fill(obj: Record, given: dict[str, Any]) -> None:
    """Sets each field of ``obj`` to its value in ``given``, else to its default: the ``__init__`` of a
    class of many fields passed by keyword, with the generated one's errors (``TypeError``)."""
    plan = _plan(obj.__class__)
    if given.keys() == plan.init_names:  # every field given (``dataclasses.replace``): no defaults
        for name, _, _ in plan.defaults:
            set_field(obj, name, given[name])
        return
    for name, default, factory in plan.defaults:
        if name in given:
            value = given.pop(name)
        elif default is not dataclasses.MISSING:
            value = default
        elif factory is not dataclasses.MISSING:
            value = factory()
        else:
            raise TypeError(f"{obj.__class__.__qualname__}.__init__() missing keyword argument {name!r}")
        set_field(obj, name, value)
    for name in given:
        raise TypeError(
            f"{obj.__class__.__qualname__}.__init__() got an unexpected keyword argument {name!r}"
        )


class Record:
    """A dataclass's ``__eq__`` and ``__repr__``, written once (see the module's docstring)."""

    __slots__ = ()
    __hash__: Any = None  # as a dataclass with ``eq`` and not ``frozen``: unhashable

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        get = _plan(self.__class__).compared
        return get(self) == get(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _plan(self.__class__).shown)
        return f"{self.__class__.__qualname__}({shown})"


class Frozen(Record):
    """A frozen dataclass's methods beyond ``__init__`` (see the module's docstring)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(_plan(self.__class__).hashed(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        return [getattr(self, name) for name in _plan(self.__class__).state]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(_plan(self.__class__).state, state, strict=False):
            set_field(self, name, value)
