"""One game's replay state beside the table: the rules, what is known of the game so far, the
findings, and the tile count of the set (no tile seen more often than the set holds it).

The event handlers (``turns``, ``calls``, ``riichi``, ``wins``, ``aborts``, ``flow``) are
functions of a ``Game``; ``Replayer`` is the ``Game`` that dispatches events to them.
"""

from __future__ import annotations

from typing import Any

from paifu.engine.results import GameResult, HandResult
from paifu.engine.table import BETWEEN, FIVE_SUIT, TableState, tile_name
from paifu.engine.wall_check import WallCheck
from paifu.events import Win
from paifu.findings import Finding
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.tiles import SANMA_REMOVED_KINDS, is_red


class Game:
    """The state of one game's replay; findings are collected with ``find``."""

    def __init__(
        self, rules: Ruleset, *, source: str = "", game_index: int = 0, scorer: Any = None, wall: Any = None
    ) -> None:
        self.rules = rules
        self.flags = flags_of(rules)
        # the rules asked on every draw or discard, as plain attributes (a compiled Game reads them
        # natively; the Ruleset is a Python object)
        self.same_turn_furiten = rules.same_turn_furiten
        self.riichi_furiten = rules.riichi_furiten
        self.kan_dora = rules.kan_dora
        self.furiten_riichi = rules.furiten_riichi
        self.source = source
        self.game_index = game_index
        self.scorer = scorer
        self.walls = WallCheck(wall, self.find)
        self.findings: list[Finding] = []
        self.result: GameResult | None = None
        self.state: TableState | None = None
        self.idx = 0
        self.game_id = ""
        self.players: tuple[str, ...] = ()
        self.n = rules.num_players
        self.sanma = self.n == 3
        self.red_of = tuple(is_red(t, rules.red_fives) for t in range(136))
        self.hand: HandResult | None = None
        self.expected_next: tuple[int, int, int, int, int] | None = None  # round, hand, honba, sticks, dealer
        #: the game should end after this hand: True, False, or None where the rules leave
        #: either outcome open (a Tenhou date between two eras of the last-dealer stop)
        self.game_over_expected: bool | None = False
        self.first_dealer = 0
        self.hand_index = -1
        self.game_end_seen = False
        self.halted = False  # a table of another size: nothing after the game start can be judged
        self.partial = False
        self.game_start_points = rules.start_points  # the first hand's scores where the rules fix none
        self.stick_owners: list[int] = [0] * self.n  # riichi sticks on the table, per seat that paid them
        self.pending_rons: list[tuple[Win, int, int]] = []  # rons on one tile, booked once all are in
        self.physical_ids = False  # the record's tile ids are physical tiles (GameStart.physical_ids)

    # ------------------------------------------------------------------ what observers read
    @property
    def phase(self) -> int:
        return self.state.phase if self.state is not None else BETWEEN

    @property
    def turn(self) -> int:
        return self.state.turn if self.state is not None else 0

    # ------------------------------------------------------------------ findings
    def find(
        self,
        code: str,
        message: str,
        seat: int | None = None,
        expected: Any = None,
        actual: Any = None,
        hand: str | None = None,
    ) -> None:
        st = self.state
        if hand is None:
            hand = st.label if st and self.hand else ""
        self.findings.append(
            Finding(
                code=code,
                message=message,
                file=self.source,
                game_id=self.game_id,
                game_index=self.game_index,
                hand=hand,
                event_index=self.idx,
                seat=seat,
                expected=expected,
                actual=actual,
                red_fives=self.rules.red_fives,
            )
        )

    def red(self, tile: int) -> bool:
        return self.red_of[tile] if 0 <= tile < 136 else False

    def see(self, tile: int, seat: int | None) -> None:
        """Count a tile coming into view; a fifth copy or an extra red five is a finding."""
        st = self.state
        assert st is not None
        if not 0 <= tile < 136:
            self.find("tile-count-exceeded", f"tile id {tile} does not exist", seat=seat)
            return
        k = tile >> 2
        seen = st.seen_kinds[k] + 1
        st.seen_kinds[k] = seen
        if self.sanma and k in SANMA_REMOVED_KINDS:
            self.find("tile-count-exceeded", f"{tile_name(tile)} is not in a 3-player set", seat=seat)
        elif seen > 4:
            self.find(
                "tile-count-exceeded",
                f"a fifth {tile_name(tile)} appeared",
                seat=seat,
                expected=4,
                actual=seen,
            )
        if FIVE_SUIT[k] >= 0:
            self._see_five(tile, seat)

    def take(self, tile: int, seat: int) -> None:
        """A tile dealt or drawn: one physical tile comes once a hand, where the record's ids are
        physical and no wall seed checks them already (the wall check finds a repeat itself)."""
        st = self.state
        assert st is not None
        if not self.physical_ids or not 0 <= tile < 136:
            return
        bit = 1 << tile
        if st.ids_taken & bit and self.walls.wall is None:
            self.find(
                "duplicate-tile",
                f"tile id {tile} ({tile_name(tile)}) is dealt or drawn a second time this hand",
                seat=seat,
            )
        st.ids_taken |= bit

    def _see_five(self, tile: int, seat: int | None) -> None:
        st = self.state
        assert st is not None
        k = tile >> 2
        s = FIVE_SUIT[k]
        reds = self.rules.red_fives[s]
        if self.red(tile):
            st.seen_red[s] += 1
            if st.seen_red[s] > reds:
                self.find(
                    "tile-count-exceeded",
                    f"more red {tile_name(tile)} than the set has",
                    seat=seat,
                    expected=reds,
                    actual=st.seen_red[s],
                )
        elif st.seen_kinds[k] - st.seen_red[s] > 4 - reds and st.seen_kinds[k] <= 4:
            self.find(
                "tile-count-exceeded",
                f"more plain {tile_name(tile)} than the set has",
                seat=seat,
                expected=4 - reds,
                actual=st.seen_kinds[k] - st.seen_red[s],
            )
