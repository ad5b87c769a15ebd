"""Calls: chi, pon and open kan on a discard; closed and added kans and kita in the own turn; kan dora.

Each is checked (whose discard, which tiles, the turn, riichi, kuikae, the fifth kan) and then
applied; a call that cannot be applied is reported and the record followed as far as it can be.
"""

from __future__ import annotations

from typing import Final

from paifu.engine import hand as shape
from paifu.engine.game import Game
from paifu.engine.legality import (
    is_run,
    kuikae_kinds,
    live_waits,
    may_rob_closed_kan,
    seats_waiting_on,
    waits_after_kan,
)
from paifu.engine.table import (
    ACTION,
    AFTER_DISCARD,
    AFTER_KAN,
    BETWEEN,
    HAND_OVER,
    NEED_DISCARD,
    NEED_DRAW,
    ROB_ADDED,
    ROB_CLOSED,
    ROB_KITA,
    TableState,
)
from paifu.engine.table import tile_name as _name
from paifu.events import Call, CallKind, Meld, NewDora, RyuukyokuKind

_ON_DISCARD: Final = (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)
_ABORTS_A_CALL_MISSES: Final = (RyuukyokuKind.FOUR_WINDS, RyuukyokuKind.FOUR_KANS, RyuukyokuKind.FOUR_RIICHI)


def on_call(r: Game, ev: Call) -> None:
    st = r.state
    if st is None or st.phase == BETWEEN or st.phase == HAND_OVER:
        r.find("illegal-call", "a call outside a hand", seat=ev.seat)
        return
    m = ev.meld
    if m.kind in _ON_DISCARD:
        call_on_discard(r, ev)
    elif m.kind == CallKind.KITA:
        kita(r, ev)
    else:
        kan_in_turn(r, ev)


def remove_tiles(r: Game, seat_no: int, tiles: tuple[int, ...] | list[int], what: str) -> bool:
    """Take a meld's tiles from the hand; all or none (a missing tile is reported)."""
    st = r.state
    assert st is not None
    seat = st.seats[seat_no]
    taken: list[int] = []
    for t in tiles:
        if not seat.has(t, r.red(t)):
            for u in taken:
                seat.add(u, r.red(u))
            r.find("illegal-call", f"{what} needs {_name(t)} which the player does not hold", seat=seat_no)
            return False
        seat.remove(t, r.red(t))
        taken.append(t)
    return True


def call_on_discard(r: Game, ev: Call) -> None:
    st = r.state
    assert st is not None
    m = ev.meld
    caller = ev.seat
    if st.phase != AFTER_DISCARD or st.last_discard is None:
        r.find("illegal-call", f"{m.kind.value} without a discard to call", seat=caller)
        return
    src, tile = st.last_discard
    if m.called is not None and ((m.called >> 2) != (tile >> 2) or r.red(m.called) != r.red(tile)):
        r.find(
            "illegal-call",
            f"{m.kind.value} on {_name(m.called)} but the last discard was {_name(tile)}",
            seat=caller,
        )
        return
    if m.from_seat is not None and m.from_seat != src:
        r.find(
            "illegal-call",
            "the call names a different discarder than the last discard",
            seat=caller,
            expected=src,
            actual=m.from_seat,
        )
    if caller == src:
        r.find("illegal-call", "calls its own discard", seat=caller)
        return
    if st.live_left <= 0:
        r.find("illegal-call", "calls the last discard of the hand", seat=caller)
    if st.seats[caller].riichi:
        r.find("illegal-call", "calls while in riichi", seat=caller)
    own = list(m.tiles)
    for i, t in enumerate(own):  # remove the called tile once
        if (t >> 2) == (tile >> 2) and r.red(t) == r.red(tile):
            del own[i]
            break
    k = tile >> 2
    kinds = sorted(t >> 2 for t in m.tiles)
    if m.kind == CallKind.CHI:
        if not r.rules.chi or r.n == 3:
            r.find("illegal-call", "chi is not allowed at this table", seat=caller)
        if caller != (src + 1) % r.n:
            r.find("illegal-call", "chi from a player who is not on the left", seat=caller)
        if not is_run(kinds):
            r.find("illegal-call", "chi tiles are not a run", seat=caller)
            return
    elif m.kind == CallKind.PON:
        if len(kinds) != 3 or len(set(kinds)) != 1:
            r.find("illegal-call", "pon tiles are not three of a kind", seat=caller)
            return
    else:
        if len(kinds) != 4 or len(set(kinds)) != 1:
            r.find("illegal-call", "open kan tiles are not four of a kind", seat=caller)
            return
        if len(st.kans) >= 4:
            r.find("illegal-call", "a fifth kan", seat=caller)
    if len(own) != len(m.tiles) - 1:
        r.find("illegal-call", "the meld does not contain the called tile", seat=caller)
        return
    # the ron window closes: others who could ron and did not are furiten now
    st.mark_passed(r.rules.same_turn_furiten, r.rules.riichi_furiten, skip=caller)
    if st.abort_due is not None and st.abort_due in _ABORTS_A_CALL_MISSES:
        r.find("abort-missed", f"the hand should have ended in {st.abort_due.value}", seat=caller)
        st.abort_due = None
    if not remove_tiles(r, caller, own, m.kind.value):
        return
    river = st.seats[src].river
    if river:
        river[-1].called = True
    seat = st.seats[caller]
    seat.melds.append(m)
    seat.calls += 1
    st.any_call = True
    st.break_ippatsu()
    seat.furiten_temp = False
    st.last_discard = None
    if m.kind == CallKind.DAIMINKAN:
        st.kans.append(caller)
        st.kan_events.append(r.idx)
        st.kans_open_pending += 1
        st.rinshan_feeder = src  # 002: a rinshan win after it is the feeder's to pay
        st.phase = NEED_DRAW
        st.rinshan_pending = True
        seat.update_waits()  # the replacement tile may be discarded at once
    else:
        st.phase = NEED_DISCARD
        seat.kuikae = kuikae_kinds(r.flags, k, kinds[0] if m.kind == CallKind.CHI else None)
    st.turn = caller


