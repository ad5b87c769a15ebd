"""Riichi and the hand's end (a win, a drawn hand): unchecked (``paifu.engine`` checks and pays)."""

from __future__ import annotations

from collections.abc import Sequence

from paifu.board.phases import AFTER_DISCARD, AFTER_KAN, HAND_OVER
from paifu.board.table import Table
from paifu.board.turns import pass_offer
from paifu.events import RyuukyokuKind


def declare_riichi(st: Table, seat_no: int) -> None:
    """Declared: the stick is paid once the next discard passes (``accept_riichi``)."""
    seat = st.seats[seat_no]
    if seat.riichi:
        return
    seat.riichi = True
    seat.double_riichi = seat.discards == 0 and not st.any_call
    st.riichi_declared[seat_no] = True
    st.riichi_order.append(seat_no)
    st.riichi_turn[seat_no] = -1  # set at the declaring discard


def accept_riichi(st: Table, seat_no: int) -> None:
    """The riichi discard passed: the stick is on the table; four riichi may fall due."""
    seat = st.seats[seat_no]
    st.riichi_pending = None
    seat.riichi_accepted = True
    seat.ippatsu = st.rules.ippatsu
    st.scores[seat_no] -= 1000
    st.sticks += 1
    st.deltas[seat_no] -= 1000
    if four_riichi_due(st, None):
        st.abort_due = RyuukyokuKind.FOUR_RIICHI


def four_riichi_due(st: Table, pending: int | None) -> bool:
    """Whether four riichi falls due: the ruleset has it and every seat's riichi is accepted (3 of 3
    at three players too), counting ``pending``'s as accepted (the engine asks before the last
    stick goes down; ``accept_riichi`` after, with None)."""
    return st.rules.four_riichi and all(s.riichi_accepted or i == pending for i, s in enumerate(st.seats))


def ron_window(st: Table) -> bool:
    """Whether a ron can be made now: a discard (or the kan tile on offer) has just been made and not
    yet passed, or the hand just ended on it by a ron and another winner may follow (head-bump aside)."""
    if st.last_discard is None:
        return False
    phase = st.phase
    return phase in (AFTER_DISCARD, AFTER_KAN) or (phase == HAND_OVER and bool(st.winners_this_tile))


def win(st: Table, seat_no: int, tsumo: bool) -> bool:
    """A win ends the hand (a ron on a riichi discard costs no stick; a robbed added kan turns
    no kan dora); False for a ron with no tile to win on. Payments follow (``pay``)."""
    if not tsumo:
        if not ron_window(st):
            return False
        assert st.last_discard is not None  # ron_window: there is one
        src = st.last_discard[0]
        if st.kan_window and st.kakan_tile is not None:
            del st.dora_indicators[len(st.kans) :]  # kan dora turn in kan order
        if st.riichi_pending == src:
            st.riichi_pending = None
        st.winners_this_tile.append(seat_no)
    st.phase = HAND_OVER
    return True


def draw_game(st: Table, kind: RyuukyokuKind) -> None:
    """A drawn hand's table before its payments: four riichi takes the last stick, three rons
    on a riichi discard cost none, an exhaustive draw first lets the last discard pass."""
    if kind == RyuukyokuKind.FOUR_RIICHI and st.riichi_pending is not None:
        accept_riichi(st, st.riichi_pending)
    elif kind == RyuukyokuKind.TRIPLE_RON:
        st.riichi_pending = None  # the riichi discard was (thrice) ronned
    exhaustive = kind == RyuukyokuKind.EXHAUSTIVE or kind == RyuukyokuKind.NAGASHI_MANGAN
    if exhaustive and st.phase == AFTER_DISCARD and st.live_left <= 0:
        pass_offer(st)


def hand_drawn(st: Table, deltas: Sequence[int] | None) -> None:
    if deltas is not None:
        st.pay(deltas)
    st.phase = HAND_OVER
    st.abort_due = None


def settle(st: Table, deltas: Sequence[int] | None, take_sticks: bool) -> None:
    """A win's payments; the winner who takes the bonus takes the riichi sticks on the table."""
    if deltas is not None:
        st.pay(deltas)
    if take_sticks:
        st.sticks = 0
