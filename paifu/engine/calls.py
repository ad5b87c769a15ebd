"""Calls: chi, pon and open kan on a discard; closed and added kans and kita in the own turn; kan dora.

Each is checked (``legality.check_call_on_discard``, ``check_kan``, ``check_kita``: whose discard,
which tiles, the turn, riichi, the fifth kan), then applied by the board, unless a fault blocks it.
"""

from __future__ import annotations

from paifu.board import calls as board
from paifu.board.phases import BETWEEN, HAND_OVER, ON_DISCARD
from paifu.board.state import TableState
from paifu.engine.game import Game
from paifu.engine.legality import check_call_on_discard, check_kan, check_kita, check_riichi_kan, live_waits
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


def check_kan_dora_shown(r: Game, st: TableState, at_win: bool = False) -> None:
    """By a discard (or a win), every kan's dora that the ruleset has turned by then is shown: a
    closed kan's at once, an open kan's at once or, where it turns after the discard, once the
    discard after its replacement draw is made. Late, it is found at the discard; never turned by
    the win, at its kan (the win would count a dora the table does not show)."""
    due = 1 + st.kans_closed
    if r.flags.open_kan_dora_at_once:
        due += st.kans_open_drawn + st.kans_open_pending
    else:
        due += st.kans_open_due
    shown = len(st.dora_indicators)
    if shown < due and due > r.kan_dora_missed:
        here = r.idx
        if at_win:  # it never turned: the fault is the kan's
            r.idx = r.kan_events[min(shown - 1, len(r.kan_events) - 1)]
        r.find(
            Code.KAN_DORA_TIMING,
            "a kan's dora is never revealed"
            if at_win
            else "a kan's dora is not revealed by the next discard",
            expected=due,
            actual=shown,
        )
        r.idx = here
        r.kan_dora_missed = due  # said once per missing indicator, not at every later discard


def on_new_dora(r: Game, ev: NewDora) -> None:
    """A kan's dora indicator: one per kan, when the ruleset turns it, and the wall's."""
    st = r.state
    if st is None or st.phase == BETWEEN:
        r.find(Code.ILLEGAL_CALL, "a new dora indicator outside a hand")
        return
    if not r.flags.kan_dora:
        r.find(Code.ILLEGAL_CALL, "a kan dora indicator under a ruleset without kan dora")
    if len(st.dora_indicators) > len(st.kans):
        r.find(Code.ILLEGAL_CALL, "more dora indicators than kans")
    elif (
        not r.flags.open_kan_dora_at_once
        and len(st.dora_indicators) >= 1 + st.kans_closed + st.kans_open_drawn
    ):
        r.find(
            Code.KAN_DORA_TIMING,
            "an open kan's dora is revealed before its replacement draw, where the "
            "ruleset reveals it after the discard",
            expected=1 + st.kans_closed + st.kans_open_drawn,
            actual=len(st.dora_indicators) + 1,
        )
    st.new_dora(ev.indicator)
    r.check_seen(ev.indicator, None)
    if r.walls.wall is not None:
        r.walls.check_dora(ev.indicator, len(st.dora_indicators) - 1, r)
