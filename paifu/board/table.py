# Generated from records/table.py by scripts/gen_records.py (not edited here):
# edit records/table.py, then run python scripts/gen_records.py.
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

    __slots__ = (
        "num_players",
        "scores",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "seats",
        "dora_indicators",
        "live_left",
        "kans",
        "seen_kinds",
        "seen_red",
        "any_call",
        "first_winds",
        "phase",
        "turn",
        "last_discard",
        "kakan_tile",
        "kan_window",
        "robbing",
        "rinshan_pending",
        "rinshan_draw",
        "rinshan_feeder",
        "ron_candidates",
        "winners_this_tile",
        "riichi_pending",
        "abort_due",
        "kans_closed",
        "kans_open_pending",
        "kans_open_drawn",
        "kans_open_due",
        "deltas",
        "riichi_declared",
        "riichi_turn",
        "riichi_order",
        "rules",
        "red_of",
    )
    __match_args__ = (
        "num_players",
        "scores",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "seats",
        "dora_indicators",
        "live_left",
        "kans",
        "seen_kinds",
        "seen_red",
        "any_call",
        "first_winds",
        "phase",
        "turn",
        "last_discard",
        "kakan_tile",
        "kan_window",
        "robbing",
        "rinshan_pending",
        "rinshan_draw",
        "rinshan_feeder",
        "ron_candidates",
        "winners_this_tile",
        "riichi_pending",
        "abort_due",
        "kans_closed",
        "kans_open_pending",
        "kans_open_drawn",
        "kans_open_due",
        "deltas",
        "riichi_declared",
        "riichi_turn",
        "riichi_order",
        "rules",
        "red_of",
    )

    num_players: int
    scores: list[int]
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    dealer: int
    seats: list[SeatState]
    dora_indicators: list[int]
    live_left: int  # tiles left to draw from the live wall
    kans: list[int]  # seat of each kan this hand
    seen_kinds: list[int]
    seen_red: list[int]
    any_call: bool  # a call (incl. closed kan, kita) happened this hand
    first_winds: list[int]  # first-go-around discards while uninterrupted

    # ------------------------------------------------------------ the flow of play
    phase: int
    turn: int
    last_discard: tuple[int, int] | None  # seat, tile (also the tile of a kan that may be robbed)
    kakan_tile: int | None  # the tile an added kan adds, while it may be robbed
    kan_window: bool  # the last tile offered is a kan's (robbing)
    robbing: int  # what that tile is: ROB_ADDED, ROB_CLOSED (a closed kan) or ROB_KITA (a pulled North)
    rinshan_pending: bool  # the next draw is a replacement draw
    rinshan_draw: bool  # the current turn began with a replacement draw
    rinshan_feeder: int | None  # who fed the open kan behind the pending replacement draws
    #: seats whose waits hold the offered tile (a tuple: most tiles offered have none, and ``()`` is
    #: made once, where a list was made and freed twice a discard)
    ron_candidates: tuple[int, ...]
    winners_this_tile: list[int]
    riichi_pending: int | None  # seat whose riichi discard awaits acceptance
    abort_due: RyuukyokuKind | None  # an abortive draw that applies if the discard passes
    kans_closed: int  # kan dora timing: closed kans, open kans before / after their draw
    kans_open_pending: int
    kans_open_drawn: int
    #: open kans whose indicator is due by now where it turns after the discard: those drawn for
    #: before the last discard (their discard made, the indicator turns before the next event)
    kans_open_due: int

    # ------------------------------------------------------------ what the hand result reports
    deltas: list[int]  # score changes this hand, riichi sticks included
    riichi_declared: list[bool]
    riichi_turn: list[int | None]  # -1 between declaration and discard
    riichi_order: list[int]  # seats as they declared

    # ------------------------------------------------------------ the table's settings
    rules: TableRules
    red_of: tuple[bool, ...]  # per tile id: a red five (``rules.red``)

    def __init__(
        self,
        num_players: int,
        scores: list[int],
        round_wind: int = 0,
        hand_number: int = 0,
        honba: int = 0,
        sticks: int = 0,
        dealer: int = 0,
        seats: list[SeatState] | None = None,
        dora_indicators: list[int] | None = None,
        live_left: int = 0,
        kans: list[int] | None = None,
        seen_kinds: list[int] | None = None,
        seen_red: list[int] | None = None,
        any_call: bool = False,
        first_winds: list[int] | None = None,
        phase: int = BETWEEN,
        turn: int = 0,
        last_discard: tuple[int, int] | None = None,
        kakan_tile: int | None = None,
        kan_window: bool = False,
        robbing: int = 0,
        rinshan_pending: bool = False,
        rinshan_draw: bool = False,
        rinshan_feeder: int | None = None,
        ron_candidates: tuple[int, ...] = (),
        winners_this_tile: list[int] | None = None,
        riichi_pending: int | None = None,
        abort_due: RyuukyokuKind | None = None,
        kans_closed: int = 0,
        kans_open_pending: int = 0,
        kans_open_drawn: int = 0,
        kans_open_due: int = 0,
        deltas: list[int] | None = None,
        riichi_declared: list[bool] | None = None,
        riichi_turn: list[int | None] | None = None,
        riichi_order: list[int] | None = None,
        rules: TableRules = DEFAULT,
        red_of: tuple[bool, ...] = DEFAULT_RED,
    ) -> None:
        self.num_players = num_players
        self.scores = scores
        self.round_wind = round_wind
        self.hand_number = hand_number
        self.honba = honba
        self.sticks = sticks
        self.dealer = dealer
        self.seats = [] if seats is None else seats
        self.dora_indicators = [] if dora_indicators is None else dora_indicators
        self.live_left = live_left
        self.kans = [] if kans is None else kans
        self.seen_kinds = [0] * NUM_KINDS if seen_kinds is None else seen_kinds
        self.seen_red = [0, 0, 0] if seen_red is None else seen_red
        self.any_call = any_call
        self.first_winds = [] if first_winds is None else first_winds
        self.phase = phase
        self.turn = turn
        self.last_discard = last_discard
        self.kakan_tile = kakan_tile
        self.kan_window = kan_window
        self.robbing = robbing
        self.rinshan_pending = rinshan_pending
        self.rinshan_draw = rinshan_draw
        self.rinshan_feeder = rinshan_feeder
        self.ron_candidates = ron_candidates
        self.winners_this_tile = [] if winners_this_tile is None else winners_this_tile
        self.riichi_pending = riichi_pending
        self.abort_due = abort_due
        self.kans_closed = kans_closed
        self.kans_open_pending = kans_open_pending
        self.kans_open_drawn = kans_open_drawn
        self.kans_open_due = kans_open_due
        self.deltas = [] if deltas is None else deltas
        self.riichi_declared = [] if riichi_declared is None else riichi_declared
        self.riichi_turn = [] if riichi_turn is None else riichi_turn
        self.riichi_order = [] if riichi_order is None else riichi_order
        self.rules = rules
        self.red_of = red_of

    def copy(self) -> Table:
        """A snapshot that later events leave alone (written out: compiled, the table's classes
        have no generic deep copy); of the same class (a ``TableState`` gives a ``TableState``)."""
        return type(self)(
            self.num_players,
            list(self.scores),
            self.round_wind,
            self.hand_number,
            self.honba,
            self.sticks,
            self.dealer,
            [v.copy() for v in self.seats],
            list(self.dora_indicators),
            self.live_left,
            list(self.kans),
            list(self.seen_kinds),
            list(self.seen_red),
            self.any_call,
            list(self.first_winds),
            self.phase,
            self.turn,
            self.last_discard,
            self.kakan_tile,
            self.kan_window,
            self.robbing,
            self.rinshan_pending,
            self.rinshan_draw,
            self.rinshan_feeder,
            self.ron_candidates,
            list(self.winners_this_tile),
            self.riichi_pending,
            self.abort_due,
            self.kans_closed,
            self.kans_open_pending,
            self.kans_open_drawn,
            self.kans_open_due,
            list(self.deltas),
            list(self.riichi_declared),
            list(self.riichi_turn),
            list(self.riichi_order),
            self.rules,
            self.red_of,
        )

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

    def _values(self) -> tuple[object, ...]:
        return (
            self.num_players,
            self.scores,
            self.round_wind,
            self.hand_number,
            self.honba,
            self.sticks,
            self.dealer,
            self.seats,
            self.dora_indicators,
            self.live_left,
            self.kans,
            self.seen_kinds,
            self.seen_red,
            self.any_call,
            self.first_winds,
            self.phase,
            self.turn,
            self.last_discard,
            self.kakan_tile,
            self.kan_window,
            self.robbing,
            self.rinshan_pending,
            self.rinshan_draw,
            self.rinshan_feeder,
            self.ron_candidates,
            self.winners_this_tile,
            self.riichi_pending,
            self.abort_due,
            self.kans_closed,
            self.kans_open_pending,
            self.kans_open_drawn,
            self.kans_open_due,
            self.deltas,
            self.riichi_declared,
            self.riichi_turn,
            self.riichi_order,
            self.rules,
            self.red_of,
        )


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    """``E2-1``: East 2 with 1 honba, the way findings and frames name a hand."""
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"


def tile_name(tile: int) -> str:
    """A tile in findings: ``5m``, or its id where no tile has it."""
    return tile_to_str(tile) if 0 <= tile < 136 else f"id {tile}"
