"""The replay engine: apply events one by one, check each against rules and state.

The engine knows nothing of file formats. It keeps a ``TableState`` and a small
phase machine (who must act next, and how), and emits ``Finding``s; it never
raises on a bad record. Where the record states a result (score changes, final
scores), the record's numbers carry the state forward after being compared, so
one wrong number yields one finding instead of a cascade.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from paifu.engine import hand as shape
from paifu.engine.results import GameResult, HandResult, WinResult
from paifu.engine.state import RiverTile, SeatState, TableState, hand_label
from paifu.events import (
    Call,
    CallKind,
    Discard,
    Disconnect,
    Draw,
    Event,
    GameEnd,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    Reconnect,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.findings import Finding
from paifu.rank_points import SchemeError, apply_leftover_sticks, seat_order
from paifu.rules.ruleset import Ruleset
from paifu.tiles import FIVE_KINDS, SANMA_REMOVED_KINDS, WIND_KINDS, YAOCHU_KINDS, is_red, tile_to_str

# phases: what the record must do next
BETWEEN = "between-hands"  # expecting HandStart or GameEnd
NEED_DRAW = "need-draw"  # seat must draw (rinshan flag tells which wall)
ACTION = "action"  # seat has 3m+2 tiles after a draw: discard, kan, kita, tsumo, nine terminals
NEED_DISCARD = "need-discard"  # after chi/pon: discard only
AFTER_DISCARD = "after-discard"  # others may ron or call; else next draw
AFTER_KAN = "after-kan"  # added kan (or closed kan / kita): robbing possible, then rinshan draw
HAND_OVER = "hand-over"  # a win or draw ended the hand; more wins on the same tile possible


class Replayer:
    """Replays one game. Use ``run(events)`` or feed ``apply(event, index)``."""

    def __init__(
        self, rules: Ruleset, *, source: str = "", game_index: int = 0, scorer: Any = None, wall: Any = None
    ) -> None:
        self.rules = rules
        self.source = source
        self.game_index = game_index
        self.scorer = scorer
        self.wall_source = wall
        self.wall: Any = None  # the current hand's wall from the seed, if any
        self.findings: list[Finding] = []
        self.result: GameResult | None = None
        self.state: TableState | None = None
        self.phase = BETWEEN
        self.turn = 0
        self.rinshan_pending = False
        self.idx = 0
        self.game_id = ""
        self.players: tuple[str, ...] = ()
        self.n = rules.num_players
        self.hand: HandResult | None = None
        self.expected_next: tuple[int, int, int, int, int] | None = None  # round, hand, honba, sticks, dealer
        #: the game should end after this hand: True, False, or None where the rules leave
        #: either outcome open (a Tenhou date between two eras of the last-dealer stop)
        self.game_over_expected: bool | None = False
        self.last_discard: tuple[int, int] | None = None  # seat, tile
        self.kakan_tile: int | None = None
        self.ron_candidates: set[int] = set()
        self.winners_this_tile: list[int] = []
        self.riichi_pending: int | None = None  # seat whose riichi discard awaits acceptance
        self.abort_due: RyuukyokuKind | None = None
        self.hand_deltas: list[int] = []
        self.first_dealer = 0
        self.hand_index = -1
        self.draw_index = 0  # live-wall draws so far (wall check)
        self.rinshan_index = 0
        self.hand_ended_by: str = ""
        self.renchan = False
        self.hand_riichi: list[bool] = []
        self.hand_riichi_turn: list[int | None] = []
        self.game_end_seen = False
        self.halted = False  # a table of another size: nothing after the game start can be judged
        self.partial = False
        self.kan_window = False
        self.wall_gen: Any = None
        self.game_start_points = rules.start_points  # the first hand's scores where the rules fix none
        self.stick_owners: list[int] = [0] * self.n  # riichi sticks on the table, per seat that paid them
        self.rinshan_feeder: int | None = None  # who fed the open kan behind the pending rinshan draws
        self.pending_rons: list[tuple[Win, int, int]] = []  # rons on one tile, booked once all are in

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
        return is_red(tile, self.rules.red_fives)

    # ------------------------------------------------------------------ driver
    def run(
        self,
        events: list[Event],
        partial: bool = False,
        observe: Callable[[int, Event, Replayer], None] | None = None,
    ) -> GameResult:
        """Replay ``events``; ``observe(index, event, self)`` runs after each is applied (a hook, not a
        patched ``apply``: compiled, ``run`` calls ``apply`` directly)."""
        self.partial = partial
        for i, ev in enumerate(events):
            self.apply(ev, i)
            if observe is not None:
                observe(i, ev, self)
        if self.result is None:  # no events at all: an empty game, reported, never a crash
            self.idx = 0
            self.find("truncated", "the record has no events")
            self._start_game(GameStart(players=tuple(f"player{i}" for i in range(self.n))))
        assert self.result is not None
        self.result.events = len(events)  # "stops at event N" findings point just past the last event
        self.finish(partial)
        return self.result

    def apply(self, ev: Event, index: int) -> None:
        if self.pending_rons and not (isinstance(ev, Win) and not ev.tsumo):
            self._book_pending_rons()
        self.idx = index
        if self.result is None and not isinstance(ev, GameStart):
            self.find("truncated", "the record does not start with a game start")
            self._start_game(GameStart(players=tuple(f"player{i}" for i in range(self.n))))
        if self.halted:
            return
        handler = self._handlers.get(type(ev))
        if handler is None:  # pragma: no cover - closed vocabulary
            self.find("unsupported", f"unknown event {type(ev).__name__}")
            return
        # a pending riichi is accepted by anything but a ron on its discard
        if self.riichi_pending is not None and not isinstance(ev, (Win, RiichiAccepted, Ryuukyoku)):
            self._accept_riichi(self.riichi_pending, None)
        handler(self, ev)

    def finish(self, partial: bool = False) -> None:
        if self.result is None:
            return
        if self.pending_rons:
            self._book_pending_rons()
        self.result.partial = partial
        if self.halted:
            self.result.findings = self.findings
            return
        if self.phase not in (BETWEEN,) and self.hand is not None and not self.hand.complete:
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
        if ev.wall_seed and self.wall_source is not None:
            try:
                self.wall_gen = self.wall_source(ev.wall_seed, len(ev.players))
            except ValueError:
                # a seed form nobody can reproduce: the wall is not checked, and the result
                # says so (``wall_checked``), but the record is not wrong
                self.wall_gen = None
        else:
            self.wall_gen = None

    def on_game_start(self, ev: GameStart) -> None:
        if self.result is not None:
            self.find("game-end-mismatch", "a second game start inside one game")
            return
        self._start_game(ev)

    # ------------------------------------------------------------------ hand start
    def on_hand_start(self, ev: HandStart) -> None:
        assert self.result is not None
        if self.phase == HAND_OVER:
            self._conclude_hand()
        elif self.phase != BETWEEN:
            self.find(
                "truncated",
                f"hand {self.state.label if self.state else ''} has no result before the next hand",
            )
        rules = self.rules
        n = self.n
        if self.game_over_expected:
            self.find("game-end-mismatch", "the game goes on after it should have ended")
            self.game_over_expected = False
        exp = self.expected_next
        got = (ev.round_wind, ev.hand_number, ev.honba, ev.sticks, ev.dealer)
        here = hand_label(ev.round_wind, ev.hand_number, ev.honba)  # findings below are about this hand
        prev_scores = self.state.scores if self.state else None
        if exp is not None and (self.hand_index >= 0 or not self.partial):
            if got != exp and self.hand_index >= 0:
                self.find(
                    "hand-start-mismatch",
                    "round, hand, honba, sticks or dealer differ from the replay",
                    expected=exp,
                    actual=got,
                    hand=here,
                )
            elif self.hand_index < 0 and not self.partial and got[:2] == (0, 0) and got != exp:
                self.find(
                    "hand-start-mismatch",
                    "the first hand does not start at East 1, 0 honba",
                    expected=exp,
                    actual=got,
                    hand=here,
                )
        if ev.scores is None:  # a record that states no scores (mjai's original protocol): carry ours
            scores = tuple(prev_scores) if prev_scores is not None else (rules.start_points or 25000,) * n
        else:
            scores = tuple(ev.scores)
        if len(scores) != n or len(ev.hands) != n:
            self.find(
                "hand-size",
                f"hand start has {len(scores)} scores and {len(ev.hands)} hands for {n} players",
                hand=here,
            )
        if prev_scores is not None and tuple(prev_scores) != scores[:n]:
            self.find(
                "hand-start-mismatch",
                "scores at the hand start differ from the replayed scores",
                expected=tuple(prev_scores),
                actual=scores,
                hand=here,
            )
        elif (
            prev_scores is None
            and self.hand_index < 0
            and ev.round_wind == 0
            and ev.hand_number == 0
            and ev.honba == 0
            and rules.start_points
            and any(s != rules.start_points for s in scores[:n])
        ):
            self.find(
                "hand-start-mismatch",
                "first hand scores differ from the ruleset's start points",
                expected=tuple([rules.start_points] * n),
                actual=scores,
                hand=here,
            )
        if self.hand_index < 0 and not rules.start_points and scores:
            self.game_start_points = (
                sum(scores[:n]) // n
            )  # the record states the start (e.g. 004: 25k or 30k)
        self.hand_index += 1
        st = TableState(
            num_players=n,
            scores=list(scores[:n]) + [0] * max(0, n - len(scores)),
            round_wind=ev.round_wind,
            hand_number=ev.hand_number,
            honba=ev.honba,
            sticks=ev.sticks,
            dealer=ev.dealer,
        )
        st.seats = [SeatState() for _ in range(n)]
        total = 136 if n == 4 else 108
        st.live_left = total - rules.dead_wall - 13 * n
        self.state = st
        self.hand = HandResult(
            index=self.hand_index,
            label=st.label,
            round_wind=ev.round_wind,
            hand_number=ev.hand_number,
            honba=ev.honba,
            sticks=ev.sticks,
            dealer=ev.dealer,
            scores_start=tuple(st.scores),
        )
        self.result.hands.append(self.hand)
        self.hand_deltas = [0] * n
        self.hand_riichi = [False] * n
        self.hand_riichi_turn = [None] * n
        self.riichi_pending = None
        self.last_discard = None
        self.kakan_tile = None
        self.abort_due = None
        self.winners_this_tile = []
        self.draw_index = 0
        self.rinshan_index = 0
        self.kans_closed = self.kans_open_pending = self.kans_open_drawn = 0  # for kan dora timing
        self.rinshan_feeder = None
        self.wall = None
        if getattr(self, "wall_gen", None) is not None:
            try:
                self.wall = self.wall_gen.next_hand()
            except ValueError:  # a seed we cannot follow is not checked, never a crash
                self.wall_gen = None
        self._see(ev.dora_indicator, None)
        st.dora_indicators.append(ev.dora_indicator)
        for seat, tiles in enumerate(ev.hands[:n]):
            if len(tiles) != 13:
                self.find(
                    "hand-size",
                    f"seat {seat} is dealt {len(tiles)} tiles",
                    seat=seat,
                    expected=13,
                    actual=len(tiles),
                )
            for t in tiles:
                self._see(t, seat)
                st.seats[seat].add(t, self.red(t))
            st.seats[seat].waits = shape.shape_waits(st.seats[seat].counts)
        if self.wall is not None:
            self._check_deal(ev)
        self.phase = NEED_DRAW
        self.turn = ev.dealer
        self.rinshan_pending = False

    def _check_deal(self, ev: HandStart) -> None:
        w = self.wall
        try:
            hands = w.initial_hands(self.n, ev.dealer)
            dora = w.dora_indicators[0]
        except ValueError:
            self.wall = self.wall_gen = None
            return
        if self.result is not None:
            self.result.wall_checked = True
        for seat in range(self.n):
            if sorted(hands[seat]) != sorted(ev.hands[seat]):
                self.find(
                    "wall-mismatch",
                    "dealt tiles differ from the wall rebuilt from the seed",
                    seat=seat,
                    expected=tuple(hands[seat]),
                    actual=tuple(ev.hands[seat]),
                )
                self.wall = None
                return
        if dora != ev.dora_indicator:
            self.find(
                "wall-mismatch",
                "dora indicator differs from the wall",
                expected=dora,
                actual=ev.dora_indicator,
            )
            self.wall = None
        if ev.dice is not None and getattr(w, "dice", None) is not None and tuple(w.dice) != tuple(ev.dice):
            self.find(
                "wall-mismatch", "dice differ from the wall", expected=tuple(w.dice), actual=tuple(ev.dice)
            )

    def _see(self, tile: int, seat: int | None) -> None:
        """Count a tile coming into view; a fifth copy or an extra red five is a finding."""
        st = self.state
        assert st is not None
        if not 0 <= tile < 136:
            self.find("tile-count-exceeded", f"tile id {tile} does not exist", seat=seat)
            return
        k = tile >> 2
        st.seen_kinds[k] += 1
        if self.n == 3 and k in SANMA_REMOVED_KINDS:
            self.find("tile-count-exceeded", f"{_name(tile)} is not in a 3-player set", seat=seat)
        elif st.seen_kinds[k] > 4:
            self.find(
                "tile-count-exceeded",
                f"a fifth {_name(tile)} appeared",
                seat=seat,
                expected=4,
                actual=st.seen_kinds[k],
            )
        if k in FIVE_KINDS:
            s = FIVE_KINDS.index(k)
            reds = self.rules.red_fives[s]
            if self.red(tile):
                st.seen_red[s] += 1
                if st.seen_red[s] > reds:
                    self.find(
                        "tile-count-exceeded",
                        f"more red {_name(tile)} than the set has",
                        seat=seat,
                        expected=reds,
                        actual=st.seen_red[s],
                    )
            elif st.seen_kinds[k] - st.seen_red[s] > 4 - reds and st.seen_kinds[k] <= 4:
                self.find(
                    "tile-count-exceeded",
                    f"more plain {_name(tile)} than the set has",
                    seat=seat,
                    expected=4 - reds,
                    actual=st.seen_kinds[k] - st.seen_red[s],
                )

    # ------------------------------------------------------------------ draws
    def on_draw(self, ev: Draw) -> None:
        st = self.state
        if st is None or self.phase == BETWEEN:
            self.find("wrong-turn", "a draw outside a hand", seat=ev.seat)
            return
        if self.phase == HAND_OVER:
            self.find("wrong-turn", "a draw after the hand ended", seat=ev.seat)
            return
        if self.phase in (AFTER_DISCARD, AFTER_KAN):
            self._close_discard_window()
            if self.phase == HAND_OVER:
                self.find(
                    "abort-missed",
                    f"the hand should have ended in a {self.abort_due.value if self.abort_due else 'draw'}",
                    seat=ev.seat,
                )
                return
        if self.phase != NEED_DRAW or ev.seat != self.turn:
            self.find(
                "wrong-turn",
                f"seat {ev.seat} draws but it is seat {self.turn}'s turn to "
                f"{'draw' if self.phase == NEED_DRAW else 'discard'}",
                seat=ev.seat,
                expected=self.turn,
                actual=ev.seat,
            )
            self._resync_draw(ev.seat)
        seat = st.seats[ev.seat]
        rinshan = self.rinshan_pending
        if st.live_left <= 0 and not rinshan:
            self.find("wrong-turn", "a draw from an empty wall", seat=ev.seat)
        st.live_left -= 1  # a replacement draw shortens the live wall too (the dead wall stays 14)
        if rinshan:
            self.kans_open_drawn += self.kans_open_pending
            self.kans_open_pending = 0
        self._check_wall_draw(ev, rinshan)
        self._see(ev.tile, ev.seat)
        seat.add(ev.tile, self.red(ev.tile))
        seat.drawn = ev.tile
        seat.draws += 1
        seat.furiten_temp = False
        seat.kuikae = frozenset()
        self.phase = ACTION
        self.turn = ev.seat
        self.rinshan_draw = rinshan
        self.rinshan_pending = False

    def _check_wall_draw(self, ev: Draw, rinshan: bool) -> None:
        w = self.wall
        if w is None:
            return
        try:
            expect = w.rinshan[self.rinshan_index] if rinshan else w.draws[self.draw_index]
        except (IndexError, AttributeError):
            self.find("wall-mismatch", "the wall has no tile left for this draw", seat=ev.seat)
            self.wall = None
            return
        if rinshan:
            self.rinshan_index += 1
        else:
            self.draw_index += 1
        if expect != ev.tile:
            self.find(
                "wall-mismatch",
                f"{'replacement ' if rinshan else ''}draw differs from the wall",
                seat=ev.seat,
                expected=expect,
                actual=ev.tile,
            )
            self.wall = None

    def _resync_draw(self, seat: int) -> None:
        """After a wrong-turn finding, follow the record so later checks stay meaningful."""
        self.turn = seat
        self.phase = NEED_DRAW

    # ------------------------------------------------------------------ discards
    def on_discard(self, ev: Discard) -> None:
        st = self.state
        if st is None or self.phase in (BETWEEN, HAND_OVER):
            self.find("wrong-turn", "a discard outside a hand", seat=ev.seat)
            return
        if self.phase not in (ACTION, NEED_DISCARD) or ev.seat != self.turn:
            self.find(
                "wrong-turn",
                f"seat {ev.seat} discards but it is not its turn to discard",
                seat=ev.seat,
                expected=self.turn,
                actual=ev.seat,
            )
            self.turn = ev.seat
        seat = st.seats[ev.seat]
        self._check_kan_dora_shown()
        red = self.red(ev.tile)
        gone: int | None = ev.tile  # what leaves the hand
        if not seat.has(ev.tile, red):
            self.find("tile-not-in-hand", f"discards {_name(ev.tile)} which it does not hold", seat=ev.seat)
            # follow the record (the tile reaches the river) but keep the hand's size by giving up the
            # drawn tile, else any tile: one bad tile is one finding, not a cascade of turn/size findings
            if seat.drawn is not None and seat.has(seat.drawn, self.red(seat.drawn)):
                gone = seat.drawn
            else:
                gone = next(
                    (t * 4 + 3 for t, c in enumerate(seat.counts) if c and seat.has(t * 4 + 3, False)), None
                )
        k = ev.tile >> 2
        if self.phase == NEED_DISCARD and k in seat.kuikae:
            self.find(
                "kuikae", f"discards {_name(ev.tile)} right after calling with it (swap-call)", seat=ev.seat
            )
        tsumogiri = ev.tsumogiri
        if tsumogiri is None:
            tsumogiri = self.phase == ACTION and seat.drawn is not None and seat.drawn == ev.tile
        if (
            seat.riichi_accepted
            and not (seat.drawn is not None and (seat.drawn >> 2) == k and self.red(seat.drawn) == red)
            and self.phase == ACTION
        ):
            self.find("riichi-discard", "in riichi, discards a tile other than the one drawn", seat=ev.seat)
        if gone is not None:
            seat.remove(gone, self.red(gone))
        declaring = (
            seat.riichi
            and not seat.riichi_accepted
            and self.riichi_pending is None
            and self.hand_riichi_turn[ev.seat] == -1
        )
        seat.waits = shape.shape_waits(seat.counts, seat.closed)
        if declaring:
            self.hand_riichi_turn[ev.seat] = seat.discards
            if not self._tenpai(ev.seat):
                self.find(
                    "riichi-not-tenpai",
                    "declares riichi on a hand that is not tenpai after the discard",
                    seat=ev.seat,
                )
            self.riichi_pending = ev.seat
        seat.river.append(RiverTile(ev.tile, tsumogiri, riichi=declaring))
        seat.river_kinds.add(k)
        if declaring:
            self._check_furiten_riichi(ev.seat)
        self.rinshan_feeder = None
        seat.discards += 1
        seat.drawn = None
        seat.kuikae = frozenset()
        if seat.ippatsu and not declaring:
            seat.ippatsu = False
        expected_size = 13 - 3 * sum(1 for m in seat.melds if m.kind != CallKind.KITA)
        if seat.size != expected_size:
            self.find(
                "hand-size",
                f"holds {seat.size} tiles after discarding",
                seat=ev.seat,
                expected=expected_size,
                actual=seat.size,
            )
        # four winds: the first four discards of an uninterrupted first go-around
        if not st.any_call and len(st.first_winds) < self.n and seat.discards == 1:
            st.first_winds.append(k)
        self.last_discard = (ev.seat, ev.tile)
        self.kan_window = False
        self.kakan_tile = None
        self.winners_this_tile = []
        # kan dora of an open/added kan turns after this discard
        self.phase = AFTER_DISCARD
        self.turn = ev.seat
        self.ron_candidates = {s for s in range(self.n) if s != ev.seat and self._can_win_on(s, k)}
        self._check_abort_due()

    def _check_furiten_riichi(self, seat: int) -> None:
        """A riichi on a wait already in the own river, where the ruleset forbids a furiten riichi."""
        if not self.rules.furiten_riichi and self._furiten(seat):
            self.find("riichi-furiten", "declares riichi while furiten", seat=seat)

    def _waits(self, seat: int) -> frozenset[int]:
        """Kinds a seat can still win on: never a fifth copy, never a kind missing from the set."""
        st = self.state
        assert st is not None
        s = st.seats[seat]
        ws = s.waits
        if not ws:
            return ws
        return frozenset(k for k in ws if s.counts[k] < 4 and not (self.n == 3 and k in SANMA_REMOVED_KINDS))

    def _check_kan_dora_shown(self) -> None:
        """By a discard, a closed kan's dora is shown (and an open kan's, where the ruleset shows it at once)."""
        st = self.state
        if not self.rules.kan_dora or st is None:
            return
        due = 1 + self.kans_closed
        if self.rules.open_kan_dora_timing == "immediate":
            due += self.kans_open_drawn + self.kans_open_pending
        if len(st.dora_indicators) < due:
            self.find(
                "kan-dora-timing",
                "a kan's dora is not revealed by the next discard",
                expected=due,
                actual=len(st.dora_indicators),
            )

    def _can_win_on(self, seat: int, k: int) -> bool:
        """``k in self._waits(seat)`` without building the set: asked for every seat on every discard."""
        s = self.state.seats[seat]  # type: ignore[union-attr]
        return k in s.waits and s.counts[k] < 4 and not (self.n == 3 and k in SANMA_REMOVED_KINDS)

    def _tenpai(self, seat: int) -> bool:
        """Tenpai for riichi and exhaustive draws, under the ruleset's karaten rule."""
        st = self.state
        assert st is not None
        karaten = self.rules.karaten
        if karaten == "counts":  # a wait on tiles all in the own hand still counts
            return any(not (self.n == 3 and k in SANMA_REMOVED_KINDS) for k in st.seats[seat].waits)
        live = self._waits(seat)
        if karaten == "not-visible":  # all four seen on the table or in the own hand
            return any(self._visible(seat, k) < 4 for k in live)
        return bool(live)

    def _visible(self, seat: int, k: int) -> int:
        st = self.state
        assert st is not None
        n = st.seats[seat].counts[k]
        for s in st.seats:
            n += sum(1 for r in s.river if r.tile >> 2 == k and not r.called)
            n += sum(1 for m in s.melds for t in m.tiles if t >> 2 == k)
        n += sum(1 for t in st.dora_indicators if t >> 2 == k)
        return n

    def _furiten(self, seat: int) -> bool:
        st = self.state
        assert st is not None
        s = st.seats[seat]
        if s.furiten_temp or s.furiten_riichi:
            return True
        ws = self._waits(seat)
        return any(k in s.river_kinds for k in ws)

    # ------------------------------------------------------------------ discard window
    def _close_discard_window(self) -> None:
        """The last discard (or added kan) passed: furiten for who could ron, aborts, next turn."""
        st = self.state
        assert st is not None
        if self.last_discard is None and self.kakan_tile is None:
            return
        src = self.turn
        for s in self.ron_candidates:
            if s in self.winners_this_tile:
                continue
            seat = st.seats[s]
            if self.rules.same_turn_furiten:
                seat.furiten_temp = True
            if seat.riichi_accepted and self.rules.riichi_furiten:
                seat.furiten_riichi = True
        self.ron_candidates = set()
        if self.phase == AFTER_KAN:
            for seat in st.seats:  # the kan (or kita) stands: it breaks everyone's ippatsu
                seat.ippatsu = False
            self.phase = NEED_DRAW
            self.turn = src
            self.rinshan_pending = True
            self.kakan_tile = None
            return
        if self.abort_due is not None:
            self.phase = HAND_OVER
            return
        if st.live_left <= 0:
            self.phase = HAND_OVER
            self.abort_due = RyuukyokuKind.EXHAUSTIVE
            return
        self.phase = NEED_DRAW
        self.turn = (src + 1) % self.n
        self.rinshan_pending = False
        self.last_discard = None

    def _check_abort_due(self) -> None:
        """After a discard: does a four-winds / four-kans / four-riichi abort apply if it passes?"""
        st = self.state
        assert st is not None
        rules = self.rules
        if (
            rules.four_winds
            and not st.any_call
            and len(st.first_winds) == self.n
            and st.first_winds[0] in WIND_KINDS
            and len(set(st.first_winds)) == 1
            and all(s.discards == 1 for s in st.seats)
        ):
            self.abort_due = RyuukyokuKind.FOUR_WINDS
        if rules.four_kans and len(st.kans) >= 4 and len(set(st.kans)) > 1:
            self.abort_due = RyuukyokuKind.FOUR_KANS

    # ------------------------------------------------------------------ riichi
    def on_riichi_declared(self, ev: RiichiDeclared) -> None:
        st = self.state
        if st is None or self.phase != ACTION or ev.seat != self.turn:
            self.find("wrong-turn", "riichi declared outside the player's own turn", seat=ev.seat)
            if st is None:
                return
        seat = st.seats[ev.seat]
        rules = self.rules
        if seat.riichi:
            self.find("illegal-call", "riichi declared twice", seat=ev.seat)
            return
        if not seat.closed:
            self.find("riichi-not-closed", "declares riichi with an open hand", seat=ev.seat)
        if st.scores[ev.seat] < rules.riichi_min_points and rules.bust:
            self.find(
                "riichi-insufficient-points",
                "declares riichi without enough points",
                seat=ev.seat,
                expected=rules.riichi_min_points,
                actual=st.scores[ev.seat],
            )
        if st.live_left < rules.riichi_min_wall:
            self.find(
                "riichi-no-draws-left",
                "declares riichi with too few tiles left in the wall",
                seat=ev.seat,
                expected=rules.riichi_min_wall,
                actual=st.live_left,
            )
        seat.riichi = True
        seat.double_riichi = seat.discards == 0 and not st.any_call
        self.hand_riichi[ev.seat] = True
        self.hand_riichi_turn[ev.seat] = -1  # set at the declaring discard

    def _accept_riichi(self, seat_no: int, stated: tuple[int, ...] | None) -> None:
        st = self.state
        assert st is not None
        seat = st.seats[seat_no]
        self.riichi_pending = None
        seat.riichi_accepted = True
        seat.ippatsu = self.rules.ippatsu
        st.scores[seat_no] -= 1000
        st.sticks += 1
        self.stick_owners[seat_no] += 1
        self.hand_deltas[seat_no] -= 1000
        if stated is not None and tuple(stated[: self.n]) != tuple(st.scores):
            self.find(
                "score-delta-mismatch",
                "scores after the riichi stick differ from the replay",
                seat=seat_no,
                expected=tuple(st.scores),
                actual=tuple(stated),
            )
        if self.rules.four_riichi and sum(1 for s in st.seats if s.riichi_accepted) == self.n == 4:
            self.abort_due = RyuukyokuKind.FOUR_RIICHI

    def on_riichi_accepted(self, ev: RiichiAccepted) -> None:
        if self.riichi_pending != ev.seat:
            self.find("illegal-call", "riichi accepted without a pending riichi discard", seat=ev.seat)
            return
        self._accept_riichi(ev.seat, ev.scores)

    # ------------------------------------------------------------------ calls
    def on_call(self, ev: Call) -> None:
        st = self.state
        if st is None or self.phase in (BETWEEN, HAND_OVER):
            self.find("illegal-call", "a call outside a hand", seat=ev.seat)
            return
        m = ev.meld
        if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
            self._call_on_discard(ev)
        elif m.kind == CallKind.KITA:
            self._kita(ev)
        else:
            self._kan_in_turn(ev)

    def _remove_tiles(self, seat_no: int, tiles: tuple[int, ...] | list[int], what: str) -> bool:
        st = self.state
        assert st is not None
        seat = st.seats[seat_no]
        taken: list[int] = []
        for t in tiles:
            if not seat.has(t, self.red(t)):
                for u in taken:
                    seat.add(u, self.red(u))
                self.find(
                    "illegal-call", f"{what} needs {_name(t)} which the player does not hold", seat=seat_no
                )
                return False
            seat.remove(t, self.red(t))
            taken.append(t)
        return True

    def _call_on_discard(self, ev: Call) -> None:
        st = self.state
        assert st is not None
        m = ev.meld
        caller = ev.seat
        if self.phase != AFTER_DISCARD or self.last_discard is None:
            self.find("illegal-call", f"{m.kind.value} without a discard to call", seat=caller)
            return
        src, tile = self.last_discard
        if m.called is not None and ((m.called >> 2) != (tile >> 2) or self.red(m.called) != self.red(tile)):
            self.find(
                "illegal-call",
                f"{m.kind.value} on {_name(m.called)} but the last discard was {_name(tile)}",
                seat=caller,
            )
            return
        if m.from_seat is not None and m.from_seat != src:
            self.find(
                "illegal-call",
                "the call names a different discarder than the last discard",
                seat=caller,
                expected=src,
                actual=m.from_seat,
            )
        if caller == src:
            self.find("illegal-call", "calls its own discard", seat=caller)
            return
        if st.live_left <= 0:
            self.find("illegal-call", "calls the last discard of the hand", seat=caller)
        if st.seats[caller].riichi:
            self.find("illegal-call", "calls while in riichi", seat=caller)
        rules = self.rules
        own = list(m.tiles)
        # remove the called tile once
        for i, t in enumerate(own):
            if (t >> 2) == (tile >> 2) and self.red(t) == self.red(tile):
                del own[i]
                break
        k = tile >> 2
        kinds = sorted(t >> 2 for t in m.tiles)
        if m.kind == CallKind.CHI:
            if not rules.chi or self.n == 3:
                self.find("illegal-call", "chi is not allowed at this table", seat=caller)
            if caller != (src + 1) % self.n:
                self.find("illegal-call", "chi from a player who is not on the left", seat=caller)
            if (
                len(kinds) != 3
                or kinds[0] >= 27
                or kinds[0] // 9 != kinds[2] // 9
                or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]
            ):
                self.find("illegal-call", "chi tiles are not a run", seat=caller)
                return
        elif m.kind == CallKind.PON:
            if len(kinds) != 3 or len(set(kinds)) != 1:
                self.find("illegal-call", "pon tiles are not three of a kind", seat=caller)
                return
        else:
            if len(kinds) != 4 or len(set(kinds)) != 1:
                self.find("illegal-call", "open kan tiles are not four of a kind", seat=caller)
                return
            if len(st.kans) >= 4:
                self.find("illegal-call", "a fifth kan", seat=caller)
        if len(own) != len(m.tiles) - 1:
            self.find("illegal-call", "the meld does not contain the called tile", seat=caller)
            return
        # the ron window closes: others who could ron and did not are furiten now
        for s in self.ron_candidates:
            if s != caller:
                seat = st.seats[s]
                seat.furiten_temp = self.rules.same_turn_furiten or seat.furiten_temp
                if seat.riichi_accepted and self.rules.riichi_furiten:
                    seat.furiten_riichi = True
        self.ron_candidates = set()
        if self.abort_due is not None and self.abort_due in (
            RyuukyokuKind.FOUR_WINDS,
            RyuukyokuKind.FOUR_KANS,
            RyuukyokuKind.FOUR_RIICHI,
        ):
            self.find("abort-missed", f"the hand should have ended in {self.abort_due.value}", seat=caller)
            self.abort_due = None
        if not self._remove_tiles(caller, own, m.kind.value):
            return
        river = st.seats[src].river
        if river:
            river[-1].called = True
        seat = st.seats[caller]
        seat.melds.append(m)
        seat.calls += 1
        st.any_call = True
        for other in st.seats:
            other.ippatsu = False
        seat.furiten_temp = False
        self.last_discard = None
        if m.kind == CallKind.DAIMINKAN:
            st.kans.append(caller)
            self.kans_open_pending += 1
            self.rinshan_feeder = src  # 002: a rinshan win after it is the feeder's to pay
            self.phase = NEED_DRAW
            self.rinshan_pending = True
        else:
            self.phase = NEED_DISCARD
            forbidden = {k}
            if m.kind == CallKind.CHI and rules.kuikae == "forbidden":
                lo = kinds[0]
                if k == lo and lo % 9 <= 5:
                    forbidden.add(lo + 3)
                elif k == lo + 2 and lo % 9 >= 1:
                    forbidden.add(lo - 1)
            seat.kuikae = frozenset(forbidden) if rules.kuikae != "allowed" else frozenset()
        self.turn = caller

    def _kan_in_turn(self, ev: Call) -> None:
        st = self.state
        assert st is not None
        m = ev.meld
        caller = ev.seat
        if self.phase != ACTION or caller != self.turn:
            self.find("illegal-call", f"{m.kind.value} outside the player's own turn", seat=caller)
            if self.phase != ACTION:
                return
        if st.live_left <= 0:
            self.find("illegal-call", "a kan with no tile left in the live wall", seat=caller)
        if len(st.kans) >= 4:
            self.find("illegal-call", "a fifth kan", seat=caller)
        kinds = {t >> 2 for t in m.tiles}
        seat = st.seats[caller]
        if len(kinds) != 1 or len(m.tiles) != 4:
            self.find("illegal-call", f"{m.kind.value} tiles are not four of a kind", seat=caller)
            return
        k = next(iter(kinds))
        if m.kind == CallKind.ANKAN:
            before = self._waits(caller) if seat.riichi_accepted else frozenset()
            if not self._remove_tiles(caller, m.tiles, "closed kan"):
                return
            seat.melds.append(m)
            if seat.riichi_accepted:
                self._check_riichi_kan(caller, k, before)
        else:  # kakan: upgrade an own pon
            pon_i = next(
                (i for i, x in enumerate(seat.melds) if x.kind == CallKind.PON and x.tiles[0] >> 2 == k), None
            )
            if pon_i is None:
                self.find("illegal-call", "added kan without a pon of that kind", seat=caller)
                return
            pon = seat.melds[pon_i]
            added = [t for t in m.tiles if t not in pon.tiles]
            if len(added) != 1:
                # formats without copy ids: the added tile is whatever is left of the kind
                added = [m.tiles[-1]]
            if not self._remove_tiles(caller, added, "added kan"):
                return
            seat.melds[pon_i] = Meld(CallKind.KAKAN, m.tiles, pon.called, pon.from_seat)
            self.kakan_tile = added[0]
        st.kans.append(caller)
        if m.kind == CallKind.ANKAN:
            self.kans_closed += 1
        else:
            self.kans_open_pending += 1
        st.any_call = True
        # everyone's ippatsu ends only once this stands: robbing it keeps ippatsu (_close_discard_window)
        seat.waits = shape.shape_waits(seat.counts, seat.closed)
        # robbing window: chankan on an added kan (kokushi may rob a closed kan where allowed)
        self.ron_candidates = {
            s
            for s in range(self.n)
            if s != caller
            and self._can_win_on(s, k)
            and (
                m.kind == CallKind.KAKAN
                or (self.rules.kokushi_chankan_ankan and shape.is_kokushi(_plus(st.seats[s].counts, k)))
            )
        }
        robbed = self.kakan_tile if m.kind == CallKind.KAKAN and self.kakan_tile is not None else m.tiles[0]
        self.last_discard = (caller, robbed)
        self.phase = AFTER_KAN
        self.kan_window = True
        self.rinshan_pending = True

    def _check_riichi_kan(self, seat_no: int, k: int, before: frozenset[int]) -> None:
        st = self.state
        assert st is not None
        seat = st.seats[seat_no]
        rule = self.rules.riichi_kan
        if rule == "none":
            self.find(
                "riichi-kan-changes-wait", "a kan after riichi is not allowed by this ruleset", seat=seat_no
            )
            return
        drawn = seat.drawn
        if drawn is None or drawn >> 2 != k:
            self.find(
                "riichi-kan-changes-wait",
                "a closed kan after riichi not made with the drawn tile",
                seat=seat_no,
            )
        after = frozenset(w for w in shape.shape_waits(seat.counts, False) if seat.counts[w] < 4)
        if after != before:
            self.find(
                "riichi-kan-changes-wait",
                "the closed kan after riichi changes the wait",
                seat=seat_no,
                expected=sorted(before),
                actual=sorted(after),
            )
        elif rule == "shape-unchanged":
            # every winning hand must use the kan kind as a triplet: removing it keeps the hand complete
            counts = list(seat.counts)
            counts[k] += 3
            for w in before:
                c = _plus(counts, w)
                c2 = list(c)
                c2[k] -= 3
                if shape.is_complete_regular(c) and not shape.is_complete_regular(c2):
                    self.find(
                        "riichi-kan-changes-wait",
                        "the closed kan after riichi changes the hand's shape",
                        seat=seat_no,
                    )
                    break

    def _kita(self, ev: Call) -> None:
        st = self.state
        assert st is not None
        caller = ev.seat
        if not self.rules.kita or self.n != 3:
            self.find("illegal-call", "kita is not part of this ruleset", seat=caller)
        if self.phase != ACTION or caller != self.turn:
            self.find("illegal-call", "kita outside the player's own turn", seat=caller)
            if self.phase not in (ACTION, NEED_DISCARD):
                return
        tile = ev.meld.tiles[0] if ev.meld.tiles else -1
        if tile >> 2 != 30:
            self.find("illegal-call", "kita with a tile that is not North", seat=caller)
            return
        if not self._remove_tiles(caller, (tile,), "kita"):
            return
        seat = st.seats[caller]
        seat.melds.append(ev.meld)
        seat.kita += 1
        st.any_call = True
        # everyone's ippatsu ends only once this stands: robbing it keeps ippatsu (_close_discard_window)
        seat.waits = shape.shape_waits(seat.counts, seat.closed)
        cands = {s for s in range(self.n) if s != caller and self._can_win_on(s, 30)}
        self.ron_candidates = cands
        self.last_discard = (caller, tile)
        self.phase = AFTER_KAN
        self.kan_window = True
        self.rinshan_pending = True

    def on_new_dora(self, ev: NewDora) -> None:
        st = self.state
        if st is None or self.phase == BETWEEN:
            self.find("illegal-call", "a new dora indicator outside a hand")
            return
        if not self.rules.kan_dora:
            self.find("illegal-call", "a kan dora indicator under a ruleset without kan dora")
        if len(st.dora_indicators) > len(st.kans):
            self.find("illegal-call", "more dora indicators than kans")
        elif (
            self.rules.open_kan_dora_timing == "after-discard"
            and len(st.dora_indicators) >= 1 + self.kans_closed + self.kans_open_drawn
        ):
            self.find(
                "kan-dora-timing",
                "an open kan's dora is revealed before its replacement draw, where the "
                "ruleset reveals it after the discard",
                expected=1 + self.kans_closed + self.kans_open_drawn,
                actual=len(st.dora_indicators) + 1,
            )
        self._see(ev.indicator, None)
        st.dora_indicators.append(ev.indicator)
        w = self.wall
        if w is not None:
            i = len(st.dora_indicators) - 1
            try:
                expect = w.dora_indicators[i]
            except (IndexError, AttributeError):
                expect = None
            if expect != ev.indicator:
                self.find(
                    "wall-mismatch",
                    "kan dora indicator differs from the wall",
                    expected=expect,
                    actual=ev.indicator,
                )
                self.wall = None

    def _check_wall_indicators(self, ev: Win) -> None:
        """The dora and ura indicators a win states are the wall's (ura only show at a win)."""
        w, c = self.wall, ev.claimed
        for name, stated, held in (
            ("dora", c.dora_indicators, w.dora_indicators),
            ("ura", c.ura_indicators, w.ura_indicators),
        ):
            if stated and tuple(stated) != tuple(held[: len(stated)]):
                self.find(
                    "wall-mismatch",
                    f"the win states {name} indicators the wall does not hold",
                    seat=ev.seat,
                    expected=tuple(held[: len(stated)]),
                    actual=tuple(stated),
                )
                self.wall = None
                return

    # ------------------------------------------------------------------ wins
    def on_win(self, ev: Win) -> None:
        st = self.state
        if st is None or self.phase == BETWEEN:
            self.find("not-a-winning-hand", "a win outside a hand", seat=ev.seat)
            return
        seat = st.seats[ev.seat]
        if self.wall is not None and ev.claimed is not None:
            self._check_wall_indicators(ev)
        if ev.tsumo:
            if self.phase != ACTION or ev.seat != self.turn:
                self.find("wrong-turn", "tsumo outside the player's own turn", seat=ev.seat)
            counts = seat.counts
            win_tile = seat.drawn if seat.drawn is not None else ev.tile
            if seat.drawn is not None and (seat.drawn >> 2 != ev.tile >> 2):
                self.find(
                    "not-a-winning-hand",
                    "tsumo on a tile that is not the one drawn",
                    seat=ev.seat,
                    expected=_name(seat.drawn),
                    actual=_name(ev.tile),
                )
            complete = shape.is_complete(counts, seat.closed)
        else:
            if self.phase == HAND_OVER and self.winners_this_tile and self.last_discard is not None:
                pass  # a further winner on the same tile
            elif self.phase not in (AFTER_DISCARD, AFTER_KAN) or self.last_discard is None:
                self.find("wrong-turn", "ron without a discard to win on", seat=ev.seat)
                return
            src, tile = self.last_discard
            if ev.from_seat != src:
                self.find(
                    "wrong-turn",
                    "ron names a different discarder than the last discard",
                    seat=ev.seat,
                    expected=src,
                    actual=ev.from_seat,
                )
            if tile >> 2 != ev.tile >> 2:
                self.find(
                    "not-a-winning-hand",
                    "ron on a tile that is not the last discard",
                    seat=ev.seat,
                    expected=_name(tile),
                    actual=_name(ev.tile),
                )
            win_tile = tile
            if self.kan_window and self.kakan_tile is not None:
                self._void_robbed_kan_dora(ev.seat)
            if self.riichi_pending == src:
                self.riichi_pending = None  # a riichi discard that is ronned costs no stick
            counts = _plus(seat.counts, tile >> 2)
            complete = shape.is_complete(counts, seat.closed)
            if complete and self._furiten(ev.seat):
                kind = "riichi" if seat.furiten_riichi else "same-turn" if seat.furiten_temp else "discard"
                self.find("furiten-ron", f"ron while furiten ({kind})", seat=ev.seat)
            if ev.seat in self.winners_this_tile:
                self.find("too-many-winners", "the same player wins twice on one tile", seat=ev.seat)
            self.winners_this_tile.append(ev.seat)
            if len(self.winners_this_tile) > self.rules.max_ron_winners:
                if len(self.winners_this_tile) == 3 and self.rules.triple_ron_abort:
                    self.find(
                        "abort-missed", "three players ron one tile: the hand should abort", seat=ev.seat
                    )
                else:
                    self.find(
                        "too-many-winners",
                        f"{len(self.winners_this_tile)} winners on one tile; the ruleset "
                        f"allows {self.rules.max_ron_winners}",
                        seat=ev.seat,
                        expected=self.rules.max_ron_winners,
                        actual=len(self.winners_this_tile),
                    )
            elif self.rules.max_ron_winners == 1 and len(self.winners_this_tile) == 1:
                self._check_head_bump(ev.seat, src)
        if not complete:
            self.find("not-a-winning-hand", "wins with a hand that is not complete", seat=ev.seat)
        if not ev.tsumo and self.rules.max_ron_winners >= 2 and self.rules.multi_ron_bonus == "nearest":
            self.pending_rons.append((ev, win_tile, self.idx))  # booked once every winner is known
        else:
            self._settle_win(ev, win_tile)
        self.phase = HAND_OVER
        if self.hand is not None:
            self.hand.complete = True

    def _book_pending_rons(self) -> None:
        """Book the rons on one tile; honba and sticks go to the winner nearest the discarder in
        turn order (004: 「放銃者から見て反時計回りにいちばん近い人が受け取ります」), whatever
        order the record lists the winners in."""
        rons, self.pending_rons = self.pending_rons, []
        src = rons[0][0].from_seat
        nearest = min((ev.seat for ev, _, _ in rons), key=lambda s: (s - src) % self.n)
        here = self.idx
        for ev, tile, idx in rons:
            self.idx = idx
            self._settle_win(ev, tile, take_bonus=ev.seat == nearest)
        self.idx = here

    def _void_robbed_kan_dora(self, seat: int) -> None:
        """A robbed added kan turns no kan dora (002: 「搶槓されたときの槓ドラは発生しません」).

        Kan dora turn in kan order, so the robbed kan's is there when every kan has one."""
        st = self.state
        assert st is not None
        if len(st.dora_indicators) <= len(st.kans):
            return
        self.find(
            "kan-dora-timing",
            "a kan dora turned for an added kan that is robbed",
            seat=seat,
            expected=len(st.kans),
            actual=len(st.dora_indicators),
        )
        del st.dora_indicators[len(st.kans) :]

    def _rinshan_liable(self, winner: int) -> int | None:
        """The feeder of the open kan behind a rinshan tsumo, where it pays (002: 「大明カンからの
        嶺上開花は槓をさせた人の責任払い」, also after further closed or added kans)."""
        feeder = self.rinshan_feeder
        if self.rules.pao_rinshan and getattr(self, "rinshan_draw", False) and feeder not in (None, winner):
            return feeder
        return None

    def _check_head_bump(self, winner: int, src: int) -> None:
        """Head-bump: of the players able to ron, only the nearest after the discarder wins."""
        order = [(src + i) % self.n for i in range(1, self.n)]
        for s in order:
            if s == winner:
                return
            if s in self.ron_candidates and not self._furiten(s) and self._could_ron(s, src):
                self.find(
                    "too-many-winners",
                    "head-bump: a player nearer the discarder could ron first",
                    seat=winner,
                    expected=s,
                    actual=winner,
                )
                return

    def _could_ron(self, seat_no: int, src: int) -> bool:
        """A legal ron for this seat on the last discard: a complete hand with a yaku."""
        if self.scorer is None or self.last_discard is None:
            return True  # without a scorer, shape and furiten are all we can judge
        tile = self.last_discard[1]
        val = self._value(Win(seat=seat_no, from_seat=src, tile=tile), tile)
        return bool(val.ok)

    def _settle_win(self, ev: Win, win_tile: int, take_bonus: bool | None = None) -> None:
        """Value the win, compare every number the record claims, then move the scores.

        ``take_bonus``: this winner takes the honba and sticks (default: the first winner on the tile)."""
        st = self.state
        assert st is not None and self.hand is not None
        c = ev.claimed
        seat = st.seats[ev.seat]
        if take_bonus is None:
            take_bonus = len(self.winners_this_tile) <= 1
        take_bonus = take_bonus or self.rules.multi_ron_bonus == "each"
        honba = st.honba if take_bonus else 0
        sticks = st.sticks if take_bonus else 0
        val = self._value(ev, win_tile) if self.scorer is not None else None
        computed: tuple[int, ...] | None = None
        pao = c.pao_seat
        if val is not None and not val.ok:
            code = "no-yaku" if val.error == "no-yaku" else None
            if code:
                self.find(code, "wins with no yaku", seat=ev.seat)
            val = None
        if val is not None:
            self._compare_valuation(ev, val)
            from paifu.scoring import payments

            melds = tuple(m for m in seat.melds if m.kind != CallKind.KITA)
            pao = payments.liable_seat(melds, ev.seat, self.rules, val)
            if c.pao_stated and c.pao_seat != pao:  # records name the liable player of a yakuman only
                self.find(
                    "pao-mismatch",
                    "the liable player differs from the replay",
                    seat=ev.seat,
                    expected=pao,
                    actual=c.pao_seat,
                )
            rinshan_liable = self._rinshan_liable(ev.seat) if ev.tsumo and pao is None else None
            pao = pao if rinshan_liable is None else rinshan_liable
            if ev.tsumo:
                d = payments.tsumo_deltas(
                    ev.seat, st.dealer, val, honba=honba, sticks=sticks, rules=self.rules, pao_seat=pao
                )
                if rinshan_liable is not None:
                    d = payments.feeder_pays_all(d, ev.seat, rinshan_liable)
            else:
                d = payments.ron_deltas(
                    ev.seat,
                    ev.from_seat,
                    val,
                    honba=honba,
                    sticks=sticks,
                    rules=self.rules,
                    take_bonus=take_bonus,
                    pao_seat=pao,
                )
            computed = tuple(d)
        deltas = tuple(c.deltas[: self.n]) if c.deltas is not None else computed
        if computed is not None and c.deltas is not None and computed != deltas:
            self.find(
                "score-delta-mismatch",
                "the win's score changes differ from the replay",
                seat=ev.seat,
                expected=computed,
                actual=deltas,
            )
        if deltas is not None:
            for i, change in enumerate(deltas):
                st.scores[i] += change
                self.hand_deltas[i] += change
        if take_bonus:
            st.sticks = 0
            self.stick_owners = [0] * self.n
        if val is not None:
            han, fu, points, limit = val.han, val.fu, val.points, val.limit
            yaku = tuple((n, h) for n, h in val.yaku if h)
        else:
            han, fu, points, limit = c.han, c.fu, c.points, c.limit
            yaku = tuple((y.name, y.han) for y in c.yaku if y.han) if c.yaku else ()
        self.hand.wins.append(
            WinResult(
                seat=ev.seat,
                from_seat=ev.from_seat,
                tsumo=ev.tsumo,
                dealer=ev.seat == st.dealer,
                han=han,
                fu=fu,
                points=points,
                limit=limit,
                yaku=yaku,
                deltas=deltas or tuple([0] * self.n),
                riichi=seat.riichi,
                closed=seat.closed,
                turn=seat.draws,
                pao_seat=pao,
                recomputed=val is not None,
            )
        )

    def _concealed_ids(self, seat: SeatState, extra_kind: int | None, extra_red: bool) -> list[int]:
        """Tile ids for a hand kept as counts: red fives as copy 0, other copies from the top."""
        out: list[int] = []
        reds = list(seat.red)
        for k, c in enumerate(seat.counts):
            if not c:
                continue
            r = reds[FIVE_KINDS.index(k)] if k in FIVE_KINDS else 0
            out.extend(k * 4 + i for i in range(r))
            out.extend(k * 4 + 3 - i for i in range(c - r))
        if extra_kind is not None:
            held = seat.counts[extra_kind]
            r = reds[FIVE_KINDS.index(extra_kind)] if extra_kind in FIVE_KINDS else 0
            out.append(extra_kind * 4 + (0 if extra_red else 3 - (held - r)))
        return out

    def _value(self, ev: Win, win_tile: int, situational: bool = True) -> Any:
        st = self.state
        assert st is not None
        seat = st.seats[ev.seat]
        red = self.red(win_tile)
        if ev.tsumo:
            concealed = self._concealed_ids(seat, None, False)
            wk = win_tile >> 2
            win_id = wk * 4 + (0 if red else 3)
        else:
            concealed = self._concealed_ids(seat, win_tile >> 2, red)
            win_id = concealed[-1]
        first_round = not st.any_call and seat.discards == 0
        rinshan = ev.tsumo and getattr(self, "rinshan_draw", False)
        chankan = not ev.tsumo and self.kan_window  # robbing a kan (also the 2nd winner of a double ron)
        c = ev.claimed
        ctx = self.scorer.WinContext(
            rules=self.rules,
            concealed=tuple(concealed),
            melds=tuple(m for m in seat.melds if m.kind != CallKind.KITA),
            win_tile=win_id,
            tsumo=ev.tsumo,
            seat_wind=(ev.seat - st.dealer) % self.n,
            round_wind=st.round_wind,
            is_dealer=ev.seat == st.dealer,
            riichi=seat.riichi_accepted,
            double_riichi=seat.double_riichi and seat.riichi_accepted,
            ippatsu=seat.ippatsu and seat.riichi_accepted and self.rules.ippatsu,
            rinshan=bool(rinshan),
            chankan=chankan,
            haitei=situational and ev.tsumo and st.live_left <= 0 and not rinshan,
            houtei=situational and not ev.tsumo and st.live_left <= 0 and not chankan,
            tenhou=ev.tsumo and first_round and ev.seat == st.dealer,
            chiihou=ev.tsumo and first_round and ev.seat != st.dealer,
            renhou=not ev.tsumo and not st.any_call and seat.draws == 0 and ev.seat != st.dealer,
            dora_indicators=tuple(c.dora_indicators) if c.dora_indicators else tuple(st.dora_indicators),
            ura_indicators=tuple(c.ura_indicators or ()) if seat.riichi_accepted else (),
            kita=seat.kita,
        )
        if c.dora_indicators and [t >> 2 for t in c.dora_indicators] != [t >> 2 for t in st.dora_indicators]:
            self.find(
                "points-mismatch",
                "the win names other dora indicators than the table shows",
                seat=ev.seat,
                expected=tuple(st.dora_indicators),
                actual=tuple(c.dora_indicators),
            )
        return self.scorer.value_win(ctx)

    def _compare_valuation(self, ev: Win, val: Any) -> None:
        c = ev.claimed
        seat = ev.seat
        if c.yaku is not None:
            claimed = sorted((y.name, y.han) for y in c.yaku if y.han)
            ours_d = dict(val.yaku)
            if "kita" in ours_d and not any(y.name == "kita" for y in c.yaku):
                # records that count pulled Norths as plain dora (Tenhou XML)
                ours_d["dora"] = ours_d.get("dora", 0) + ours_d.pop("kita")
            ours = sorted((n, h) for n, h in ours_d.items() if h)
            if claimed != ours:
                self.find(
                    "yaku-mismatch",
                    "the yaku differ from the replay",
                    seat=seat,
                    expected=tuple(ours),
                    actual=tuple(claimed),
                )
        if not val.yakuman_multiple:
            if c.han is not None and c.han != val.han:
                self.find(
                    "han-mismatch",
                    "the han differ from the replay",
                    seat=seat,
                    expected=val.han,
                    actual=c.han,
                )
            if c.fu is not None and c.fu != val.fu:
                self.find(
                    "fu-mismatch", "the fu differ from the replay", seat=seat, expected=val.fu, actual=c.fu
                )
        if c.points is not None and c.points != val.points:
            self.find(
                "points-mismatch",
                "the hand's value differs from the replay",
                seat=seat,
                expected=val.points,
                actual=c.points,
            )

    # ------------------------------------------------------------------ draws (ryuukyoku)
    def on_ryuukyoku(self, ev: Ryuukyoku) -> None:
        st = self.state
        if st is None or self.phase == BETWEEN:
            self.find("abort-condition-not-met", "a drawn hand outside a hand")
            return
        assert self.hand is not None
        rules = self.rules
        kind = ev.kind
        if kind == RyuukyokuKind.FOUR_RIICHI and self.riichi_pending is not None:
            self._accept_riichi(self.riichi_pending, None)
        elif kind == RyuukyokuKind.TRIPLE_RON:
            self.riichi_pending = None  # the riichi discard was (thrice) ronned
        if kind == RyuukyokuKind.EXHAUSTIVE or kind == RyuukyokuKind.NAGASHI_MANGAN:
            if self.phase in (AFTER_DISCARD,) and st.live_left <= 0:
                self._close_discard_window()
            if st.live_left > 0:
                self.find(
                    "abort-condition-not-met",
                    "an exhaustive draw with tiles left in the wall",
                    expected=0,
                    actual=st.live_left,
                )
            tenpai = tuple(self._draw_tenpai(s) for s in range(self.n))
            ours = tuple(s for s in range(self.n) if tenpai[s])
            if ev.tenpai is not None and kind == RyuukyokuKind.EXHAUSTIVE:
                ours = self._declared_tenpai(ours, tuple(sorted(set(ev.tenpai))))
            self.hand.tenpai = tuple(s in ours for s in range(self.n))
            from paifu.scoring import payments

            # where nagashi mangan is a rule, a qualifying seat is paid it (not the noten payments);
            # where it is not, the draw is an ordinary one whatever the record calls it
            winners = [s for s in range(self.n) if self._nagashi(s)] if rules.nagashi_mangan else []
            if kind == RyuukyokuKind.NAGASHI_MANGAN:
                if not rules.nagashi_mangan:
                    self.find("abort-condition-not-met", "nagashi mangan is not part of this ruleset")
                elif not winners:
                    self.find(
                        "abort-condition-not-met",
                        "nagashi mangan but nobody discarded only terminals and honors with none called",
                    )
            if winners:
                computed = tuple(payments.nagashi_deltas(winners, st.dealer, rules))
            else:
                computed = tuple(payments.noten_deltas(ours, rules))
            self.hand.draws_checked = True
        else:
            self._check_abort_kind(ev)
            computed = tuple([0] * self.n)
        deltas = tuple(ev.deltas[: self.n]) if ev.deltas is not None else computed
        if deltas != computed:
            self.find(
                "score-delta-mismatch",
                "the draw's score changes differ from the replay",
                expected=computed,
                actual=deltas,
            )
        for i, d in enumerate(deltas):
            st.scores[i] += d
            self.hand_deltas[i] += d
        self.hand.ryuukyoku = kind
        self.hand.complete = True
        self.phase = HAND_OVER
        self.abort_due = None

    def _declared_tenpai(self, ours: tuple[int, ...], claimed: tuple[int, ...]) -> tuple[int, ...]:
        """The tenpai seats that count at an exhaustive draw: the replay's, except that where
        ``noten_declaration`` is a rule a tenpai seat not in riichi may declare noten (WRC §5.7.2)."""
        st = self.state
        assert st is not None
        hidden = set(ours) - set(claimed)
        if (
            self.rules.noten_declaration
            and set(claimed) <= set(ours)
            and not any(st.seats[s].riichi_accepted for s in hidden)
        ):
            return claimed
        if claimed != ours:
            self.find(
                "tenpai-mismatch", "the tenpai players differ from the replay", expected=ours, actual=claimed
            )
        return ours

    def _draw_tenpai(self, seat: int) -> bool:
        """Tenpai at an exhaustive draw; without keishiki tenpai an open hand needs a yaku on some wait
        (a closed hand always has menzen tsumo). Situational yaku (houtei, haitei) do not count."""
        if not self._tenpai(seat):
            return False
        st = self.state
        assert st is not None
        if self.rules.keishiki_tenpai or self.scorer is None or st.seats[seat].closed:
            return True
        src = (seat + 1) % self.n
        return any(
            self._value(Win(seat=seat, from_seat=src, tile=k * 4 + 3), k * 4 + 3, situational=False).ok
            for k in self._waits(seat)
        )

    def _nagashi(self, seat_no: int) -> bool:
        """Every discard a terminal or honor, none taken by a call."""
        st = self.state
        assert st is not None
        river = st.seats[seat_no].river
        return bool(river) and all((r.tile >> 2) in YAOCHU_KINDS and not r.called for r in river)

    def _check_abort_kind(self, ev: Ryuukyoku) -> None:
        st = self.state
        assert st is not None
        rules = self.rules
        kind = ev.kind
        allowed = {
            RyuukyokuKind.NINE_TERMINALS: rules.nine_terminals,
            RyuukyokuKind.FOUR_WINDS: rules.four_winds,
            RyuukyokuKind.FOUR_RIICHI: rules.four_riichi,
            RyuukyokuKind.FOUR_KANS: rules.four_kans,
            RyuukyokuKind.TRIPLE_RON: rules.triple_ron_abort,
        }[kind]
        if not allowed:
            self.find("abort-condition-not-met", f"{kind.value} is not an abortive draw under {rules.name}")
            return
        if kind == RyuukyokuKind.NINE_TERMINALS:
            s = self.turn
            seat = st.seats[s]
            ok = (
                self.phase == ACTION
                and seat.discards == 0
                and not st.any_call
                and shape.yaochu_kinds(seat.counts) >= 9
            )
            if not ok:
                self.find(
                    "abort-condition-not-met",
                    "nine terminals declared without nine kinds on a first uninterrupted draw",
                    seat=s,
                    expected=">= 9",
                    actual=shape.yaochu_kinds(seat.counts),
                )
        elif kind in (RyuukyokuKind.FOUR_WINDS, RyuukyokuKind.FOUR_KANS, RyuukyokuKind.FOUR_RIICHI):
            if self.abort_due != kind:
                self.find("abort-condition-not-met", f"{kind.value} declared but its condition does not hold")
        elif kind == RyuukyokuKind.TRIPLE_RON:
            cands = {s for s in self.ron_candidates if not self._furiten(s)}
            if self.phase not in (AFTER_DISCARD, AFTER_KAN) or len(cands) < 3:
                self.find(
                    "abort-condition-not-met",
                    "triple ron declared but three players could not ron",
                    expected=3,
                    actual=len(cands),
                )

    # ------------------------------------------------------------------ game end
    def on_game_end(self, ev: GameEnd) -> None:
        assert self.result is not None
        self.game_end_seen = True
        if self.phase not in (BETWEEN, HAND_OVER):
            self.find("truncated", "the game ends in the middle of a hand")
        if self.phase == HAND_OVER:
            self._conclude_hand()
        if self.game_over_expected is False and self.state is not None and not self.partial:
            self.find("game-end-mismatch", "the game stops before it should have ended")
        self.game_over_expected = False
        st = self.state
        self.result.complete = True
        self.result.claimed_final_scores = tuple(ev.final_scores) if ev.final_scores else None
        self.result.claimed_rank_points = tuple(ev.rank_points) if ev.rank_points else None
        self.result.claimed_rank_points_text = tuple(ev.rank_points_text) if ev.rank_points_text else None
        self.result.claimed_placements = tuple(ev.placements) if ev.placements else None
        if st is None:
            return
        final = self._final_scores(st)
        self.result.final_scores = final
        if final is not None and ev.final_scores is not None and tuple(ev.final_scores[: self.n]) != final:
            self.find(
                "final-score-mismatch",
                "final scores differ from the replay",
                expected=tuple(final),
                actual=tuple(ev.final_scores[: self.n]),
            )
        self.phase = BETWEEN

    def _final_scores(self, st: TableState) -> tuple[int, ...] | None:
        """Scores after the sticks left on the table are settled as ``rules.leftover_sticks`` says;
        None where "kept" meets sticks put down before the record starts (their owners are unknown)."""
        rules = self.rules
        owners = self.stick_owners if sum(self.stick_owners) == st.sticks else None
        try:
            return apply_leftover_sticks(
                st.scores, st.sticks, rules.leftover_sticks, self.first_dealer, rules.rank_ties, owners
            )
        except SchemeError:
            self.find(
                "unsupported",
                "riichi sticks of unknown owners are left at the end and the ruleset "
                "returns them to their owners: the final scores are not checked",
            )
            return None

    def _end_hand(self) -> None:
        """Hand over: record its totals. Dealer rotation is checked by the next HandStart."""
        st = self.state
        assert st is not None and self.hand is not None
        self.hand.scores_end = tuple(st.scores)
        self.hand.deltas = tuple(self.hand_deltas)
        self.hand.riichi = tuple(self.hand_riichi)
        self.hand.riichi_turn = tuple(t if t is not None and t >= 0 else None for t in self.hand_riichi_turn)
        self.hand.opened = tuple(s.calls > 0 for s in st.seats)
        self.hand.calls = tuple(s.calls for s in st.seats)
        self.hand.kans = tuple(st.kans.count(i) for i in range(self.n))
        self.phase = BETWEEN

    def _conclude_hand(self) -> None:
        """Hand over: totals, then who deals next and whether the game should end."""
        self._end_hand()
        st = self.state
        hand = self.hand
        assert st is not None and hand is not None
        rules = self.rules
        n = self.n
        dealer = st.dealer
        honba = st.honba
        if hand.wins:
            dealer_won = any(w.seat == dealer for w in hand.wins)
            renchan = dealer_won and rules.renchan in ("win", "win_or_tenpai", "always")
            honba = honba + 1 if renchan else 0
            dealer_kept_by = "win" if dealer_won else ""
        elif hand.ryuukyoku is not None and hand.ryuukyoku.abortive:
            renchan = rules.abort_renchan
            honba += 1
            dealer_kept_by = ""
        else:
            tenpai = hand.tenpai[dealer] if hand.tenpai else False
            renchan = rules.renchan == "always" or (rules.renchan == "win_or_tenpai" and tenpai)
            honba += 1
            dealer_kept_by = "tenpai" if tenpai else ""
        rnd, num = st.round_wind, st.hand_number
        if not renchan:
            num += 1
            if num >= n:
                rnd, num = rnd + 1, 0
        next_dealer = (self.first_dealer + num) % n
        self.expected_next = (rnd, num, honba, st.sticks, next_dealer)
        self.game_over_expected = self._game_over(st, rnd, renchan, dealer_kept_by)

    def _game_over(self, st: TableState, next_round: int, renchan: bool, dealer_kept_by: str) -> bool | None:
        rules = self.rules
        n = self.n
        scores = st.scores
        if rules.bust and any(s < 0 or (rules.bust_at_zero and s == 0) for s in scores):
            return True
        if rules.length == "one-hand":
            return True
        sched = rules.scheduled_rounds
        last_round = st.round_wind >= sched - 1
        all_last = last_round and st.hand_number == n - 1
        top = max(scores)
        if next_round >= sched + (rules.extension_rounds if rules.extension != "none" else 0):
            return True
        if (
            st.round_wind >= sched
            and rules.extension == "sudden-death"
            and top >= self._target(rules.extension_target)
        ):
            return True  # extension: ends as soon as someone reached the target
        if all_last or st.round_wind >= sched:
            stop = rules.last_dealer_stop
            if (
                renchan
                and dealer_kept_by
                and stop != "none"
                and (stop in ("win_or_tenpai", "win_tenpai_unproven") or dealer_kept_by == "win")
            ):
                d = st.dealer
                order = seat_order(scores, self.first_dealer)
                if order[0] == d and scores[d] >= self._target(rules.last_dealer_stop_min):
                    return None if stop == "win_tenpai_unproven" and dealer_kept_by == "tenpai" else True
            if (
                not renchan
                and next_round >= sched
                and (rules.extension == "none" or top >= self._target(rules.extension_target))
            ):
                return True
        return False

    def _target(self, fixed: int) -> int:
        """A game-end target in points: ``fixed``, or the game's start plus ``rules.target_margin``
        (004: 「延長・アガリ止めの目標は開始点＋5,000点」: 35,000 at a 30,000 start)."""
        margin = self.rules.target_margin
        return fixed if margin is None else self.game_start_points + margin

    def on_disconnect(self, ev: Disconnect) -> None:
        pass

    def on_reconnect(self, ev: Reconnect) -> None:
        pass

    _handlers: ClassVar[dict[type, Callable[[Replayer, Any], None]]] = {}


def _plus(counts: list[int], k: int) -> list[int]:
    c = list(counts)
    c[k] += 1
    return c


def _name(tile: int) -> str:
    return tile_to_str(tile) if 0 <= tile < 136 else f"id {tile}"


Replayer._handlers = {
    GameStart: Replayer.on_game_start,
    HandStart: Replayer.on_hand_start,
    Draw: Replayer.on_draw,
    Discard: Replayer.on_discard,
    Call: Replayer.on_call,
    NewDora: Replayer.on_new_dora,
    RiichiDeclared: Replayer.on_riichi_declared,
    RiichiAccepted: Replayer.on_riichi_accepted,
    Win: Replayer.on_win,
    Ryuukyoku: Replayer.on_ryuukyoku,
    GameEnd: Replayer.on_game_end,
    Disconnect: Replayer.on_disconnect,
    Reconnect: Replayer.on_reconnect,
}
