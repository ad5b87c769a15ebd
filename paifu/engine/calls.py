"""Calls: chi, pon and open kan on a discard; closed and added kans and kita in the own turn; kan dora.

Each is checked (whose discard, which tiles, the turn, riichi, kuikae, the fifth kan), then applied
by the board; a call the board cannot follow (tiles the caller does not hold) is reported.
"""

from __future__ import annotations

from paifu.board import calls as board
from paifu.board import shape
from paifu.board.phases import ABORTS_A_CALL_MISSES as _ABORTS_A_CALL_MISSES
from paifu.board.phases import ACTION, AFTER_DISCARD, BETWEEN, HAND_OVER, NEED_DISCARD, ON_DISCARD
from paifu.board.state import TableState
from paifu.board.state import tile_name as _name
from paifu.engine.game import Game
from paifu.engine.legality import is_run, live_waits, waits_after_kan
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


def holds(r: Game, seat_no: int, tiles: tuple[int, ...] | list[int], what: str) -> bool:
    """Whether the hand can give a meld's tiles; the first it cannot is reported."""
    st = r.state
    assert st is not None
    missing = board.missing_tile(st.seats[seat_no], tiles, st.red_of)
    if missing is not None:
        r.find(
            Code.ILLEGAL_CALL, f"{what} needs {_name(missing)} which the player does not hold", seat=seat_no
        )
    return missing is None


def call_on_discard(r: Game, ev: Call) -> None:
    st = r.state
    assert st is not None
    m = ev.meld
    caller = ev.seat
    if st.phase != AFTER_DISCARD or st.last_discard is None:
        r.find(Code.ILLEGAL_CALL, f"{m.kind.value} without a discard to call", seat=caller)
        return
    src, tile = st.last_discard
    if m.called is not None and ((m.called >> 2) != (tile >> 2) or r.red(m.called) != r.red(tile)):
        r.find(
            Code.ILLEGAL_CALL,
            f"{m.kind.value} on {_name(m.called)} but the last discard was {_name(tile)}",
            seat=caller,
        )
        return
    if m.from_seat is not None and m.from_seat != src:
        r.find(
            Code.ILLEGAL_CALL,
            "the call names a different discarder than the last discard",
            seat=caller,
            expected=src,
            actual=m.from_seat,
        )
    if caller == src:
        r.find(Code.ILLEGAL_CALL, "calls its own discard", seat=caller)
        return
    if st.live_left <= 0:
        r.find(Code.ILLEGAL_CALL, "calls the last discard of the hand", seat=caller)
    if st.seats[caller].riichi:
        r.find(Code.ILLEGAL_CALL, "calls while in riichi", seat=caller)
    own = board.own_tiles(m, tile, st.red_of)
    kinds = sorted(t >> 2 for t in m.tiles)
    if m.kind == CallKind.CHI:
        if not r.flags.chi or r.n == 3:
            r.find(Code.ILLEGAL_CALL, "chi is not allowed at this table", seat=caller)
        if caller != (src + 1) % r.n:
            r.find(Code.ILLEGAL_CALL, "chi from a player who is not on the left", seat=caller)
        if not is_run(kinds):
            r.find(Code.ILLEGAL_CALL, "chi tiles are not a run", seat=caller)
            return
    elif m.kind == CallKind.PON:
        if len(kinds) != 3 or len(set(kinds)) != 1:
            r.find(Code.ILLEGAL_CALL, "pon tiles are not three of a kind", seat=caller)
            return
    else:
        if len(kinds) != 4 or len(set(kinds)) != 1:
            r.find(Code.ILLEGAL_CALL, "open kan tiles are not four of a kind", seat=caller)
            return
        if len(st.kans) >= 4:
            r.find(Code.ILLEGAL_CALL, "a fifth kan", seat=caller)
    if len(own) != len(m.tiles) - 1:
        r.find(Code.ILLEGAL_CALL, "the meld does not contain the called tile", seat=caller)
        return
    if st.abort_due is not None and st.abort_due in _ABORTS_A_CALL_MISSES:
        r.find(Code.ABORT_MISSED, f"the hand should have ended in {st.abort_due.value}", seat=caller)
    # the ron window closes either way (others who could ron are furiten); the meld needs its tiles
    ok = holds(r, caller, own, m.kind.value)
    if board.call_on_discard(st, caller, m, ok) and m.kind == CallKind.DAIMINKAN:
        r.kan_events.append(r.idx)


