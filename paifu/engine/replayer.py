"""The replay engine: apply events one by one, check each against rules and state.

The engine knows nothing of file formats. ``Replayer`` drives one game: for each event it asks the
pure checks (``legality``, ``aborts``, the ``WallCheck``) what is wrong, reports it as a
``Finding``, then applies the event to the ``TableState`` (``table``), whose updates judge nothing.
It never raises on a bad record. Where the record states a result (score changes, final scores),
the record's numbers carry the state forward after being compared, so one wrong number yields one
finding instead of a cascade.

Where each rule lives: turns, draws, discards and riichi here; calls and kans in ``calls``; wins,
valuation and payments in ``wins``; drawn hands and abortive draws in ``aborts``; the next hand,
game end and leftover sticks in ``flow``; the wall in ``wall_check``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paifu.engine import aborts, calls, flow, riichi, wins
from paifu.engine.legality import can_win_on
from paifu.engine.results import GameResult, HandResult
from paifu.engine.table import (
    ACTION,
    AFTER_DISCARD,
    AFTER_KAN,
    BETWEEN,
    HAND_OVER,
    NEED_DISCARD,
    NEED_DRAW,
    RiverTile,
    SeatState,
    TableState,
)
from paifu.engine.table import tile_name as name
from paifu.engine.wall_check import WallCheck, see
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
    RyuukyokuKind,
    Win,
)
from paifu.findings import Finding
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.tiles import is_red


class Replayer:
    """Replays one game. Use ``run(events)`` or feed ``apply(event, index)``."""

    def __init__(
        self, rules: Ruleset, *, source: str = "", game_index: int = 0, scorer: Any = None, wall: Any = None
    ) -> None:
        self.rules = rules
        self.flags = flags_of(rules)
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

    # ------------------------------------------------------------------ driver
    def run(self, events: list[Event], partial: bool = False) -> GameResult:
        self.partial = partial
        for i, ev in enumerate(events):
            self.apply(ev, i)
        if self.result is None:  # no events at all: an empty game, reported, never a crash
            self.idx = 0
            self.find("truncated", "the record has no events")
            self._start_game(GameStart(players=tuple(f"player{i}" for i in range(self.n))))
        assert self.result is not None
        self.result.events = len(events)  # "stops at event N" findings point just past the last event
        self.finish(partial)
        return self.result

    def apply(self, ev: Event, index: int) -> None:
        cls = type(ev)
        if self.pending_rons and not (isinstance(ev, Win) and not ev.tsumo):
            wins.book_pending_rons(self)
        self.idx = index
        if self.result is None and cls is not GameStart:
            self.find("truncated", "the record does not start with a game start")
            self._start_game(GameStart(players=tuple(f"player{i}" for i in range(self.n))))
        if self.halted:
            return
        handler = HANDLERS.get(cls)
        if handler is None:  # pragma: no cover - closed vocabulary
            self.find("unsupported", f"unknown event {cls.__name__}")
            return
        # a pending riichi is accepted by anything but a ron on its discard
        st = self.state
        if st is not None and st.riichi_pending is not None and cls not in _KEEP_RIICHI_PENDING:
            riichi.accept(self, st.riichi_pending, None)
        handler(self, ev)

    def finish(self, partial: bool = False) -> None:
        if self.result is None:
            return
        if self.pending_rons:
            wins.book_pending_rons(self)
        self.result.partial = partial
        if self.halted:
            self.result.findings = self.findings
            return
        if self.phase != BETWEEN and self.hand is not None and not self.hand.complete:
            self.idx = self.result.events
            self.find(
                "truncated",
                f"the record stops in the middle of hand {self.state.label if self.state else ''}",
            )
        elif not self.game_end_seen and not partial:
            self.idx = self.result.events
            self.find("truncated", "the record stops before the game's end")
        self.result.findings = self.findings

    # ------------------------------------------------------------------ game start
    def _start_game(self, ev: GameStart) -> None:
        self.players = ev.players
        self.game_id = ev.game_id
        self.first_dealer = ev.first_dealer
        if len(ev.players) != self.rules.num_players:
            self.find(
                "unsupported",
                f"{len(ev.players)}-player record under a {self.rules.num_players}-player "
                f"ruleset ({self.rules.name}); the game is not replayed",
                expected=self.rules.num_players,
                actual=len(ev.players),
            )
            self.halted = True
        self.n = len(ev.players)
        self.stick_owners = [0] * self.n
        self.result = GameResult(
            source=self.source,
            format="",
            game_id=ev.game_id,
            game_index=self.game_index,
            players=ev.players,
            rules=self.rules,
            first_dealer=ev.first_dealer,
        )
        self.expected_next = (0, 0, 0, 0, ev.first_dealer)
        self.walls.start_game(ev.wall_seed, len(ev.players))

    def on_game_start(self, ev: GameStart) -> None:
        if self.result is not None:
            self.find("game-end-mismatch", "a second game start inside one game")
            return
        self._start_game(ev)

    # ------------------------------------------------------------------ hand start
    # ------------------------------------------------------------------ draws
    def on_draw(self, ev: Draw) -> None:
        st = self.state
        if st is None or st.phase == BETWEEN:
            self.find("wrong-turn", "a draw outside a hand", seat=ev.seat)
            return
        phase = st.phase
        if phase == HAND_OVER:
            self.find("wrong-turn", "a draw after the hand ended", seat=ev.seat)
            return
        if phase in (AFTER_DISCARD, AFTER_KAN):
            self.close_discard_window()
            if st.phase == HAND_OVER:
                self.find(
                    "abort-missed",
                    f"the hand should have ended in a {st.abort_due.value if st.abort_due else 'draw'}",
                    seat=ev.seat,
                )
                return
        if st.phase != NEED_DRAW or ev.seat != st.turn:
            self.find(
                "wrong-turn",
                f"seat {ev.seat} draws but it is seat {st.turn}'s turn to "
                f"{'draw' if st.phase == NEED_DRAW else 'discard'}",
                seat=ev.seat,
                expected=st.turn,
                actual=ev.seat,
            )
            # follow the record so later checks stay meaningful
            st.turn = ev.seat
            st.phase = NEED_DRAW
        if st.live_left <= 0 and not st.rinshan_pending:
            self.find("wrong-turn", "a draw from an empty wall", seat=ev.seat)
        if self.walls.wall is not None:
            self.walls.check_draw(ev, st.rinshan_pending)
        see(self, ev.tile, ev.seat)
        st.draw(ev.seat, ev.tile, self.red(ev.tile))

    # ------------------------------------------------------------------ discards
    def on_discard(self, ev: Discard) -> None:
        st = self.state
        if st is None or st.phase == BETWEEN or st.phase == HAND_OVER:
            self.find("wrong-turn", "a discard outside a hand", seat=ev.seat)
            return
        phase = st.phase
        if (phase != ACTION and phase != NEED_DISCARD) or ev.seat != st.turn:
            self.find(
                "wrong-turn",
                f"seat {ev.seat} discards but it is not its turn to discard",
                seat=ev.seat,
                expected=st.turn,
                actual=ev.seat,
            )
            st.turn = ev.seat
        seat = st.seats[ev.seat]
        if st.kans and self.rules.kan_dora:  # before any kan, the first indicator is all that is due
            calls.check_kan_dora_shown(self, st)
        tile = ev.tile
        red = self.red(tile)
        gone = tile if seat.has(tile, red) else self._stand_in(ev.seat, seat, tile)  # what leaves the hand
        k = tile >> 2
        if phase == NEED_DISCARD and k in seat.kuikae:
            self.find(
                "kuikae", f"discards {name(tile)} right after calling with it (swap-call)", seat=ev.seat
            )
        drawn = seat.drawn
        tsumogiri = ev.tsumogiri
        if tsumogiri is None:
            tsumogiri = phase == ACTION and drawn is not None and drawn == tile
        if (
            seat.riichi_accepted
            and not (drawn is not None and (drawn >> 2) == k and self.red(drawn) == red)
            and phase == ACTION
        ):
            self.find("riichi-discard", "in riichi, discards a tile other than the one drawn", seat=ev.seat)
        if gone is not None:
            seat.remove(gone, self.red(gone))
        declaring = (
            seat.riichi
            and not seat.riichi_accepted
            and st.riichi_pending is None
            and st.riichi_turn[ev.seat] == -1
        )
        if gone is None or drawn is None or gone >> 2 != drawn >> 2 or phase != ACTION:
            seat.update_waits()  # else the hand is the one before the draw: its waits stand
        if declaring:
            riichi.declare(self, st, ev.seat)
        seat.river.append(RiverTile(tile, tsumogiri, declaring))
        seat.river_kinds.add(k)
        if declaring and not self.rules.furiten_riichi:
            riichi.check_furiten(self, seat, ev.seat)
        st.rinshan_feeder = None
        seat.discards += 1
        seat.drawn = None
        seat.kuikae = frozenset()
        if seat.ippatsu and not declaring:
            seat.ippatsu = False
        size = sum(seat.counts)
        expected_size = 13 - 3 * (len(seat.melds) - seat.kita)
        if size != expected_size:
            self.find(
                "hand-size",
                f"holds {size} tiles after discarding",
                seat=ev.seat,
                expected=expected_size,
                actual=size,
            )
        # four winds: the first four discards of an uninterrupted first go-around
        if not st.any_call and seat.discards == 1 and len(st.first_winds) < self.n:
            st.first_winds.append(k)
        st.last_discard = (ev.seat, tile)
        st.kan_window = False
        st.kakan_tile = None
        st.winners_this_tile = []
        st.phase = AFTER_DISCARD
        st.turn = ev.seat
        sanma = self.sanma
        bit = 1 << k
        st.ron_candidates = [
            s
            for s, other in enumerate(st.seats)
            if other.wait_mask & bit and s != ev.seat and can_win_on(other, k, sanma)
        ]
        if len(st.kans) >= 4 or (not st.any_call and len(st.first_winds) == self.n):
            aborts.check_due(self, st)

    def _stand_in(self, seat_no: int, seat: SeatState, tile: int) -> int | None:
        """A discard of a tile the seat does not hold: reported; the record is followed (the tile
        reaches the river) but the hand keeps its size by giving up the drawn tile, else any tile,
        so one bad tile is one finding, not a cascade of turn and size findings."""
        self.find("tile-not-in-hand", f"discards {name(tile)} which it does not hold", seat=seat_no)
        if seat.drawn is not None and seat.has(seat.drawn, self.red(seat.drawn)):
            return seat.drawn
        return next((t * 4 + 3 for t, c in enumerate(seat.counts) if c and seat.has(t * 4 + 3, False)), None)

    def close_discard_window(self) -> None:
        """The last discard (or added kan) passed: furiten for who could ron, aborts, next turn."""
        st = self.state
        assert st is not None
        if st.last_discard is None and st.kakan_tile is None:
            return
        src = st.turn
        st.mark_passed(self.rules.same_turn_furiten, self.rules.riichi_furiten)
        if st.phase == AFTER_KAN:
            st.break_ippatsu()  # the kan (or kita) stands: it breaks everyone's ippatsu
            st.phase = NEED_DRAW
            st.turn = src
            st.rinshan_pending = True
            st.kakan_tile = None
            return
        if st.abort_due is not None:
            st.phase = HAND_OVER
            return
        if st.live_left <= 0:
            st.phase = HAND_OVER
            st.abort_due = RyuukyokuKind.EXHAUSTIVE
            return
        st.phase = NEED_DRAW
        st.turn = (src + 1) % self.n
        st.rinshan_pending = False
        st.last_discard = None

    # ------------------------------------------------------------------ riichi
    def on_disconnect(self, ev: Disconnect) -> None:
        pass

    def on_reconnect(self, ev: Reconnect) -> None:
        pass


_KEEP_RIICHI_PENDING = (Win, RiichiAccepted, Ryuukyoku)

HANDLERS: dict[type, Callable[[Replayer, Any], None]] = {
    GameStart: Replayer.on_game_start,
    HandStart: flow.on_hand_start,
    Draw: Replayer.on_draw,
    Discard: Replayer.on_discard,
    Call: calls.on_call,
    NewDora: calls.on_new_dora,
    RiichiDeclared: riichi.on_declared,
    RiichiAccepted: riichi.on_accepted,
    Win: wins.on_win,
    Ryuukyoku: aborts.on_ryuukyoku,
    GameEnd: flow.on_game_end,
    Disconnect: Replayer.on_disconnect,
    Reconnect: Replayer.on_reconnect,
}
