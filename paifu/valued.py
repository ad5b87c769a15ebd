"""What the compiled classes written out of dataclasses share: equality by their fields, pickling as a
call of their constructor, (frozen ones) a hash, and a dataclass's repr and fields.

Written once here rather than in each class: a compiled dataclass ran ``dataclasses`` at every start,
so the compiled records give only their fields, in order, as ``_values()`` and their names as
``__match_args__`` (which their repr and ``dataclasses``' functions read). They are declared in
``records/`` and written out by ``scripts/gen_records.py``.
Compiled beside them: a native class may only inherit a native one, and the compiled engine reads a
native event's fields from its struct, not by name.

Compiled, a field declared ``Final`` cannot be assigned after ``__init__`` (``AttributeError``); run as
plain Python (``PAIFU_COMPILE=0``), ``Hashed`` refuses a second assignment itself, as a frozen dataclass
does, with ``FrozenInstanceError``.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any, ClassVar, Final

from paifu.frozen import Described, shown


class Valued:
    """Equal to an object of the same class with equal ``_values()``, as a dataclass's ``__eq__``;
    unhashable, as a dataclass with ``eq`` that is not frozen."""

    __slots__ = ()
    #: the fields' names in order, for ``match``, the repr and ``dataclasses.fields`` (a class that
    #: writes its own repr and ``__dataclass_fields__`` may leave it empty)
    __match_args__: ClassVar[tuple[str, ...]] = ()
    __dataclass_fields__: ClassVar[Any] = Described()  # for dataclasses' functions

    def _values(self) -> tuple[object, ...]:
        """The fields, in their declared order."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Valued)
        return self._values() == other._values()

    def __repr__(self) -> str:
        return shown(self, self.__match_args__)


class Rebuilt(Valued):
    """Pickled (and copied) as its constructor called with ``_values()``: its ``__init__`` takes the
    fields in their declared order."""

    __slots__ = ()

    def __reduce__(self) -> tuple[object, ...]:
        return self.__class__, self._values()


class Hashed(Rebuilt):
    """A frozen dataclass's hash: of the fields' tuple."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())


_UNSET: Final = object()


def _set_once(obj: object, name: str, value: object) -> None:
    """A frozen record's ``__setattr__`` run as plain Python: ``__init__`` sets each field once.
    (``getattr`` with a default: a caught ``AttributeError`` cost a third more, per field of every
    record a pure replay makes.)"""
    if getattr(obj, name, _UNSET) is _UNSET:
        object.__setattr__(obj, name, value)
        return
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(obj: object, name: str) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot delete field {name!r}")


if isinstance(Hashed.__hash__, FunctionType):  # plain Python: no Final at run time
    setattr(Hashed, "__setattr__", _set_once)  # noqa: B010 - mypy would refuse the assignment
    setattr(Hashed, "__delattr__", _refuse_delete)  # noqa: B010
