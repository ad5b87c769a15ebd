"""Riichi: the declaration (closed, enough points, a draw left), its discard (tenpai after it,
furiten where the ruleset forbids that), and the stick once the discard passes.
"""

from __future__ import annotations

from paifu.engine.game import Game
from paifu.engine.legality import is_furiten, is_tenpai
from paifu.engine.table import ACTION, SeatState, TableState
from paifu.events import RiichiAccepted, RiichiDeclared, RyuukyokuKind


def on_declared(r: Game, ev: RiichiDeclared) -> None:
    st = r.state
    if st is None or st.phase != ACTION or ev.seat != st.turn:
        r.find("wrong-turn", "riichi declared outside the player's own turn", seat=ev.seat)
        if st is None:
            return
    seat = st.seats[ev.seat]
    rules = r.rules
    if seat.riichi:
        r.find("illegal-call", "riichi declared twice", seat=ev.seat)
        return
    if not seat.closed:
        r.find("riichi-not-closed", "declares riichi with an open hand", seat=ev.seat)
    if st.scores[ev.seat] < rules.riichi_min_points and rules.bust:
        r.find(
            "riichi-insufficient-points",
            "declares riichi without enough points",
            seat=ev.seat,
            expected=rules.riichi_min_points,
            actual=st.scores[ev.seat],
        )
    if st.live_left < rules.riichi_min_wall:
        r.find(
            "riichi-no-draws-left",
            "declares riichi with too few tiles left in the wall",
            seat=ev.seat,
            expected=rules.riichi_min_wall,
            actual=st.live_left,
        )
    seat.riichi = True
    seat.double_riichi = seat.discards == 0 and not st.any_call
    st.riichi_declared[ev.seat] = True
    st.riichi_order.append(ev.seat)
    st.riichi_turn[ev.seat] = -1  # set at the declaring discard


def accept(r: Game, seat_no: int, stated: tuple[int, ...] | None) -> None:
    st = r.state
    assert st is not None
    seat = st.seats[seat_no]
    st.riichi_pending = None
    seat.riichi_accepted = True
    seat.ippatsu = r.rules.ippatsu
    st.scores[seat_no] -= 1000
    st.sticks += 1
    r.stick_owners[seat_no] += 1
    st.deltas[seat_no] -= 1000
    if stated is not None and tuple(stated[: r.n]) != tuple(st.scores):
        r.find(
            "score-delta-mismatch",
            "scores after the riichi stick differ from the replay",
            seat=seat_no,
            expected=tuple(st.scores),
            actual=tuple(stated),
        )
    if r.rules.four_riichi and sum(1 for s in st.seats if s.riichi_accepted) == r.n == 4:
        st.abort_due = RyuukyokuKind.FOUR_RIICHI


def on_accepted(r: Game, ev: RiichiAccepted) -> None:
    st = r.state
    if st is None or st.riichi_pending != ev.seat:
        r.find("illegal-call", "riichi accepted without a pending riichi discard", seat=ev.seat)
        return
    accept(r, ev.seat, ev.scores)


def declare(r: Game, st: TableState, seat_no: int) -> None:
    """The riichi declaration's discard: tenpai after it, then pending until it passes."""
    st.riichi_turn[seat_no] = st.seats[seat_no].discards
    if not is_tenpai(r.flags, st, seat_no):
        r.find(
            "riichi-not-tenpai",
            "declares riichi on a hand that is not tenpai after the discard",
            seat=seat_no,
        )
    st.riichi_pending = seat_no


def check_furiten(r: Game, seat: SeatState, seat_no: int) -> None:
    """A riichi on a wait already in the own river, where the ruleset forbids a furiten riichi."""
    if is_furiten(seat, r.sanma):
        r.find("riichi-furiten", "declares riichi while furiten", seat=seat_no)
