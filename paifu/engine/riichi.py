"""Riichi: the declaration (``legality.check_riichi``: closed, enough points, a draw left; its
discard's, ``check_riichi_discard``, tenpai after it, furiten where the ruleset forbids that),
and the stick once the discard passes.
"""

from __future__ import annotations

from typing import Any

from paifu.board import ends as board
from paifu.board.seat import live_waits
from paifu.engine.game import Game
from paifu.engine.legality import check_riichi, is_furiten, visible
from paifu.events import RiichiAccepted, RiichiDeclared
from paifu.findings import Code


def on_declared(r: Game, ev: RiichiDeclared) -> None:
    st = r.state
    faults = check_riichi(st, ev.seat, r.flags)
    if faults and not r.report(faults):
        return
    assert st is not None
    board.declare_riichi(st, ev.seat)
    r.open_riichi[ev.seat] = ev.open


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


def note_declaration(r: Game, seat_no: int) -> None:
    """What the hand's result keeps of a declaration once its discard is made (statistics read it;
    no check does): whether the declarer was furiten, the kinds it could win on and the copies of
    them it could not see (its hand, every river and meld and the indicators seen), and how many
    discards the whole table had made before this one."""
    st, hand = r.state, r.hand
    if st is None or hand is None:
        return
    seat = st.seats[seat_no]
    live = live_waits(seat, r.sanma)
    left = 0
    for k in live:
        left += max(0, 4 - visible(st, seat_no, k))
    before = -1
    for s in st.seats:
        before += s.discards
    n = r.n
    hand.riichi_furiten = _put(hand.riichi_furiten, seat_no, is_furiten(seat, r.sanma), n)
    hand.riichi_waits = _put(hand.riichi_waits, seat_no, len(live), n)
    hand.riichi_wait_left = _put(hand.riichi_wait_left, seat_no, left, n)
    hand.riichi_table_discards = _put(hand.riichi_table_discards, seat_no, before, n)


def _put(values: tuple[Any, ...], seat_no: int, value: Any, n: int) -> tuple[Any, ...]:
    """``values`` (one per seat, None where unset) with ``seat_no``'s set."""
    out: list[Any] = list(values) if len(values) == n else [None] * n
    out[seat_no] = value
    return tuple(out)
