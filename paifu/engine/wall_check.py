"""The wall check: every dealt tile, draw and indicator against the wall rebuilt from the seed.

Where the record carries its wall's seed (Tenhou's ``SHUFFLE``), each hand's wall is rebuilt and
the record must follow it. The first mismatch of a hand is reported and the hand is no longer
checked (one wrong tile is one finding, not a cascade).

Each check is handed the game it reports to, rather than the check holding the game's ``find``: a
bound method held by the game's own check made every game a reference cycle, freed only by the
garbage collector (a collection every few games walked a whole game's table; issue 26).
"""

from __future__ import annotations

from typing import Any, Protocol

from paifu.engine.wall import HandWall, TenhouWall
from paifu.events import Draw, HandStart, Win
from paifu.findings import Code


class Game(Protocol):
    """What a check reports to: the game's ``find`` (``paifu.engine.game.Game``), called only on a
    mismatch."""

    def find(
        self, code: Code, message: str, seat: int | None = None, expected: Any = None, actual: Any = None
    ) -> None: ...


class WallCheck:
    """The seed's walls for one game; ``wall`` is the current hand's, or None when unchecked."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory  # seed, players -> a generator of hand walls (``TenhouWall``)
        # typed, so the compiled checks read a wall's fields from its struct (on every draw)
        self.gen: TenhouWall | None = None
        self.wall: HandWall | None = None
        self.draw_index = 0  # live-wall draws so far
        self.rinshan_index = 0

    def start_game(self, seed: str | None, players: int) -> None:
        self.gen = None
        if seed and self.factory is not None:
            try:
                self.gen = self.factory(seed, players)
            except ValueError:
                # a seed form nobody can reproduce: the wall is not checked, and the result
                # says so (``wall_checked``), but the record is not wrong
                self.gen = None

    def start_hand(self) -> None:
        self.draw_index = 0
        self.rinshan_index = 0
        self.wall = None
        if self.gen is not None:
            try:
                self.wall = self.gen.next_hand()
            except ValueError:  # a seed we cannot follow is not checked, never a crash
                self.gen = None

    def check_deal(self, ev: HandStart, n: int, game: Game) -> bool:
        """The dealt hands, the first indicator and the dice; True when the hand's wall was rebuilt."""
        w = self.wall
        assert w is not None  # asked only where the hand has a wall
        try:
            hands = w.initial_hands(n, ev.dealer)
            dora = w.dora_indicators[0]
        except ValueError:
            self.wall = self.gen = None
            return False
        for seat in range(n):
            dealt, shown = hands[seat], ev.hands[seat]  # Tenhou lists them as dealt: sorted only if not
            if dealt != shown and sorted(dealt) != sorted(shown):
                game.find(
                    Code.WALL_MISMATCH,
                    "dealt tiles differ from the wall rebuilt from the seed",
                    seat=seat,
                    expected=tuple(hands[seat]),
                    actual=tuple(ev.hands[seat]),
                )
                self.wall = None
                return True
        if dora != ev.dora_indicator:
            game.find(
                Code.WALL_MISMATCH,
                "dora indicator differs from the wall",
                expected=dora,
                actual=ev.dora_indicator,
            )
            self.wall = None
        if ev.dice is not None and w.dice is not None and tuple(w.dice) != tuple(ev.dice):
            game.find(
                Code.WALL_MISMATCH, "dice differ from the wall", expected=tuple(w.dice), actual=tuple(ev.dice)
            )
        return True

    def check_draw(self, ev: Draw, rinshan: bool, game: Game) -> None:
        w = self.wall
        try:
            if w is None:
                raise IndexError
            expect = w.rinshan[self.rinshan_index] if rinshan else w.draws[self.draw_index]
        except IndexError:
            game.find(Code.WALL_MISMATCH, "the wall has no tile left for this draw", seat=ev.seat)
            self.wall = None
            return
        if rinshan:
            self.rinshan_index += 1
        else:
            self.draw_index += 1
        if expect != ev.tile:
            game.find(
                Code.WALL_MISMATCH,
                f"{'replacement ' if rinshan else ''}draw differs from the wall",
                seat=ev.seat,
                expected=expect,
                actual=ev.tile,
            )
            self.wall = None

    def check_dora(self, indicator: int, i: int, game: Game) -> None:
        """The ``i``-th dora indicator (a kan's) against the wall."""
        w = self.wall
        try:
            expect = None if w is None else w.dora_indicators[i]
        except IndexError:
            expect = None
        if expect != indicator:
            game.find(
                Code.WALL_MISMATCH,
                "kan dora indicator differs from the wall",
                expected=expect,
                actual=indicator,
            )
            self.wall = None

    def check_indicators(self, ev: Win, game: Game) -> None:
        """The dora and ura indicators a win states are the wall's (ura only show at a win)."""
        w, c = self.wall, ev.claimed
        assert w is not None  # asked only where the hand has a wall
        for name, stated, held in (
            ("dora", c.dora_indicators, w.dora_indicators),
            ("ura", c.ura_indicators, w.ura_indicators),
        ):
            if stated and tuple(stated) != tuple(held[: len(stated)]):
                game.find(
                    Code.WALL_MISMATCH,
                    f"the win states {name} indicators the wall does not hold",
                    seat=ev.seat,
                    expected=tuple(held[: len(stated)]),
                    actual=tuple(stated),
                )
                self.wall = None
                return
