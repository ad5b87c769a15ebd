"""Riichi: the declaration (closed, enough points, a draw left), its discard (tenpai after it,
furiten where the ruleset forbids that), and the stick once the discard passes.
"""

from __future__ import annotations

from paifu.board import ends as board
from paifu.board.phases import ACTION
from paifu.engine.game import Game
from paifu.engine.legality import is_furiten, is_tenpai
from paifu.events import RiichiAccepted, RiichiDeclared
from paifu.findings import Code


def on_declared(r: Game, ev: RiichiDeclared) -> None:
    st = r.state
    if st is None or st.phase != ACTION or ev.seat != st.turn:
        r.find(Code.WRONG_TURN, "riichi declared outside the player's own turn", seat=ev.seat)
        if st is None:
            return
    seat = st.seats[ev.seat]
    flags = r.flags
    if seat.riichi:
        r.find(Code.ILLEGAL_CALL, "riichi declared twice", seat=ev.seat)
        return
    if not seat.closed:
        r.find(Code.RIICHI_NOT_CLOSED, "declares riichi with an open hand", seat=ev.seat)
    if st.scores[ev.seat] < flags.riichi_min_points and flags.bust:
        r.find(
            Code.RIICHI_INSUFFICIENT_POINTS,
            "declares riichi without enough points",
            seat=ev.seat,
            expected=flags.riichi_min_points,
            actual=st.scores[ev.seat],
        )
    if st.live_left < flags.riichi_min_wall:
        r.find(
            Code.RIICHI_NO_DRAWS_LEFT,
            "declares riichi with too few tiles left in the wall",
            seat=ev.seat,
            expected=flags.riichi_min_wall,
            actual=st.live_left,
        )
    board.declare_riichi(st, ev.seat)


def accept(r: Game, seat_no: int, stated: tuple[int, ...] | None) -> None:
    """The riichi discard passed: the stick goes down (the board), its owner is remembered for
    the game's end, and the scores the record states after it are compared."""
    st = r.state
    assert st is not None
    board.accept_riichi(st, seat_no)
    r.stick_owners[seat_no] += 1
    if stated is not None and tuple(stated[: r.n]) != tuple(st.scores):
        r.find(
            Code.SCORE_DELTA_MISMATCH,
            "scores after the riichi stick differ from the replay",
            seat=seat_no,
            expected=tuple(st.scores),
            actual=tuple(stated),
        )


def on_accepted(r: Game, ev: RiichiAccepted) -> None:
    st = r.state
    if st is None or st.riichi_pending != ev.seat:
        r.find(Code.ILLEGAL_CALL, "riichi accepted without a pending riichi discard", seat=ev.seat)
        return
    accept(r, ev.seat, ev.scores)


def check_declared_discard(r: Game, seat_no: int) -> None:
    """After the declaration's discard: tenpai, and (where the ruleset forbids it) not furiten."""
    st = r.state
    assert st is not None
    if not is_tenpai(r.flags, st, seat_no):
        r.find(
            Code.RIICHI_NOT_TENPAI,
            "declares riichi on a hand that is not tenpai after the discard",
            seat=seat_no,
        )
    if not r.flags.furiten_riichi and is_furiten(st.seats[seat_no], r.sanma):
        r.find(Code.RIICHI_FURITEN, "declares riichi while furiten", seat=seat_no)
