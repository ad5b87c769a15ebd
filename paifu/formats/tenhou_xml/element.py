"""What the Tenhou XML reader asks of a tag, from the tree or from the bytes (kept apart from the
compiled modules: mypyc compiles no protocol of overloads)."""

from __future__ import annotations

from typing import Any, Protocol, overload


class Element(Protocol):
    """What the reader asks of a tag: an lxml element of the tree, or a ``scan.Tag`` of the bytes."""

    @property
    def tag(self) -> Any: ...  # Any: a comment's tag, in the tree, is a function

    @overload
    def get(self, key: str) -> str | None: ...
    @overload
    def get(self, key: str, default: str) -> str: ...
