"""The replay engine: apply events one by one, check each against rules and state.

The engine knows nothing of file formats. ``Replayer`` drives one game: it hands each event to its
handler, which asks the pure checks (``legality``, the ``WallCheck``) what is wrong, reports it as a
``Finding`` on the ``Game``, then applies the event through ``paifu.board``, whose updates judge
nothing (the same ones ``TableState.apply`` runs for a record followed unchecked).
It never raises on a bad record. Where the record states a result (score changes, final scores),
the record's numbers carry the state forward after being compared, so one wrong number yields one
finding instead of a cascade.

Where each rule lives: draws, discards and the discard window in ``turns``; riichi in ``riichi``;
calls, kans and kan dora in ``calls``; wins, valuation and payments in ``wins``; drawn hands and
abortive draws in ``aborts``; the hand start, the next hand, game end and leftover sticks in
``flow``; the wall in ``wall_check``; tile counts of the set in ``game``; the pure questions (waits,
tenpai, furiten) in ``legality``; hand shapes, waits and kuikae in ``paifu.board``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from paifu.board.phases import BETWEEN
from paifu.board.state import KEEP_RIICHI_PENDING as _KEEP_RIICHI_PENDING
from paifu.engine import aborts, calls, flow, riichi, turns, wins
from paifu.engine.game import Game
from paifu.engine.results import GameResult
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
from paifu.findings import Code


class Replayer(Game):
    """Replays one game. Use ``run(events)`` or feed ``apply(event, index)``."""

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
            self.find(Code.TRUNCATED, "the record has no events")
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
            self.find(Code.TRUNCATED, "the record does not start with a game start")
            self._start_game(GameStart(players=tuple(f"player{i}" for i in range(self.n))))
        if self.halted:
            return
        # a pending riichi is accepted once its discard passes: by the next draw or a claim of it;
        # a ron on it cancels it, and a disconnection, a reconnection or a kan's dora turned over in
        # between (Tenhou writes BYE and DORA there) neither accepts nor cancels it
        st = self.state
        pending = st is not None and st.riichi_pending is not None
        # draws and discards, nine events in ten, are called directly (compiled: a native call,
        # where the table's handler was a lookup and a call through Python's protocol)
        if cls is Draw:
            if pending:
                self._accept_pending()
            turns.on_draw(self, cast(Draw, ev))
            return
        if cls is Discard:
            if pending:
                self._accept_pending()
            turns.on_discard(self, cast(Discard, ev))
            return
        handler = HANDLERS.get(cls)
        if handler is None:  # pragma: no cover - closed vocabulary
            self.find(Code.UNSUPPORTED, f"unknown event {cls.__name__}")
            return
        if pending and cls not in _KEEP_RIICHI_PENDING:
            self._accept_pending()
        handler(self, ev)

    def _accept_pending(self) -> None:
        st = self.state
        assert st is not None and st.riichi_pending is not None
        riichi.accept(self, st.riichi_pending, None)

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
                Code.TRUNCATED,
                f"the record stops in the middle of hand {self.state.label if self.state else ''}",
            )
        elif not self.game_end_seen and not partial:
            self.idx = self.result.events
            self.find(Code.TRUNCATED, "the record stops before the game's end")
        self.result.findings = self.findings

    # ------------------------------------------------------------------ game start
    def _start_game(self, ev: GameStart) -> None:
        self.players = ev.players
        self.game_id = ev.game_id
        self.first_dealer = ev.first_dealer
        self.physical_ids = ev.physical_ids
        if len(ev.players) != self.n:
            self.find(
                Code.UNSUPPORTED,
                f"{len(ev.players)}-player record under a {self.n}-player "
                f"ruleset ({self.rules.name}); the game is not replayed",
                expected=self.n,
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
            self.find(Code.GAME_END_MISMATCH, "a second game start inside one game")
            return
        self._start_game(ev)

    def on_disconnect(self, ev: Disconnect) -> None:
        pass

    def on_reconnect(self, ev: Reconnect) -> None:
        pass


HANDLERS: Final[dict[type, Callable[[Replayer, Any], None]]] = {
    GameStart: Replayer.on_game_start,
    HandStart: flow.on_hand_start,
    Draw: turns.on_draw,
    Discard: turns.on_discard,
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
