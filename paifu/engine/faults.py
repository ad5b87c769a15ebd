# Generated from records/faults.py by scripts/gen_records.py (not edited here):
# edit records/faults.py, then run python scripts/gen_records.py.
"""What the engine's pure checks answer: a ``Fault`` (what one check found wrong with an event), and
what ``check_draw`` and ``check_hand_start`` give the handler to apply beside their faults
(``DrawCheck``, ``HandStartCheck``).

Declared once, in ``records/faults.py``, and written out into ``paifu/engine/faults.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``): a check made in compiled code
returns one every hand (the draw and the hand start) and every event it faults.
"""

from __future__ import annotations

from typing import Any, Final

from paifu.findings import Code
from paifu.valued import Hashed


class Fault(Hashed):
    """What one check found wrong with an event: a finding without its place (the replayer adds
    the game, hand and event). ``blocks``: the table cannot follow the event at all."""

    __slots__ = ("code", "message", "seat", "expected", "actual", "blocks")
    __match_args__ = ("code", "message", "seat", "expected", "actual", "blocks")

    code: Final[Code]
    message: Final[str]
    seat: Final[int | None]
    expected: Final[Any]  # what the replay has (any value the finding shows)
    actual: Final[Any]  # what the record says
    blocks: Final[bool]  # the table cannot follow the event: the replayer does not apply it

    def __init__(
        self,
        code: Code,
        message: str,
        seat: int | None = None,
        expected: Any = None,
        actual: Any = None,
        blocks: bool = False,
    ) -> None:
        self.code = code
        self.message = message
        self.seat = seat
        self.expected = expected
        self.actual = actual
        self.blocks = blocks

    def __repr__(self) -> str:
        return f"Fault({self.code.value}: {self.message})"

    def _values(self) -> tuple[object, ...]:
        return (self.code, self.message, self.seat, self.expected, self.actual, self.blocks)


class DrawCheck(Hashed):
    """What ``check_draw`` found: its faults, and what the handler applies where none blocks."""

    __slots__ = ("faults", "tenpai", "nagashi")
    __match_args__ = ("faults", "tenpai", "nagashi")

    faults: Final[tuple[Fault, ...]]
    tenpai: Final[tuple[int, ...]]  # the tenpai seats that count (``counted_tenpai``): an exhaustive draw's
    nagashi: Final[tuple[int, ...]]  # the seats paid nagashi mangan: an exhaustive draw's

    def __init__(
        self, faults: tuple[Fault, ...], tenpai: tuple[int, ...] = (), nagashi: tuple[int, ...] = ()
    ) -> None:
        self.faults = faults
        self.tenpai = tenpai
        self.nagashi = nagashi

    def _values(self) -> tuple[object, ...]:
        return (self.faults, self.tenpai, self.nagashi)


class HandStartCheck(Hashed):
    """What ``check_hand_start`` found: its faults, and the scores the hand starts with
    (``start_scores``), which the handler sets the table up with."""

    __slots__ = ("faults", "scores")
    __match_args__ = ("faults", "scores")

    faults: Final[tuple[Fault, ...]]
    scores: Final[tuple[int, ...]]

    def __init__(self, faults: tuple[Fault, ...], scores: tuple[int, ...]) -> None:
        self.faults = faults
        self.scores = scores

    def _values(self) -> tuple[object, ...]:
        return (self.faults, self.scores)
