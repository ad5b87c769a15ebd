"""The wall check: every dealt tile, draw and indicator against the wall rebuilt from the seed.

Where the record carries its wall's seed (Tenhou's ``SHUFFLE``), each hand's wall is rebuilt and
the record must follow it. The first mismatch of a hand is reported and the hand is no longer
checked (one wrong tile is one finding, not a cascade).

Each check is handed the game it reports to, rather than the check holding the game's ``find``: a
bound method held by the game's own check made every game a reference cycle, freed only by the
garbage collector (a collection every few games walked a whole game's table).
"""

from __future__ import annotations

from typing import Any, Protocol

from paifu.board.state import tile_name
from paifu.engine.hand_wall import HandWall
from paifu.engine.wall import TenhouWall
from paifu.events import Draw, HandStart, StatedWall, Win
from paifu.findings import Code
from paifu.tiles import FIVE_KINDS, RED_IDS, SANMA_REMOVED_KINDS


class Game(Protocol):
    """What a check reports to: the game's ``find`` (``paifu.engine.game.Game``), called only on a
    mismatch."""

    def find(
        self, code: Code, message: str, seat: int | None = None, expected: Any = None, actual: Any = None
    ) -> None: ...


class WallCheck:
    """The walls of one game, rebuilt from its seed or stated by its record hand by hand (``HandStart.
    wall``); ``wall`` is the current hand's, or None when unchecked."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory  # seed, players -> a generator of hand walls (``TenhouWall``)
        # typed, so the compiled checks read a wall's fields from its struct (on every draw)
        self.gen: TenhouWall | None = None
        self.wall: HandWall | None = None
        self.draw_index = 0  # live-wall draws so far
        self.rinshan_index = 0
        self.stated: StatedWall | None = None  # the hand's wall as its record states it

    def start_game(self, seed: str | None, players: int) -> None:
        self.gen = None
        if seed and self.factory is not None:
            try:
                self.gen = self.factory(seed, players)
            except ValueError:
                # a seed form nobody can reproduce: the wall is not checked, and the result
                # says so (``wall_checked``), but the record is not wrong
                self.gen = None

    def start_hand(self, stated: StatedWall | None = None, players: int = 4) -> None:
        self.draw_index = 0
        self.rinshan_index = 0
        self.wall = None
        self.stated = stated
        if stated is not None:
            self.wall = HandWall(
                stated.tiles,
                players,
                None,
                stated.dora_indicators,
                stated.ura_indicators,
                stated.rinshan,
                stated.draws,
            )
        elif self.gen is not None:
            try:
                self.wall = self.gen.next_hand()
            except ValueError:  # a seed we cannot follow is not checked, never a crash
                self.gen = None

    def check_deal(
        self, ev: HandStart, n: int, game: Game, red_fives: tuple[int, int, int] = (1, 1, 1)
    ) -> bool:
        """The dealt hands, the first indicator and the dice; True when the hand's wall was rebuilt
        (or stated: then it must also hold the whole set, the deal included)."""
        w = self.wall
        assert w is not None  # asked only where the hand has a wall
        stated = self.stated
        try:
            if stated is None:
                hands = w.initial_hands(n, ev.dealer)
            else:
                hands = stated.deal if stated.deal is not None else ev.hands[:n]
                if not self._holds_the_set(stated, ev.hands[:n], n, red_fives, game):
                    return True
            dora = w.dora_indicators[0]
        except (ValueError, IndexError):
            self.wall = self.gen = None
            return False
        for seat in range(n):
            dealt, shown = hands[seat], ev.hands[seat]  # Tenhou lists them as dealt: sorted only if not
            if dealt != shown and sorted(dealt) != sorted(shown):
                game.find(
                    Code.WALL_MISMATCH,
                    "dealt tiles differ from the wall "
                    + ("rebuilt from the seed" if stated is None else "the record states"),
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

    def _holds_the_set(
        self,
        stated: StatedWall,
        dealt: tuple[tuple[int, ...], ...],
        n: int,
        red_fives: tuple[int, int, int],
        game: Game,
    ) -> bool:
        """A stated wall (with the deal, where it starts after it) is the table's set, each tile
        once: a wall of 137 tiles, or of five 3m, commits to nothing."""
        tiles = list(stated.tiles)
        if stated.deal is None:
            tiles += [t for hand in dealt for t in hand]
        counts = [0] * 34
        reds = [0, 0, 0]
        for t in tiles:
            if not 0 <= t < 136:
                counts[0] = 99
                continue
            counts[t >> 2] += 1
            if t in RED_IDS:
                reds[RED_IDS.index(t)] += 1
        wrong = []
        for k in range(34):
            want = 0 if n == 3 and k in SANMA_REMOVED_KINDS else 4
            if counts[k] != want:
                wrong.append(f"{counts[k]} of {tile_name(k * 4 + 1)} (the set has {want})")
        for s, k in enumerate(FIVE_KINDS):
            want = red_fives[s] if counts[k] else 0
            if reds[s] != want:
                wrong.append(f"{reds[s]} red {tile_name(k * 4 + 1)} (the set has {want})")
        if not wrong:
            return True
        game.find(
            Code.WALL_MISMATCH,
            "the wall the record states is not the table's set: " + "; ".join(wrong[:6]),
        )
        self.wall = None
        return False

    def check_draw(self, ev: Draw, rinshan: bool, game: Game) -> None:
        w = self.wall
        try:
            if w is None:
                raise IndexError
            expect = w.rinshan[self.rinshan_index] if rinshan else w.draws[self.draw_index]
        except IndexError:
            if self.stated is not None and rinshan:
                # a platform's replacement draws past those its layout names: not ours to judge
                self.wall = None
                return
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