def kan_in_turn(r: Game, ev: Call) -> None:
    """A closed kan, or an added kan on an own pon (which others may rob)."""
    st = r.state
    assert st is not None
    m = ev.meld
    caller = ev.seat
    if st.phase != ACTION or caller != st.turn:
        r.find(Code.ILLEGAL_CALL, f"{m.kind.value} outside the player's own turn", seat=caller)
        if st.phase != ACTION:
            return
    if st.live_left <= 0:
        r.find(Code.ILLEGAL_CALL, "a kan with no tile left in the live wall", seat=caller)
    if len(st.kans) >= 4:
        r.find(Code.ILLEGAL_CALL, "a fifth kan", seat=caller)
    kinds = {t >> 2 for t in m.tiles}
    seat = st.seats[caller]
    if len(kinds) != 1 or len(m.tiles) != 4:
        r.find(Code.ILLEGAL_CALL, f"{m.kind.value} tiles are not four of a kind", seat=caller)
        return
    k = next(iter(kinds))
    if m.kind == CallKind.ANKAN:
        before = live_waits(seat, r.sanma) if seat.riichi_accepted else frozenset()
        if not holds(r, caller, m.tiles, "closed kan"):
            return
    else:  # kakan: upgrade an own pon
        pon_i = board.pon_of(seat, k)
        if pon_i is None:
            r.find(Code.ILLEGAL_CALL, "added kan without a pon of that kind", seat=caller)
            return
        if not holds(r, caller, (board.added_tile(seat.melds[pon_i], m),), "added kan"):
            return
    board.kan(st, caller, m, True)
    r.kan_events.append(r.idx)
    if m.kind == CallKind.ANKAN and seat.riichi_accepted:
        check_riichi_kan(r, caller, k, before)


def check_riichi_kan(r: Game, seat_no: int, k: int, before: frozenset[int]) -> None:
    """A closed kan after riichi: allowed at all, made with the drawn tile, and (as the ruleset
    says) keeping the wait, or the wait and every winning hand's shape."""
    st = r.state
    assert st is not None
    seat = st.seats[seat_no]
    if r.flags.riichi_kan_forbidden:
        r.find(
            Code.RIICHI_KAN_CHANGES_WAIT, "a kan after riichi is not allowed by this ruleset", seat=seat_no
        )
        return
    drawn = seat.drawn
    if drawn is None or drawn >> 2 != k:
        r.find(
            Code.RIICHI_KAN_CHANGES_WAIT,
            "a closed kan after riichi not made with the drawn tile",
            seat=seat_no,
        )
    after = waits_after_kan(seat.counts)
    if after != before:
        r.find(
            Code.RIICHI_KAN_CHANGES_WAIT,
            "the closed kan after riichi changes the wait",
            seat=seat_no,
            expected=sorted(before),
            actual=sorted(after),
        )
    elif r.flags.riichi_kan_same_shape:
        # every winning hand must use the kan kind as a triplet: removing it keeps the hand complete
        counts = list(seat.counts)
        counts[k] += 3
        for w in before:
            c = shape.with_kind(counts, w)
            c2 = list(c)
            c2[k] -= 3
            if shape.is_complete_regular(c) and not shape.is_complete_regular(c2):
                r.find(
                    Code.RIICHI_KAN_CHANGES_WAIT,
                    "the closed kan after riichi changes the hand's shape",
                    seat=seat_no,
                )
                break


def kita(r: Game, ev: Call) -> None:
    """A North set aside (3-player): in the own turn, then a replacement draw; others may rob it."""
    st = r.state
    assert st is not None
    caller = ev.seat
    if not r.flags.kita or r.n != 3:
        r.find(Code.ILLEGAL_CALL, "kita is not part of this ruleset", seat=caller)
    if st.phase != ACTION or caller != st.turn:
        r.find(Code.ILLEGAL_CALL, "kita outside the player's own turn", seat=caller)
        if st.phase not in (ACTION, NEED_DISCARD):
            return
    tile = ev.meld.tiles[0] if ev.meld.tiles else -1
    if tile >> 2 != 30:
        r.find(Code.ILLEGAL_CALL, "kita with a tile that is not North", seat=caller)
        return
    if holds(r, caller, (tile,), "kita"):
        board.kita(st, caller, tile, ev.meld, True)


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
        r.walls.check_dora(ev.indicator, len(st.dora_indicators) - 1)
