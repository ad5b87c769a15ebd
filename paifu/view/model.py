"""The table at one moment of a game as plain frozen data, and the tile helpers it needs.

This is what ``svg`` draws and ``table.snapshot`` fills in; it imports neither, so the
imports among the view modules go one way (``model`` <- ``svg`` <- ``table``).
``table.SeatView`` and ``table.TableView`` are these classes plus their notebook
drawing (``_repr_svg_``). Tiles are MPSZ strings (``5m``, ``0p`` for a red five, ``7z``
for chun); shanten is computed on demand (``SeatData.shanten``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paifu.shanten import shanten
from paifu.tiles import SUITS

WINDS = "ESWN"
WIND_KANJI = "東南西北"


def _kind_of(tile: str) -> int:
    n = int(tile[0]) or 5
    return SUITS.index(tile[1]) * 9 + n - 1


#: every tile string's kind, looked up (the discard review asks tens of thousands of times a game)
_KINDS = {f"{d}{s}": _kind_of(f"{d}{s}") for s in SUITS for d in range(10) if s != "z" or 1 <= d <= 7}


def kind_of(tile: str) -> int:
    """Kind 0..33 of an MPSZ tile string (``0m`` is the red 5m)."""
    kind = _KINDS.get(tile)
    return kind if kind is not None else _kind_of(tile)


def shanten_of(counts: tuple[int, ...], closed: bool, sanma: bool) -> int:
    """Shanten of a concealed hand (-1 complete, 0 tenpai) by our calculator (``paifu.shanten``);
    seven pairs and thirteen orphans count only for a hand with no melds."""
    return shanten(counts, closed, sanma)


def reviewable(counts: Sequence[int]) -> bool:
    """Whether the shanten calculator can take a hand: at most 14 tiles, 4 of a kind (a broken
    record's 20-tile hand is drawn, but has no shanten, waits review or ukeire)."""
    return sum(counts) <= 14 and max(counts, default=0) <= 4


@dataclass(frozen=True, slots=True)
class RiverTileView:
    tile: str
    tsumogiri: bool | None
    riichi: bool  # the riichi declaration tile
    called: bool  # taken by another player's call


@dataclass(frozen=True, slots=True)
class MeldView:
    kind: str  # chi, pon, daiminkan, ankan, kakan
    tiles: tuple[str, ...]  # as laid down, the called tile at its place (see ``turned``)
    turned: int | None  # index in ``tiles`` of the tile turned toward its giver (None: closed kan)
    added: str | None = None  # kakan: the tile laid on the turned one
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class SeatData:
    seat: int
    name: str
    wind: int  # seat wind, 0 East
    score: int
    hand: tuple[str, ...]  # concealed tiles, sorted, without ``drawn``
    drawn: str | None  # the tile just drawn, shown apart
    river: tuple[RiverTileView, ...]
    melds: tuple[MeldView, ...]
    kita: int
    riichi: bool
    waits: tuple[str, ...]  # kinds that complete the hand (13-tile shape), MPSZ
    sanma: bool = False

    @property
    def tiles(self) -> tuple[str, ...]:
        return self.hand + ((self.drawn,) if self.drawn else ())

    @property
    def counts(self) -> tuple[int, ...]:
        c = [0] * 34
        for t in self.tiles:
            c[kind_of(t)] += 1
        return tuple(c)

    @property
    def text(self) -> str:
        """The concealed hand as MPSZ text (drawn tile included), e.g. ``123m406p789s1122z``."""
        return mpsz(self.tiles)

    @property
    def shanten(self) -> int | None:
        n = len(self.tiles)
        if n % 3 == 0 or n == 0 or not reviewable(self.counts):
            return None
        return shanten_of(self.counts, not any(m.kind != "ankan" for m in self.melds), self.sanma)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat} {self.name!r} {self.text} score {self.score})"


@dataclass(frozen=True, slots=True)
class WinView:
    """One win as the result panel shows it: the engine's values (``HandResult.wins``)."""

    seat: int
    from_seat: int
    tsumo: bool
    tile: str  # the winning tile, shown apart
    hand: tuple[str, ...]  # the winner's concealed tiles without it
    melds: tuple[MeldView, ...]
    han: int | None
    fu: int | None
    points: int | None
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableData:
    """Everything on the table right after event ``index`` (``event`` describes it)."""

    index: int
    event: str
    players: tuple[str, ...]
    hand: str = ""  # E2-1; "" before the first hand
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    dealer: int = 0
    turn: int | None = None
    tiles_left: int | None = None
    dora: tuple[str, ...] = ()  # indicators
    ura: tuple[str, ...] = ()  # shown at a riichi win
    seats: tuple[SeatData, ...] = ()
    result: str = ""  # the hand's result, once it has one
    findings: tuple[str, ...] = field(default=())  # findings at this event
    kind: str = ""  # the event's type: Draw, Discard, Call, ...
    actor: int | None = None  # the seat that acted, when the event names one
    changes: tuple[int, ...] = ()  # at a result: each seat's change so far (wins and draw payments)
    wins: tuple[WinView, ...] = ()  # at a win: the wins on the table so far
    draw: str = ""  # at a draw: its kind (``RyuukyokuKind`` value)
    tenpai: tuple[bool, ...] = ()  # at an exhaustive draw: who was tenpai
    #: the findings at this event as the panel shows them (``paifu.view.reasons.FindingView``)
    finding_views: tuple[Any, ...] = ()
    ending: Any = None  # at the game's end: its table (``paifu.view.ending.EndTable``)

    @property
    def title(self) -> str:
        if not self.hand:
            return "before the first hand"
        return (
            f"{WIND_KANJI[self.round_wind % 4]}{self.hand_number + 1}局 {self.honba}本場 ({self.hand}), "
            f"sticks {self.sticks}"
        )

    def __repr__(self) -> str:
        left = f", {self.tiles_left} left" if self.tiles_left is not None else ""
        return f"{type(self).__name__}({self.hand or '-'} event {self.index}: {self.event}{left})"


def _order(tile: str) -> tuple[int, bool]:
    return kind_of(tile), tile[0] != "0"


#: each tile string's place in a sorted hand, looked up (a hand's title is drawn at every change)
_ORDER = {t: _order(t) for t in _KINDS}


def mpsz(tiles: tuple[str, ...] | list[str]) -> str:
    """Sorted MPSZ text of tile strings (red 0 sorts as 5)."""
    groups: dict[str, list[str]] = {s: [] for s in SUITS}
    try:
        ordered = sorted(tiles, key=_ORDER.__getitem__)
    except KeyError:  # a tile string outside the table (the table holds every one a record gives)
        ordered = sorted(tiles, key=_order)
    for t in ordered:
        groups[t[1]].append(t[0])
    return "".join("".join(ds) + s for s, ds in groups.items() if ds)
