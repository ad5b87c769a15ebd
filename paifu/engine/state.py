"""Mutable table state: what the replay knows after each event.

Kept small and flat (count arrays, lists) because it is updated on every event
of every record; ``copy()`` gives a cheap snapshot for stepping in a notebook.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field

from paifu.events import CallKind, Meld
from paifu.tiles import FIVE_KINDS, NUM_KINDS


@dataclass(slots=True)
class RiverTile:
    tile: int
    tsumogiri: bool | None
    riichi: bool = False
    called: bool = False  # taken by another player's call


@dataclass(slots=True)
class SeatState:
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    red: list[int] = field(default_factory=lambda: [0, 0, 0])  # red fives held per suit
    melds: list[Meld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    river_kinds: set[int] = field(default_factory=set)
    riichi: bool = False  # declared (its discard may still be pending acceptance)
    riichi_accepted: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    waits: frozenset[int] = frozenset()  # valid while the hand holds 3m+1 tiles
    drawn: int | None = None  # the tile drawn this turn (tsumogiri / riichi-kan checks)
    kita: int = 0
    kuikae: frozenset[int] = frozenset()  # kinds this seat may not discard right now
    discards: int = 0
    draws: int = 0
    calls: int = 0  # chi, pon, daiminkan made (opens the hand)

    @property
    def closed(self) -> bool:
        return all(m.kind in (CallKind.ANKAN, CallKind.KITA) for m in self.melds)

    @property
    def size(self) -> int:
        return sum(self.counts)

    def add(self, tile: int, red: bool) -> None:
        k = tile >> 2
        self.counts[k] += 1
        if red:
            self.red[FIVE_KINDS.index(k)] += 1

    def has(self, tile: int, red: bool) -> bool:
        """Holds this tile as the engine sees tiles (kind and colour)."""
        k = tile >> 2
        if not self.counts[k]:
            return False
        if k in FIVE_KINDS:
            reds = self.red[FIVE_KINDS.index(k)]
            return reds > 0 if red else self.counts[k] > reds
        return True

    def remove(self, tile: int, red: bool) -> None:
        k = tile >> 2
        self.counts[k] -= 1
        if red:
            self.red[FIVE_KINDS.index(k)] -= 1


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

    def copy(self) -> TableState:
        return _copy.deepcopy(self)

    @property
    def label(self) -> str:
        return hand_label(self.round_wind, self.hand_number, self.honba)


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    """``E2-1``: East 2 with 1 honba, the way findings and frames name a hand."""
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"