def kan_in_turn(r: Game, ev: Call) -> None:
    """A closed kan, or an added kan on an own pon (which others may rob)."""
    st = r.state
    assert st is not None
    m = ev.meld
    caller = ev.seat
    if st.phase != ACTION or caller != st.turn:
        r.find("illegal-call", f"{m.kind.value} outside the player's own turn", seat=caller)
        if st.phase != ACTION:
            return
    if st.live_left <= 0:
        r.find("illegal-call", "a kan with no tile left in the live wall", seat=caller)
    if len(st.kans) >= 4:
        r.find("illegal-call", "a fifth kan", seat=caller)
    kinds = {t >> 2 for t in m.tiles}
    seat = st.seats[caller]
    if len(kinds) != 1 or len(m.tiles) != 4:
        r.find("illegal-call", f"{m.kind.value} tiles are not four of a kind", seat=caller)
        return
    k = next(iter(kinds))
    if m.kind == CallKind.ANKAN:
        before = live_waits(seat, r.sanma) if seat.riichi_accepted else frozenset()
        if not remove_tiles(r, caller, m.tiles, "closed kan"):
            return
        seat.melds.append(m)
        if seat.riichi_accepted:
            check_riichi_kan(r, caller, k, before)
    else:  # kakan: upgrade an own pon
        pon_i = next(
            (i for i, x in enumerate(seat.melds) if x.kind == CallKind.PON and x.tiles[0] >> 2 == k), None
        )
        if pon_i is None:
            r.find("illegal-call", "added kan without a pon of that kind", seat=caller)
            return
        pon = seat.melds[pon_i]
        added = [t for t in m.tiles if t not in pon.tiles]
        if len(added) != 1:
            # formats without copy ids: the added tile is whatever is left of the kind
            added = [m.tiles[-1]]
        if not remove_tiles(r, caller, added, "added kan"):
            return
        seat.melds[pon_i] = Meld(CallKind.KAKAN, m.tiles, pon.called, pon.from_seat)
        st.kakan_tile = added[0]
    st.kans.append(caller)
    st.kan_events.append(r.idx)
    if m.kind == CallKind.ANKAN:
        st.kans_closed += 1
    else:
        st.kans_open_pending += 1
    st.any_call = True
    # everyone's ippatsu ends only once this stands: robbing it keeps ippatsu (close_discard_window)
    seat.update_waits()
    # robbing window: chankan on an added kan (kokushi may rob a closed kan where allowed)
    kokushi_robs = r.rules.kokushi_chankan_ankan
    st.ron_candidates = [
        s
        for s in seats_waiting_on(st, k, caller)
        if m.kind == CallKind.KAKAN
        or may_rob_closed_kan(kokushi_robs, shape.with_kind(st.seats[s].counts, k))
    ]
    robbed = st.kakan_tile if m.kind == CallKind.KAKAN and st.kakan_tile is not None else m.tiles[0]
    st.last_discard = (caller, robbed)
    st.phase = AFTER_KAN
    st.kan_window = True
    st.robbing = ROB_ADDED if m.kind == CallKind.KAKAN else ROB_CLOSED
    st.rinshan_pending = True


