"""What each seat holds as a hand's events go, for the writers: the one place they track it.

A writer must sometimes say what the record does not (mjai shows no winning hand, 電脳麻将 writes the
melds in every shown hand, tenhou.net/6 marks a riichi discard and a drawn-then-discarded tile). It
reads that here, through a few questions, and never keeps its own copy. The table is unchecked: it
applies what the record says (the engine judges it); a tile that is not held is simply not taken.
Its interface is kept narrow so that the engine-free table of issue 27 can stand behind it.
"""

from __future__ import annotations

from paifu.events import Call, CallKind, Discard, Draw, Event, HandStart, Meld, RiichiDeclared

_KANS = (CallKind.ANKAN, CallKind.KAKAN, CallKind.DAIMINKAN)


class SeatTable:
    """Per seat: the concealed tiles, the melds in the order called (an added kan in its pon's place),
    the tile just drawn, and riichi (declared, and made by its discard); plus the hand's dealer and
    whether the next draw is a kan's replacement."""

    __slots__ = ("_declared", "_drawn", "_held", "_melds", "_riichi", "after_kan", "dealer")

    def __init__(self, n: int = 4) -> None:
        self.dealer = 0
        #: the last call was a kan: the next draw is its replacement tile
        self.after_kan = False
        self._held: list[list[int]] = [[] for _ in range(n)]
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._drawn: list[int | None] = [None] * n
        self._declared: set[int] = set()
        self._riichi: set[int] = set()

    def held(self, seat: int) -> list[int]:
        """The seat's concealed tiles (a copy), the tile just drawn included."""
        return list(self._held[seat])

    def melds(self, seat: int) -> list[Meld]:
        """The seat's melds in the order they were called (a copy)."""
        return list(self._melds[seat])

    def drawn(self, seat: int) -> int | None:
        """The tile the seat drew and still holds as drawn (None once it discards or calls)."""
        return self._drawn[seat]

    def declared(self, seat: int) -> bool:
        """The seat has declared riichi this hand (its riichi discard may still be to come)."""
        return seat in self._declared

    def riichi_discard(self, seat: int) -> bool:
        """The seat's next discard is its riichi discard."""
        return seat in self._declared and seat not in self._riichi

    def in_riichi(self, seat: int) -> bool:
        """The seat has made its riichi discard."""
        return seat in self._riichi

    def apply(self, ev: Event) -> None:
        """The table after ``ev`` (only the events that move what it tracks change it)."""
        if isinstance(ev, Draw):
            self._held[ev.seat].append(ev.tile)
            self._drawn[ev.seat] = ev.tile
            self.after_kan = False
        elif isinstance(ev, Discard):
            _take(self._held[ev.seat], (ev.tile,))
            self._drawn[ev.seat] = None
            if ev.seat in self._declared:
                self._riichi.add(ev.seat)
        elif isinstance(ev, Call):
            self._call(ev.seat, ev.meld)
        elif isinstance(ev, RiichiDeclared):
            self._declared.add(ev.seat)
        elif isinstance(ev, HandStart):
            self.dealer = ev.dealer
            self.after_kan = False
            n = len(ev.hands)
            self._held = [list(h) for h in ev.hands]
            self._melds = [[] for _ in range(n)]
            self._drawn = [None] * n
            self._declared = set()
            self._riichi = set()

    def _call(self, seat: int, m: Meld) -> None:
        _take(self._held[seat], from_hand(m))
        self._drawn[seat] = None
        self.after_kan = m.kind in _KANS
        own = self._melds[seat]
        if m.kind == CallKind.KAKAN:
            for i, x in enumerate(own):
                if x.kind == CallKind.PON and x.tiles[0] >> 2 == m.tiles[0] >> 2:
                    own[i] = m
                    return
        own.append(m)


def from_hand(m: Meld) -> list[int]:
    """The tiles a meld takes out of its caller's hand (all but the called one; an added kan its fourth)."""
    if m.kind == CallKind.KAKAN:
        return list(m.tiles[3:])
    tiles = list(m.tiles)
    if m.called is not None and m.called in tiles:
        tiles.remove(m.called)
    return tiles


def _take(held: list[int], tiles: tuple[int, ...] | list[int]) -> None:
    """Take ``tiles`` out of a hand: the same id, else the same kind (a record naming kinds only)."""
    for t in tiles:
        same = t if t in held else next((x for x in held if x >> 2 == t >> 2), None)
        if same is not None:
            held.remove(same)
