"""One walk over a game's events that the four writers share: a method per event kind.

A writer subclasses ``HandWalker`` and writes each kind of event in its method; ``walk`` dispatches
by the event's type (no isinstance chain per writer) and then applies the event to ``table``
(``SeatTable``), so every method sees the table as it was just before its event: the hand a win was
made from, the tile a discard follows. An event kind a writer has no method for is a loss it names.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from typing import Any

from paifu.events import (
    Call,
    Discard,
    Disconnect,
    Draw,
    Event,
    GameEnd,
    GameStart,
    HandStart,
    NewDora,
    Reconnect,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    Win,
)
from paifu.formats.seat_table import SeatTable

#: the method each event kind goes to
_METHODS: dict[type, str] = {
    GameStart: "game_start",
    HandStart: "hand_start",
    Draw: "draw",
    Discard: "discard",
    Call: "call",
    NewDora: "new_dora",
    RiichiDeclared: "riichi_declared",
    RiichiAccepted: "riichi_accepted",
    Win: "win",
    Ryuukyoku: "ryuukyoku",
    GameEnd: "game_end",
    Disconnect: "disconnect",
    Reconnect: "reconnect",
}


class HandWalker:
    """Calls one method per event; by default an event kind is a loss (``other``)."""

    def __init__(self, n: int) -> None:
        self.table = SeatTable(n)
        #: what the target format cannot carry, each said once (``warn_lost``)
        self.lost: set[str] = set()
        # the class's functions, not bound methods: a walker holding its own bound methods was a
        # reference cycle, each converted game left to the garbage collector
        cls = type(self)
        self._to: dict[type, Callable[[Any, Any], None]] = {k: getattr(cls, m) for k, m in _METHODS.items()}

    def walk(self, events: Iterable[Event]) -> None:
        to, apply = self._to, self.table.apply
        for ev in events:
            to[type(ev)](self, ev)
            apply(ev)

    def warn_lost(self, fmt: str) -> None:
        for what in sorted(self.lost):
            warnings.warn(f"{fmt} cannot carry {what}", stacklevel=3)

    def stated_wall(self, ev: HandStart) -> None:
        """A hand's wall as a platform's record states it (its hash checked by the platform's reader)
        is a loss for every format paifu writes: none of them carries a wall."""
        if ev.wall is not None:
            self.lost.add("a hand's wall as the platform's record states it (the wall check is lost)")

    def open_riichi(self, ev: RiichiDeclared) -> None:
        """An open riichi (the hand shown) is a loss for every format paifu writes: each writes a riichi."""
        if ev.open:
            self.lost.add("an open riichi (the hand shown; written as a riichi, its extra han unexplained)")

    def result_counts(self, ev: Win | Ryuukyoku) -> None:
        """A result's own honba and riichi sticks (Tenhou XML's ``ba``) are a loss for a format that
        states the hand's counts only: its reader gives every winner the hand's honba."""
        if (ev.claimed.sticks if isinstance(ev, Win) else ev.sticks) is not None:
            self.lost.add("a result's own honba and riichi sticks (Tenhou XML's ba; read back from the hand)")

    def other(self, ev: Event) -> None:
        self.lost.add(f"{type(ev).__name__} events")

    def game_start(self, ev: GameStart) -> None:
        self.other(ev)

    def hand_start(self, ev: HandStart) -> None:
        self.other(ev)

    def draw(self, ev: Draw) -> None:
        self.other(ev)

    def discard(self, ev: Discard) -> None:
        self.other(ev)

    def call(self, ev: Call) -> None:
        self.other(ev)

    def new_dora(self, ev: NewDora) -> None:
        self.other(ev)

    def riichi_declared(self, ev: RiichiDeclared) -> None:
        self.other(ev)

    def riichi_accepted(self, ev: RiichiAccepted) -> None:
        self.other(ev)

    def win(self, ev: Win) -> None:
        self.other(ev)

    def ryuukyoku(self, ev: Ryuukyoku) -> None:
        self.other(ev)

    def game_end(self, ev: GameEnd) -> None:
        self.other(ev)

    def disconnect(self, ev: Disconnect) -> None:
        self.other(ev)

    def reconnect(self, ev: Reconnect) -> None:
        self.other(ev)
