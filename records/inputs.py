"""The inputs a batch did not read, and why: ``Skipped`` (on purpose) and ``Unreadable`` (it could
not be), each listed in the summaries, never silent.

Declared here once; ``scripts/gen_records.py`` writes ``paifu/formats/inputs.py`` from it.
``paifu.formats.walk`` re-exports ``Skipped``, ``paifu.pipeline`` ``Unreadable``.
"""

from __future__ import annotations

from paifu.frozen import Frozen, dataclass


@dataclass(init=False, repr=False, eq=False, slots=True)
class Skipped(Frozen):
    """An input that was deliberately not read, and why (listed in summaries, never silent)."""

    file: str
    reason: str


@dataclass(init=False, repr=False, eq=False, slots=True)
class Unreadable(Frozen):
    """An input that could not be read at all."""

    file: str
    reason: str
