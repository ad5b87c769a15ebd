"""What the compiled classes written out of dataclasses share: equality by their fields, pickling as a
call of their constructor, and (frozen ones) a hash.

Written once here rather than in each class: a compiled dataclass ran ``dataclasses`` at every start
(issue 26), so ``Table``, ``SeatState``, ``TableRules``, ``HandWall`` and the results give only their
fields, in order, as ``_values()``. Compiled beside them (a native class may only inherit a native one).
"""

from __future__ import annotations


class Valued:
    """Equal to an object of the same class with equal ``_values()``, as a dataclass's ``__eq__``;
    unhashable, as a dataclass with ``eq`` that is not frozen."""

    def _values(self) -> tuple[object, ...]:
        """The fields, in their declared order."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Valued)
        return self._values() == other._values()


class Rebuilt(Valued):
    """Pickled (and copied) as its constructor called with ``_values()``: its ``__init__`` takes the
    fields in their declared order."""

    def __reduce__(self) -> tuple[object, ...]:
        return self.__class__, self._values()


class Hashed(Rebuilt):
    """A frozen dataclass's hash: of the fields' tuple."""

    def __hash__(self) -> int:
        return hash(self._values())
