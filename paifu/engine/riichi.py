"""Riichi: the declaration (``legality.check_riichi``: closed, enough points, a draw left; its
discard's, ``check_riichi_discard``, tenpai after it, furiten where the ruleset forbids that),
and the stick once the discard passes.
"""

from __future__ import annotations

from paifu.board import ends as board
from paifu.engine.game import Game
from paifu.engine.legality import check_riichi
from paifu.events import RiichiAccepted, RiichiDeclared
from paifu.findings import Code


def on_declared(r: Game, ev: RiichiDeclared) -> None:
    st = r.state
    faults = check_riichi(st, ev.seat, r.flags)
    if faults and not r.report(faults):
        return
    assert st is not None
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