def check_riichi_kan(r: Game, seat_no: int, k: int, before: frozenset[int]) -> None:
    """A closed kan after riichi: allowed at all, made with the drawn tile, and (as the ruleset
    says) keeping the wait, or the wait and every winning hand's shape."""
    st = r.state
    assert st is not None
    seat = st.seats[seat_no]
    if r.flags.riichi_kan_forbidden:
        r.find("riichi-kan-changes-wait", "a kan after riichi is not allowed by this ruleset", seat=seat_no)
        return
    drawn = seat.drawn
    if drawn is None or drawn >> 2 != k:
        r.find(
            "riichi-kan-changes-wait",
            "a closed kan after riichi not made with the drawn tile",
            seat=seat_no,
        )
    after = waits_after_kan(seat.counts)
    if after != before:
        r.find(
            "riichi-kan-changes-wait",
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
                    "riichi-kan-changes-wait",
                    "the closed kan after riichi changes the hand's shape",
                    seat=seat_no,
                )
                break


def kita(r: Game, ev: Call) -> None:
    """A North set aside (3-player): in the own turn, then a replacement draw; others may rob it."""
    st = r.state
    assert st is not None
    caller = ev.seat
    if not r.rules.kita or r.n != 3:
        r.find("illegal-call", "kita is not part of this ruleset", seat=caller)
    if st.phase != ACTION or caller != st.turn:
        r.find("illegal-call", "kita outside the player's own turn", seat=caller)
        if st.phase not in (ACTION, NEED_DISCARD):
            return
    tile = ev.meld.tiles[0] if ev.meld.tiles else -1
    if tile >> 2 != 30:
        r.find("illegal-call", "kita with a tile that is not North", seat=caller)
        return
    if not remove_tiles(r, caller, (tile,), "kita"):
        return
    seat = st.seats[caller]
    seat.melds.append(ev.meld)
    seat.kita += 1
    st.any_call = True
    # everyone's ippatsu ends only once this stands: robbing it keeps ippatsu (close_discard_window)
    seat.update_waits()
    st.ron_candidates = seats_waiting_on(st, 30, caller)
    st.last_discard = (caller, tile)
    st.phase = AFTER_KAN
    st.kan_window = True
    st.robbing = ROB_KITA
    st.rinshan_pending = True


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
    if not at_win:
        st.kans_open_due = st.kans_open_drawn  # their discard is this one: due by the next event
    if shown < due and due > st.kan_dora_missed:
        here = r.idx
        if at_win:  # it never turned: the fault is the kan's
            r.idx = st.kan_events[min(shown - 1, len(st.kan_events) - 1)]
        r.find(
            "kan-dora-timing",
            "a kan's dora is never revealed"
            if at_win
            else "a kan's dora is not revealed by the next discard",
            expected=due,
            actual=shown,
        )
        r.idx = here
        st.kan_dora_missed = due  # said once per missing indicator, not at every later discard


# ------------------------------------------------------------------ discard window


def on_new_dora(r: Game, ev: NewDora) -> None:
    """A kan's dora indicator: one per kan, when the ruleset turns it, and the wall's."""
    st = r.state
    if st is None or st.phase == BETWEEN:
        r.find("illegal-call", "a new dora indicator outside a hand")
        return
    if not r.rules.kan_dora:
        r.find("illegal-call", "a kan dora indicator under a ruleset without kan dora")
    if len(st.dora_indicators) > len(st.kans):
        r.find("illegal-call", "more dora indicators than kans")
    elif (
        not r.flags.open_kan_dora_at_once
        and len(st.dora_indicators) >= 1 + st.kans_closed + st.kans_open_drawn
    ):
        r.find(
            "kan-dora-timing",
            "an open kan's dora is revealed before its replacement draw, where the "
            "ruleset reveals it after the discard",
            expected=1 + st.kans_closed + st.kans_open_drawn,
            actual=len(st.dora_indicators) + 1,
        )
    r.see(ev.indicator, None)
    st.dora_indicators.append(ev.indicator)
    if r.walls.wall is not None:
        r.walls.check_dora(ev.indicator, len(st.dora_indicators) - 1)
