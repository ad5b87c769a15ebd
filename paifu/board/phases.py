"""What the record must do next (``TableState.phase``), and what a tile offered for robbing is.

Plain ints: compared on every event.
"""

from __future__ import annotations

from typing import Final

from paifu.draws import DUE_ON_TABLE
from paifu.events import CallKind, RyuukyokuKind

# phases: what the record must do next (plain ints: compared on every event)
BETWEEN: Final = 0  # expecting HandStart or GameEnd
NEED_DRAW: Final = 1  # ``turn`` must draw (``rinshan_pending`` tells which wall)
ACTION: Final = 2  # ``turn`` holds 3m+2 tiles after a draw: discard, kan, kita, tsumo, nine terminals
NEED_DISCARD: Final = 3  # after chi/pon: discard only
AFTER_DISCARD: Final = 4  # others may ron or call; else the next draw
AFTER_KAN: Final = 5  # an added kan (or closed kan / kita): robbing possible, then the replacement draw
HAND_OVER: Final = 6  # a win or draw ended the hand; more wins on the same tile possible

#: what a tile offered for robbing comes from (``TableState.robbing``)
ROB_ADDED: Final = 1
ROB_CLOSED: Final = 2
ROB_KITA: Final = 3

ON_DISCARD: Final = (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)
#: abortive draws a call on the discard that makes them due prevents (``paifu.draws``)
ABORTS_A_CALL_MISSES: Final[tuple[RyuukyokuKind, ...]] = DUE_ON_TABLE
