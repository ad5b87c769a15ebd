"""A mapping whose values are made when first looked up: the presets and the named rank-point schemes,
of which a process usually needs one or two (making them all was 7 ms of every start)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")


class MadeOnLookup(Mapping[str, V]):
    """``makers``' names, in their order, each value made by its maker on first lookup and kept
    (``in``, ``len`` and iteration make none)."""

    def __init__(self, makers: dict[str, Callable[[], V]]) -> None:
        self._makers = makers
        self._made: dict[str, V] = {}

    def __getitem__(self, name: str) -> V:
        try:
            return self._made[name]
        except KeyError:
            made = self._made[name] = self._makers[name]()
            return made

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __repr__(self) -> str:
        return repr(dict(self))
