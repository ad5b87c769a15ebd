"""The table's facts and counters (``Table``), the few updates every event kind shares, and the
names findings and frames give hands and tiles. ``paifu.board.state.TableState`` adds the record's
events; the updates of each event kind are in ``turns``, ``calls`` and ``ends``.

``Table`` is declared once, in ``records/table.py``, and written out into ``paifu/board/table.py`` by
``scripts/gen_records.py`` as a class mypyc compiles (``paifu.valued``), its ``copy()`` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from paifu.board.phases import BETWEEN
from paifu.board.rules import DEFAULT, TableRules
from paifu.board.seat import FIVE_SUIT, SeatState
from paifu.events import RyuukyokuKind
from paifu.tiles import NUM_KINDS, tile_to_str
from paifu.valued import Rebuilt


@lru_cache(maxsize=64)
def red_of(rules: TableRules) -> tuple[bool, ...]:
    return rules.red


DEFAULT_RED: Final = red_of(DEFAULT)


class Table(Rebuilt):
    """One hand's table (see ``paifu.board.state``)."""

    num_players: int
    scores: list[int]
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    dealer: int = 0
    seats: list[SeatState] = []
    dora_indicators: list[int] = []
    live_left: int = 0  # tiles left to draw from the live wall
    kans: list[int] = []  # seat of each kan this hand
    seen_kinds: list[int] = [0] * NUM_KINDS
    seen_red: list[int] = [0, 0, 0]
    any_call: bool = False  # a call (incl. closed kan, kita) happened this hand
    first_winds: list[int] = []  # first-go-around discards while uninterrupted

    # ------------------------------------------------------------ the flow of play
    phase: int = BETWEEN
    turn: int = 0
    last_discard: tuple[int, int] | None = None  # seat, tile (also the tile of a kan that may be robbed)
    kakan_tile: int | None = None  # the tile an added kan adds, while it may be robbed
    kan_window: bool = False  # the last tile offered is a kan's (robbing)
    robbing: int = 0  # what that tile is: ROB_ADDED, ROB_CLOSED (a closed kan) or ROB_KITA (a pulled North)
    rinshan_pending: bool = False  # the next draw is a replacement draw
    rinshan_draw: bool = False  # the current turn began with a replacement draw
    rinshan_feeder: int | None = None  # who fed the open kan behind the pending replacement draws
    #: seats whose waits hold the offered tile (a tuple: most tiles offered have none, and ``()`` is
    #: made once, where a list was made and freed twice a discard)
    ron_candidates: tuple[int, ...] = ()
    winners_this_tile: list[int] = []
    riichi_pending: int | None = None  # seat whose riichi discard awaits acceptance
    abort_due: RyuukyokuKind | None = None  # an abortive draw that applies if the discard passes
    kans_closed: int = 0  # kan dora timing: closed kans, open kans before / after their draw
    kans_open_pending: int = 0
    kans_open_drawn: int = 0
    #: open kans whose indicator is due by now where it turns after the discard: those drawn for
    #: before the last discard (their discard made, the indicator turns before the next event)
    kans_open_due: int = 0

    # ------------------------------------------------------------ what the hand result reports
    deltas: list[int] = []  # score changes this hand, riichi sticks included
    riichi_declared: list[bool] = []
    riichi_turn: list[int | None] = []  # -1 between declaration and discard
    riichi_order: list[int] = []  # seats as they declared

    # ------------------------------------------------------------ the table's settings
    rules: TableRules = DEFAULT
    red_of: tuple[bool, ...] = DEFAULT_RED  # per tile id: a red five (``rules.red``)

    def copy(self) -> Table:
        """A snapshot that later events leave alone (written out: compiled, the table's classes
        have no generic deep copy); of the same class (a ``TableState`` gives a ``TableState``)."""
        ...

    @property
    def label(self) -> str:
        return hand_label(self.round_wind, self.hand_number, self.honba)

    def see(self, tile: int) -> None:
        """A tile comes into view (dealt, drawn, turned as an indicator)."""
        if 0 <= tile < 136:
            k = tile >> 2
            kinds = self.seen_kinds
            kinds[k] = kinds[k] + 1  # not ``+=``: compiled, that is a generic in-place add
            if self.red_of[tile]:
                s = FIVE_SUIT[k]
                self.seen_red[s] = self.seen_red[s] + 1

    def new_dora(self, indicator: int) -> None:
        self.see(indicator)
        self.dora_indicators.append(indicator)

    def pay(self, deltas: Sequence[int]) -> None:
        """Move the scores by ``deltas`` (one per seat)."""
        scores, moved = self.scores, self.deltas
        for i, change in enumerate(deltas):  # native adds (``SeatState.add``)
            scores[i] = scores[i] + change
            moved[i] = moved[i] + change

    def break_ippatsu(self) -> None:
        for seat in self.seats:
            seat.ippatsu = False

    def close_hand(self) -> None:
        self.phase = BETWEEN


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    """``E2-1``: East 2 with 1 honba, the way findings and frames name a hand."""
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"


def tile_name(tile: int) -> str:
    """A tile in findings: ``5m``, or its id where no tile has it."""
    return tile_to_str(tile) if 0 <= tile < 136 else f"id {tile}"
