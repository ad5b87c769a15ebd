"""One game's replay state beside the table: the rules, what is known of the game so far, the
findings, and the tile count of the set (no tile seen more often than the set holds it).

The event handlers (``turns``, ``calls``, ``riichi``, ``wins``, ``aborts``, ``flow``) are
functions of a ``Game``; ``Replayer`` is the ``Game`` that dispatches events to them. They read the
rules one way, through ``flags`` (``RuleFlags``, compiled; the table's own settings are
``flags.table``); the ``Ruleset`` itself is only handed on (to the scorer, the payments and the
rank points) and named in messages. They change the table only through ``paifu.board``.
"""

from __future__ import annotations

from typing import Any, Final

from paifu.board.phases import BETWEEN
from paifu.board.seat import FIVE_SUIT, SANMA_MASK
from paifu.board.state import TableState, red_of, tile_name
from paifu.engine.faults import Fault
from paifu.engine.results import GameResult, HandResult
from paifu.engine.wall_check import WallCheck
from paifu.events import Win
from paifu.findings import Code, Finding
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.tiles import SANMA_REMOVED_KINDS

#: the five of each suit (man, pin, sou), the kinds a red five can be
FIVE_KINDS: Final = (4, 13, 22)

#: after a hand, what decides whether the game ends: the hand's round, number, honba and dealer, the
#: scores, the next hand's round, whether the dealer keeps the deal and by what ("win", "tenpai", "")
GameOverFacts = tuple[int, int, int, int, tuple[int, ...], int, bool, str]


