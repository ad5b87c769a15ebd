# Generated from records/inputs.py by scripts/gen_records.py (not edited here):
# edit records/inputs.py, then run python scripts/gen_records.py.
"""The inputs a batch did not read, and why: ``Skipped`` (on purpose) and ``Unreadable`` (it could
not be), each listed in the summaries, never silent.

Declared here once; ``scripts/gen_records.py`` writes ``paifu/formats/inputs.py`` from it.
``paifu.formats.walk`` re-exports ``Skipped``, ``paifu.pipeline`` ``Unreadable``.
"""

from __future__ import annotations

from paifu.frozen import Frozen, dataclass, set_field


@dataclass(init=False, repr=False, eq=False, slots=True)
class Skipped(Frozen):
    """An input that was deliberately not read, and why (listed in summaries, never silent)."""

    file: str
    reason: str

    def __init__(self, file: str, reason: str) -> None:
        set_field(self, "file", file)
        set_field(self, "reason", reason)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Unreadable(Frozen):
    """An input that could not be read at all."""

    file: str
    reason: str

    def __init__(self, file: str, reason: str) -> None:
        set_field(self, "file", file)
        set_field(self, "reason", reason)
