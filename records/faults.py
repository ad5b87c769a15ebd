"""What the engine's pure checks answer: a ``Fault`` (what one check found wrong with an event), and
what ``check_draw`` and ``check_hand_start`` give the handler to apply beside their faults
(``DrawCheck``, ``HandStartCheck``).

Declared once, in ``records/faults.py``, and written out into ``paifu/engine/faults.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``): a check made in compiled code
returns one every hand (the draw and the hand start) and every event it faults.
"""

from __future__ import annotations

from typing import Any

from paifu.findings import Code
from paifu.valued import Hashed


class Fault(Hashed):
    """What one check found wrong with an event: a finding without its place (the replayer adds
    the game, hand and event). ``blocks``: the table cannot follow the event at all."""

    code: Code
    message: str
    seat: int | None = None
    expected: Any = None  # what the replay has (any value the finding shows)
    actual: Any = None  # what the record says
    blocks: bool = False  # the table cannot follow the event: the replayer does not apply it

    def __repr__(self) -> str:
        return f"Fault({self.code.value}: {self.message})"


class DrawCheck(Hashed):
    """What ``check_draw`` found: its faults, and what the handler applies where none blocks."""

    faults: tuple[Fault, ...]
    tenpai: tuple[int, ...] = ()  # the tenpai seats that count (``counted_tenpai``): an exhaustive draw's
    nagashi: tuple[int, ...] = ()  # the seats paid nagashi mangan: an exhaustive draw's


class HandStartCheck(Hashed):
    """What ``check_hand_start`` found: its faults, and the scores the hand starts with
    (``start_scores``), which the handler sets the table up with."""

    faults: tuple[Fault, ...]
    scores: tuple[int, ...]
