"""The whole table after each event, and the one place it changes: ``TableState``.

``TableState`` holds one hand's table: scores, seats, wall counters, and the flow of play (whose
turn, what they must do next, the last discard, pending riichi and kans). Its methods change it
without judging anything (majiang-core's ``board.js``, python-chess's ``Board.push``, libriichi's
``update``): ``apply(event)`` follows a record event by event, using the numbers the record states;
the replayer (``paifu.engine``) first asks its pure checks what is wrong with an event, then
applies it through the same methods, with the numbers it recomputed. So a viewer or a writer can
follow a record without the checker, and the checker never keeps a second copy of the table.
Kept flat (count arrays, ints) because it changes on every event of every record; ``copy()``
gives a snapshot for stepping in a notebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paifu.board.calls import call
from paifu.board.ends import accept_riichi, declare_riichi, draw_game, hand_drawn, settle, win
from paifu.board.phases import NEED_DRAW
from paifu.board.rules import TableRules
from paifu.board.seat import SeatState
from paifu.board.table import Table, hand_label, red_of, tile_name
from paifu.board.turns import discard, draw, pass_offer
from paifu.events import (
    Call,
    Discard,
    Disconnect,
    Draw,
    Event,
    HandStart,
    NewDora,
    Reconnect,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    Win,
)

__all__ = ["KEEP_RIICHI_PENDING", "Table", "TableState", "hand_label", "red_of", "tile_name"]

#: events that neither accept nor cancel a pending riichi: a ron on its discard cancels it, a
#: stated acceptance or four riichi accepts it, and a disconnection, a reconnection or a kan's dora
#: turned in between (Tenhou writes BYE and DORA there) leave it pending
KEEP_RIICHI_PENDING: Final = (Win, RiichiAccepted, Ryuukyoku, Disconnect, Reconnect, NewDora)


class TableState(Table):
    """The table of one hand, changed by the record's events (``apply``)."""

    def apply(self, ev: Event) -> None:
        """Follow one event of a hand, unchecked, with the numbers the record states (a hand start
        is ``new_hand`` then ``deal``). A pending riichi is accepted by the next event, unless it
        is one of ``KEEP_RIICHI_PENDING``."""
        cls = type(ev)
        if self.riichi_pending is not None and cls not in KEEP_RIICHI_PENDING:
            accept_riichi(self, self.riichi_pending)
        if cls is Draw:
            assert isinstance(ev, Draw)
            if pass_offer(self):
                draw(self, ev.seat, ev.tile)
        elif cls is Discard:
            assert isinstance(ev, Discard)
            discard(self, ev.seat, ev.tile, ev.tsumogiri)
        elif cls is Call:
            assert isinstance(ev, Call)
            call(self, ev.seat, ev.meld)
        elif cls is NewDora:
            assert isinstance(ev, NewDora)
            self.new_dora(ev.indicator)
        elif cls is RiichiDeclared:
            assert isinstance(ev, RiichiDeclared)
            declare_riichi(self, ev.seat)
        elif cls is RiichiAccepted:
            assert isinstance(ev, RiichiAccepted)
            if self.riichi_pending == ev.seat:
                accept_riichi(self, ev.seat)
        elif cls is Win:
            assert isinstance(ev, Win)
            if win(self, ev.seat, ev.tsumo):
                stated = ev.claimed.deltas
                settle(self, stated[: self.num_players] if stated is not None else None, True)
        elif cls is Ryuukyoku:
            assert isinstance(ev, Ryuukyoku)
            draw_game(self, ev.kind)
            hand_drawn(self, ev.deltas[: self.num_players] if ev.deltas is not None else None)

    @classmethod
    def new_hand(
        cls, rules: TableRules, ev: HandStart, scores: Sequence[int], red: tuple[bool, ...] | None = None
    ) -> TableState:
        """A hand's table before its deal: ``scores`` are the record's (or carried over); ``red``
        is ``red_of(rules)``, where the caller keeps it (hashing the rules once a hand is not free)."""
        n = rules.num_players
        # the class named, not ``cls``: compiled, a call of a variable class passes its fifty-odd
        # keywords through the generic call protocol (35 K instructions a hand); no subclass exists
        return TableState(
            num_players=n,
            scores=list(scores[:n]) + [0] * max(0, n - len(scores)),
            round_wind=ev.round_wind,
            hand_number=ev.hand_number,
            honba=ev.honba,
            sticks=ev.sticks,
            dealer=ev.dealer,
            seats=[SeatState(ids=[] if rules.tile_ids else None) for _ in range(n)],
            live_left=rules.wall_size - rules.dead_wall - 13 * n,
            phase=NEED_DRAW,
            deltas=[0] * n,
            riichi_declared=[False] * n,
            riichi_turn=[None] * n,
            rules=rules,
            red_of=red_of(rules) if red is None else red,
        )

    def deal(self, hands: Sequence[Sequence[int]], dora_indicator: int) -> None:
        """The first indicator turns and each seat takes its tiles; the dealer draws first."""
        self.see(dora_indicator)
        self.dora_indicators.append(dora_indicator)
        red = self.red_of
        seats = self.seats
        # by index, not ``zip``: compiled, ``zip`` with a keyword was a call through Python and
        # each seat's tiles an iterator (about 3 K instructions a hand)
        for i in range(min(len(seats), len(hands))):
            hand = seats[i]
            for t in hands[i]:
                self.see(t)
                hand.add(t, red[t])
            hand.update_waits()
        self.phase = NEED_DRAW
        self.turn = self.dealer
        self.rinshan_pending = False
