"""Calls: chi, pon and open kan on a discard; closed and added kans and kita in the own turn; kan dora.

Each is checked (``legality.check_call_on_discard``, ``check_kan``, ``check_kita``: whose discard,
which tiles, the turn, riichi, the fifth kan), then applied by the board, unless a fault blocks it.
"""

from __future__ import annotations

from paifu.board import calls as board
from paifu.board.phases import BETWEEN, HAND_OVER, ON_DISCARD
from paifu.board.state import TableState
from paifu.engine.game import Game
from paifu.engine.legality import (
    check_call_on_discard,
    check_kan,
    check_kan_dora_shown,
    check_kita,
    check_new_dora,
    check_riichi_kan,
    kan_dora_due,
    live_waits,
)
from paifu.events import Call, CallKind, NewDora
from paifu.findings import Code


def on_call(r: Game, ev: Call) -> None:
    st = r.state
    if st is None or st.phase == BETWEEN or st.phase == HAND_OVER:
        r.find(Code.ILLEGAL_CALL, "a call outside a hand", seat=ev.seat)
        return
    m = ev.meld
    if m.kind in ON_DISCARD:
        call_on_discard(r, ev)
    elif m.kind == CallKind.KITA:
        kita(r, ev)
    else:
        kan_in_turn(r, ev)


def call_on_discard(r: Game, ev: Call) -> None:
    st = r.state
    assert st is not None
    faults = check_call_on_discard(st, ev.seat, ev.meld, r.flags)
    if faults and not r.report(faults):
        return
    # the ron window closes either way (others who could ron are furiten); the meld needs its tiles
    if board.call_on_discard(st, ev.seat, ev.meld) and ev.meld.kind == CallKind.DAIMINKAN:
        r.kan_events.append(r.idx)


def kan_in_turn(r: Game, ev: Call) -> None:
    """A closed kan, or an added kan on an own pon (which others may rob)."""
    st = r.state
    assert st is not None
    m = ev.meld
    caller = ev.seat
    faults = check_kan(st, caller, m)
    if faults and not r.report(faults):
        return
    seat = st.seats[caller]
    riichi_kan = m.kind == CallKind.ANKAN and seat.riichi_accepted
    before = live_waits(seat, r.sanma) if riichi_kan else frozenset()
    board.kan(st, caller, m, True)
    r.kan_events.append(r.idx)
    if riichi_kan:
        r.report(check_riichi_kan(st, caller, m.tiles[0] >> 2, before, r.flags))


def kita(r: Game, ev: Call) -> None:
    """A North set aside (3-player): in the own turn, then a replacement draw; others may rob it."""
    st = r.state
    assert st is not None
    tile = ev.meld.tiles[0] if ev.meld.tiles else -1
    faults = check_kita(st, ev.seat, tile, r.flags)
    if faults and not r.report(faults):
        return
    board.kita(st, ev.seat, tile, ev.meld, True)


def kan_dora_shown(r: Game, st: TableState, at_win: bool = False) -> None:
    """``legality.check_kan_dora_shown`` at a discard (or a win), reported once per missing
    indicator; one never turned by the win is the kan's fault, found at its event."""
    faults = check_kan_dora_shown(st, r.flags, r.kan_dora_missed, at_win)
    if not faults:
        return
    here = r.idx
    if at_win:
        shown = len(st.dora_indicators)
        r.idx = r.kan_events[min(shown - 1, len(r.kan_events) - 1)]
    r.report(faults)
    r.idx = here
    r.kan_dora_missed = kan_dora_due(st, r.flags)  # said once, not at every later discard


def on_new_dora(r: Game, ev: NewDora) -> None:
    """A kan's dora indicator: checked (``legality.check_new_dora``: one per kan, when the ruleset
    turns it), turned by the board, and the wall's."""
    st = r.state
    if not r.report(check_new_dora(st, r.flags)):
        return
    assert st is not None
    st.new_dora(ev.indicator)
    r.check_seen(ev.indicator, None)
    if r.walls.wall is not None:
        r.walls.check_dora(ev.indicator, len(st.dora_indicators) - 1, r)