class Game:
    """The state of one game's replay; findings are collected with ``find``."""

    def __init__(
        self, rules: Ruleset, *, source: str = "", game_index: int = 0, scorer: Any = None, wall: Any = None
    ) -> None:
        self.rules = rules
        self.flags = flags_of(rules)
        self.source = source
        self.game_index = game_index
        self.scorer = scorer
        self.walls = WallCheck(wall)
        self.findings: list[Finding] = []
        self.result: GameResult | None = None
        self.state: TableState | None = None
        self.idx = 0
        self.game_id = ""
        self.players: tuple[str, ...] = ()
        self.n = self.flags.table.num_players
        self.sanma = self.n == 3
        self.red_of = red_of(self.flags.table)
        self.hand: HandResult | None = None
        self.expected_next: tuple[int, int, int, int, int] | None = None  # round, hand, honba, sticks, dealer
        #: the game should end after this hand: True, False, or None where the rules leave
        #: either outcome open (a Tenhou date between two eras of the last-dealer stop)
        self.game_over_expected: bool | None = False
        #: what decides ``game_over_expected`` (``flow.game_over_why``), kept to put it in words only
        #: when a finding needs them
        self.game_over_facts: GameOverFacts | None = None
        self.first_dealer = 0
        self.hand_index = -1
        self.game_end_seen = False
        self.halted = False  # a table of another size: nothing after the game start can be judged
        self.partial = False
        self.game_start_points = self.flags.start_points  # the first hand's scores where the rules fix none
        self.stick_owners: list[int] = [0] * self.n  # riichi sticks on the table, per seat that paid them
        #: what the rules' own score changes add to the record's, per seat, summed over the game (the
        #: table follows the record's changes; the final scores the rules give need the rules')
        self.score_drift: list[int] = [0] * self.n
        self.pending_rons: list[tuple[Win, int, int]] = []  # rons on one tile, booked once all are in
        self.physical_ids = False  # the record's tile ids are physical tiles (GameStart.physical_ids)
        # what the checks remember within a hand (the table itself is ``state``)
        #: tile id i was dealt or drawn this hand (``take``); a list, where a 136-bit int's bit
        #: operations made a new int on every take
        self.ids_taken: list[bool] = [False] * 136
        self.kan_events: list[int] = []  # the event index of each kan this hand
        self.kan_dora_missed = 0  # the indicators due when one was last found missing
        self.open_riichi: list[bool] = [False] * self.n  # a seat's riichi was declared open this hand
        self.wareme_seat: int | None = None  # the hand's wareme seat (``Ruleset.wareme``), from its dice

    # ------------------------------------------------------------------ what observers read
    @property
    def phase(self) -> int:
        return self.state.phase if self.state is not None else BETWEEN

    @property
    def turn(self) -> int:
        return self.state.turn if self.state is not None else 0

    def drift(self, rules: tuple[int, ...], record: tuple[int, ...]) -> None:
        """A score change the record states otherwise than the rules: the difference is kept."""
        for s in range(min(self.n, len(rules), len(record))):
            self.score_drift[s] += rules[s] - record[s]

    # ------------------------------------------------------------------ findings
    def find(
        self,
        code: Code,
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
                red_fives=self.flags.table.red_fives,
            )
        )

    def report(self, faults: tuple[Fault, ...], hand: str | None = None) -> bool:
        """Report what a check found (``paifu.engine.legality``, ``outcomes``) at this event (in
        ``hand``, where not the table's); whether the table can still follow the event (no fault
        blocks it)."""
        ok = True
        for f in faults:
            self.find(f.code, f.message, f.seat, f.expected, f.actual, hand)
            ok = ok and not f.blocks
        return ok

    def red(self, tile: int) -> bool:
        return self.red_of[tile] if 0 <= tile < 136 else False

    def check_seen(self, tile: int, seat: int | None) -> None:
        """A tile the board has just counted into view: a fifth copy or an extra red five is a finding."""
        st = self.state
        assert st is not None
        self._judge_seen(tile, seat, st.seen_kinds, st.seen_red)

    def too_many_seen(self) -> bool:
        """Whether the tiles the table has seen break the set anywhere (a fifth copy, a kind a
        3-player set lacks, an extra red or plain five)."""
        st = self.state
        assert st is not None
        kinds = st.seen_kinds
        # loops, not ``max`` and ``any`` of generators: compiled, those went through Python's calls
        # and iterators (about 6 K instructions of every hand start)
        for c in kinds:
            if c > 4:
                return True
        if self.sanma:
            for k in SANMA_REMOVED_KINDS:
                if kinds[k]:
                    return True
        reds = self.flags.table.red_fives
        seen_red = st.seen_red
        for s in range(3):
            red = seen_red[s]
            if red > reds[s] or kinds[FIVE_KINDS[s]] - red > 4 - reds[s]:
                return True
        return False

    def count_seen(self, tile: int, seat: int | None, seen: tuple[list[int], list[int]]) -> None:
        """Count a tile into ``seen`` (kinds, red fives per suit) and judge it there: a deal's tiles
        one by one, so a fifth copy is named where it appears."""
        if 0 <= tile < 136:
            k = tile >> 2
            seen[0][k] = seen[0][k] + 1
            if self.red_of[tile]:
                s = FIVE_SUIT[k]
                seen[1][s] = seen[1][s] + 1
        self._judge_seen(tile, seat, seen[0], seen[1])

    def _judge_seen(self, tile: int, seat: int | None, kinds: list[int], reds: list[int]) -> None:
        if not 0 <= tile < 136:
            self.find(Code.TILE_COUNT_EXCEEDED, f"tile id {tile} does not exist", seat=seat)
            return
        k = tile >> 2
        seen = kinds[k]
        if self.sanma and SANMA_MASK >> k & 1:  # a mask: ``in`` a tuple compares objects
            self.find(Code.TILE_COUNT_EXCEEDED, f"{tile_name(tile)} is not in a 3-player set", seat=seat)
        elif seen > 4:
            self.find(
                Code.TILE_COUNT_EXCEEDED,
                f"a fifth {tile_name(tile)} appeared",
                seat=seat,
                expected=4,
                actual=seen,
            )
        s = FIVE_SUIT[k]
        if s < 0:
            return
        allowed = self.flags.table.red_fives[s]
        if self.red(tile):
            if reds[s] > allowed:
                self.find(
                    Code.TILE_COUNT_EXCEEDED,
                    f"more red {tile_name(tile)} than the set has",
                    seat=seat,
                    expected=allowed,
                    actual=reds[s],
                )
        elif seen - reds[s] > 4 - allowed and seen <= 4:
            self.find(
                Code.TILE_COUNT_EXCEEDED,
                f"more plain {tile_name(tile)} than the set has",
                seat=seat,
                expected=4 - allowed,
                actual=seen - reds[s],
            )

    def take(self, tile: int, seat: int) -> None:
        """A tile dealt or drawn: one physical tile comes once a hand, where the record's ids are
        physical and no wall seed checks them already (the wall check finds a repeat itself)."""
        st = self.state
        assert st is not None
        if not self.physical_ids or not 0 <= tile < 136:
            return
        taken = self.ids_taken
        if taken[tile] and self.walls.wall is None:
            self.find(
                Code.DUPLICATE_TILE,
                f"tile id {tile} ({tile_name(tile)}) is dealt or drawn a second time this hand",
                seat=seat,
            )
        taken[tile] = True
