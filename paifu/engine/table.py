"""The whole table as the replay knows it after each event, and its unchecked updates.

``TableState`` holds one hand's table: scores, seats, wall counters, and the flow of play (whose
turn, what they must do next, the last discard, pending riichi and kans). Its methods apply an
event without judging it (majiang-core's board, python-chess's ``push``): the replayer checks an
event against the rules first (``paifu.engine.legality``), reports what is wrong, then applies it
here. Kept flat (count arrays, ints) because it changes on every event of every record;
``copy()`` gives a snapshot for stepping in a notebook.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Final

from paifu.engine.hand import DIGIT_OF, PART_OF, mask_kinds, wait_mask
from paifu.events import CallKind, Meld, RyuukyokuKind
from paifu.tiles import NUM_KINDS, tile_to_str

# phases: what the record must do next (plain ints: compared on every event)
BETWEEN: Final = 0  # expecting HandStart or GameEnd
NEED_DRAW: Final = 1  # ``turn`` must draw (``rinshan_pending`` tells which wall)
ACTION: Final = 2  # ``turn`` holds 3m+2 tiles after a draw: discard, kan, kita, tsumo, nine terminals
NEED_DISCARD: Final = 3  # after chi/pon: discard only
AFTER_DISCARD: Final = 4  # others may ron or call; else the next draw
AFTER_KAN: Final = 5  # an added kan (or closed kan / kita): robbing possible, then the replacement draw
HAND_OVER: Final = 6  # a win or draw ended the hand; more wins on the same tile possible

#: index of a five's suit in ``SeatState.red`` by kind, -1 for other kinds
NO_KINDS: Final[frozenset[int]] = frozenset()
FIVE_SUIT: Final[tuple[int, ...]] = tuple({4: 0, 13: 1, 22: 2}.get(k, -1) for k in range(NUM_KINDS))


class RiverTile:
    """A tile in a river. A plain class, not a dataclass: compiled, its constructor is native (one
    is made per discard)."""

    __slots__ = ("tile", "tsumogiri", "riichi", "called")

    def __init__(self, tile: int, tsumogiri: bool | None, riichi: bool = False, called: bool = False) -> None:
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.riichi = riichi
        self.called = called  # taken by another player's call

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RiverTile):
            return NotImplemented
        return (self.tile, self.tsumogiri, self.riichi, self.called) == (
            other.tile,
            other.tsumogiri,
            other.riichi,
            other.called,
        )

    def __repr__(self) -> str:
        return (
            f"RiverTile(tile={self.tile}, tsumogiri={self.tsumogiri}, riichi={self.riichi}, "
            f"called={self.called})"
        )


@dataclass(slots=True, init=False)
class SeatState:
    """One seat's hand and river. ``__init__`` is written out, not generated: compiled, a generated
    one runs as Python (four seats are made every hand)."""

    counts: list[int]
    red: list[int]  # red fives held per suit
    #: the concealed hand's four parts (man, pin, sou, honors), counts as base-5 digits
    keys: list[int]
    held: int  # concealed tiles: sum(counts), kept by add/remove (asked after every discard)
    melds: list[Meld]
    river: list[RiverTile]
    river_kinds: set[int]
    riichi: bool  # declared (its discard may still be pending acceptance)
    riichi_accepted: bool
    double_riichi: bool
    ippatsu: bool
    furiten_temp: bool
    furiten_riichi: bool
    #: bit k set: kind k completes the hand (shape only); valid while the hand holds 3m+1 tiles
    wait_mask: int
    drawn: int | None  # the tile drawn this turn (tsumogiri / riichi-kan checks)
    kita: int
    kuikae: frozenset[int]  # kinds this seat may not discard right now
    discards: int
    draws: int
    calls: int  # chi, pon, daiminkan made (opens the hand)

    def __init__(self) -> None:
        self.counts = [0] * NUM_KINDS
        self.red = [0, 0, 0]
        self.keys = [0, 0, 0, 0]
        self.held = 0
        self.melds = []
        self.river = []
        self.river_kinds = set()
        self.riichi = False
        self.riichi_accepted = False
        self.double_riichi = False
        self.ippatsu = False
        self.furiten_temp = False
        self.furiten_riichi = False
        self.wait_mask = 0
        self.drawn = None
        self.kita = 0
        self.kuikae = NO_KINDS
        self.discards = 0
        self.draws = 0
        self.calls = 0

    @property
    def closed(self) -> bool:
        return all(m.kind in (CallKind.ANKAN, CallKind.KITA) for m in self.melds)

    @property
    def size(self) -> int:
        return self.held

    @property
    def waits(self) -> frozenset[int]:
        """The kinds of ``wait_mask``."""
        return mask_kinds(self.wait_mask)

    def add(self, tile: int, red: bool) -> None:
        k = tile >> 2
        self.counts[k] += 1
        self.held += 1
        self.keys[PART_OF[k]] += DIGIT_OF[k]
        if red:
            self.red[FIVE_SUIT[k]] += 1

    def has(self, tile: int, red: bool) -> bool:
        """Holds this tile as the engine sees tiles (kind and colour)."""
        k = tile >> 2
        c = self.counts[k]
        if not c:
            return False
        s = FIVE_SUIT[k]
        if s >= 0:
            reds = self.red[s]
            return reds > 0 if red else c > reds
        return True

    def remove(self, tile: int, red: bool) -> None:
        k = tile >> 2
        self.counts[k] -= 1
        self.held -= 1
        self.keys[PART_OF[k]] -= DIGIT_OF[k]
        if red:
            self.red[FIVE_SUIT[k]] -= 1

    def update_waits(self) -> None:
        """Recompute the waits after the concealed hand changed (a discard, a call, a kan)."""
        self.wait_mask = wait_mask(self.keys, self.counts, self.calls == 0)


#: what a tile offered for robbing comes from (``TableState.robbing``)
ROB_ADDED: Final = 1
ROB_CLOSED: Final = 2
ROB_KITA: Final = 3


@dataclass(slots=True)
class TableState:
    num_players: int
    scores: list[int]
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    dealer: int = 0
    seats: list[SeatState] = field(default_factory=list)
    dora_indicators: list[int] = field(default_factory=list)
    live_left: int = 0  # tiles left to draw from the live wall
    kans: list[int] = field(default_factory=list)  # seat of each kan this hand
    seen_kinds: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    seen_red: list[int] = field(default_factory=lambda: [0, 0, 0])
    any_call: bool = False  # a call (incl. closed kan, kita) happened this hand
    first_winds: list[int] = field(default_factory=list)  # first-go-around discards while uninterrupted

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
    ron_candidates: list[int] = field(default_factory=list)  # seats whose waits hold the offered tile
    winners_this_tile: list[int] = field(default_factory=list)
    riichi_pending: int | None = None  # seat whose riichi discard awaits acceptance
    abort_due: RyuukyokuKind | None = None  # an abortive draw that applies if the discard passes
    kans_closed: int = 0  # kan dora timing: closed kans, open kans before / after their draw
    kans_open_pending: int = 0
    kans_open_drawn: int = 0
    #: open kans whose indicator is due by now where it turns after the discard: those drawn for
    #: before the last discard (their discard made, the indicator turns before the next event)
    kans_open_due: int = 0
    kan_events: list[int] = field(default_factory=list)  # the event index of each kan this hand
    kan_dora_missed: int = 0  # the indicators due when one was last found missing
    ids_taken: int = 0  # bit i: tile id i was dealt or drawn this hand (``Game.take``)

    # ------------------------------------------------------------ what the hand result reports
    deltas: list[int] = field(default_factory=list)  # score changes this hand, riichi sticks included
    riichi_declared: list[bool] = field(default_factory=list)
    riichi_turn: list[int | None] = field(default_factory=list)  # -1 between declaration and discard
    riichi_order: list[int] = field(default_factory=list)  # seats as they declared

    def copy(self) -> TableState:
        return _copy.deepcopy(self)

    @property
    def label(self) -> str:
        return hand_label(self.round_wind, self.hand_number, self.honba)

    # ------------------------------------------------------------ unchecked updates
    def draw(self, seat_no: int, tile: int, red: bool) -> None:
        """``seat_no`` draws ``tile`` (from the dead wall when a replacement draw is pending)."""
        self.live_left -= 1  # a replacement draw shortens the live wall too (the dead wall stays 14)
        rinshan = self.rinshan_pending
        if rinshan:
            self.kans_open_drawn += self.kans_open_pending
            self.kans_open_pending = 0
        seat = self.seats[seat_no]
        seat.add(tile, red)
        seat.drawn = tile
        seat.draws += 1
        seat.furiten_temp = False
        seat.kuikae = NO_KINDS
        self.phase = ACTION
        self.turn = seat_no
        self.rinshan_draw = rinshan
        self.rinshan_pending = False

    def pay(self, deltas: tuple[int, ...] | list[int]) -> None:
        """Move the scores by ``deltas`` (one per seat)."""
        for i, change in enumerate(deltas):
            self.scores[i] += change
            self.deltas[i] += change

    def mark_passed(self, same_turn: bool, in_riichi: bool, skip: int | None = None) -> None:
        """The offered tile passed: who could ron it and did not is furiten for this turn
        (``same_turn``) and, in riichi, for the rest of the hand (``in_riichi``); ``skip`` (a caller)
        and the tile's winners are not."""
        for s in self.ron_candidates:
            if s == skip or s in self.winners_this_tile:
                continue
            seat = self.seats[s]
            if same_turn:
                seat.furiten_temp = True
            if in_riichi and seat.riichi_accepted:
                seat.furiten_riichi = True
        self.ron_candidates = []

    def close_discard_window(self, same_turn: bool, in_riichi: bool) -> None:
        """The last discard (or added kan) passed: furiten for who could ron, a pending abortive or
        exhaustive draw ends the hand, else the next turn (the replacement draw after a kan)."""
        if self.last_discard is None and self.kakan_tile is None:
            return
        src = self.turn
        self.mark_passed(same_turn, in_riichi)
        if self.phase == AFTER_KAN:
            self.break_ippatsu()  # the kan (or kita) stands: it breaks everyone's ippatsu
            self.phase = NEED_DRAW
            self.turn = src
            self.rinshan_pending = True
            self.kakan_tile = None
            return
        if self.abort_due is not None:
            self.phase = HAND_OVER
            return
        if self.live_left <= 0:
            self.phase = HAND_OVER
            self.abort_due = RyuukyokuKind.EXHAUSTIVE
            return
        self.phase = NEED_DRAW
        self.turn = (src + 1) % self.num_players
        self.rinshan_pending = False
        self.last_discard = None

    # ------------------------------------------------------------------ riichi

    def break_ippatsu(self) -> None:
        for seat in self.seats:
            seat.ippatsu = False


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    """``E2-1``: East 2 with 1 honba, the way findings and frames name a hand."""
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"


def tile_name(tile: int) -> str:
    """A tile in findings: ``5m``, or its id where no tile has it."""
    return tile_to_str(tile) if 0 <= tile < 136 else f"id {tile}"
