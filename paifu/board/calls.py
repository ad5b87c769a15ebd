"""Calls, kans and kita: unchecked (``paifu.engine.calls`` checks)."""

from __future__ import annotations

from collections.abc import Sequence

from paifu.board.phases import (
    ABORTS_A_CALL_MISSES,
    AFTER_DISCARD,
    AFTER_KAN,
    NEED_DISCARD,
    NEED_DRAW,
    ON_DISCARD,
    ROB_ADDED,
    ROB_CLOSED,
    ROB_KITA,
)
from paifu.board.rules import TableRules
from paifu.board.seat import NO_KINDS, SeatState, may_rob_closed_kan, waiting_on
from paifu.board.shape import with_kind
from paifu.board.table import Table
from paifu.board.turns import mark_passed
from paifu.events import CallKind, Meld


def call(st: Table, seat_no: int, m: Meld) -> bool:
    """A chi, pon or open kan on the last discard, a closed or added kan, or a kita; False
    where the table cannot follow it (no discard to call, tiles the seat does not hold)."""
    if m.kind in ON_DISCARD:
        return call_on_discard(st, seat_no, m)
    if m.kind == CallKind.KITA:
        return kita(st, seat_no, m.tiles[0] if m.tiles else -1, m)
    return kan(st, seat_no, m)


def call_on_discard(st: Table, caller: int, m: Meld) -> bool:
    """The ron window closes (who could ron is furiten; a due abort the call prevents is off),
    the meld's own tiles leave the hand, and the caller discards next (or draws, after a kan)."""
    if st.phase != AFTER_DISCARD or st.last_discard is None:
        return False
    src, tile = st.last_discard
    mark_passed(st, skip=caller)
    if st.abort_due is not None and st.abort_due in ABORTS_A_CALL_MISSES:
        st.abort_due = None
    seat = st.seats[caller]
    own = own_tiles(m, tile, st.red_of)
    if missing_tile(seat, own, st.red_of) is not None:
        return False
    for t in own:
        seat.remove(t, st.red_of[t])
    river = st.seats[src].river
    if river:
        river[-1].called = True
    seat.melds.append(m)
    seat.calls += 1
    st.any_call = True
    st.break_ippatsu()
    seat.furiten_temp = False
    st.last_discard = None
    if m.kind == CallKind.DAIMINKAN:
        st.kans.append(caller)
        st.kans_open_pending += 1
        st.rinshan_feeder = src  # 002: a rinshan win after it is the feeder's to pay
        st.phase = NEED_DRAW
        st.rinshan_pending = True
        seat.update_waits()  # the replacement tile may be discarded at once
    else:
        kinds = sorted(t >> 2 for t in m.tiles)
        low = kinds[0] if m.kind == CallKind.CHI else None
        st.phase = NEED_DISCARD
        seat.kuikae = kuikae_kinds(st.rules, tile >> 2, low)
    st.turn = caller
    return True


def kan(st: Table, caller: int, m: Meld, held: bool = False) -> bool:
    """A closed kan, or an added kan on the caller's pon; its tile is offered for robbing
    (chankan; thirteen orphans on a closed kan where the rules allow), then the replacement draw.
    ``held``: the checks found the caller holds the kan's tiles (so they are not asked again)."""
    seat = st.seats[caller]
    k = m.tiles[0] >> 2 if m.tiles else -1
    if m.kind == CallKind.ANKAN:
        if not held and missing_tile(seat, m.tiles, st.red_of) is not None:
            return False
        for t in m.tiles:
            seat.remove(t, st.red_of[t])
        seat.melds.append(m)
        st.kans_closed += 1
    else:
        pon_i = pon_of(seat, k)
        if pon_i is None:
            return False
        added = added_tile(seat.melds[pon_i], m)
        if not held and missing_tile(seat, (added,), st.red_of) is not None:
            return False
        seat.remove(added, st.red_of[added])
        pon = seat.melds[pon_i]
        seat.melds[pon_i] = Meld(CallKind.KAKAN, m.tiles, pon.called, pon.from_seat)
        st.kakan_tile = added
        st.kans_open_pending += 1
    st.kans.append(caller)
    st.any_call = True
    # everyone's ippatsu ends only once this stands: robbing it keeps ippatsu (pass_offer)
    seat.update_waits()
    robs = st.rules.kokushi_chankan_ankan
    st.ron_candidates = tuple(
        [
            s
            for s in waiting_on(st.seats, k, caller)
            if m.kind == CallKind.KAKAN or may_rob_closed_kan(robs, with_kind(st.seats[s].counts, k))
        ]
    )
    kakan = st.kakan_tile
    robbed = kakan if m.kind == CallKind.KAKAN and kakan is not None else m.tiles[0]
    offer_for_robbing(st, caller, robbed, ROB_ADDED if m.kind == CallKind.KAKAN else ROB_CLOSED)
    return True


def kita(st: Table, caller: int, tile: int, m: Meld, held: bool = False) -> bool:
    """A North set aside (3-player): offered for robbing, then a replacement draw (``held``:
    the checks found the North held)."""
    seat = st.seats[caller]
    if not held and missing_tile(seat, (tile,), st.red_of) is not None:
        return False
    seat.remove(tile, st.red_of[tile])
    seat.melds.append(m)
    seat.kita += 1
    st.any_call = True
    seat.update_waits()
    st.ron_candidates = waiting_on(st.seats, 30, caller)
    offer_for_robbing(st, caller, tile, ROB_KITA)
    return True


def offer_for_robbing(st: Table, caller: int, tile: int, what: int) -> None:
    st.last_discard = (caller, tile)
    st.phase = AFTER_KAN
    st.kan_window = True
    st.robbing = what
    st.rinshan_pending = True


def own_tiles(m: Meld, called: int, red: tuple[bool, ...]) -> list[int]:
    """The meld's tiles from the caller's hand: all but one copy of the called tile."""
    own = list(m.tiles)
    for i, t in enumerate(own):
        if (t >> 2) == (called >> 2) and red[t] == red[called]:
            del own[i]
            break
    return own


def missing_tile(seat: SeatState, tiles: Sequence[int], red: tuple[bool, ...]) -> int | None:
    """The first of ``tiles`` the hand cannot give (counting repeats), or None: a meld takes all
    of its tiles or none. Asked without taking them out (a hand that keeps ids keeps their order)."""
    for i, t in enumerate(tiles):
        k, r = t >> 2, red[t]
        n = 1
        for j in range(i):
            u = tiles[j]
            if u >> 2 == k and red[u] == r:
                n += 1
        if not seat.holds(t, r, n):
            return t
    return None


def pon_of(seat: SeatState, k: int) -> int | None:
    """The index of the seat's pon of kind ``k`` (an added kan upgrades it)."""
    return next(
        (i for i, x in enumerate(seat.melds) if x.kind == CallKind.PON and x.tiles[0] >> 2 == k), None
    )


def added_tile(pon: Meld, m: Meld) -> int:
    """The tile an added kan adds to its pon (formats without copy ids: whatever is left of the kind)."""
    added = [t for t in m.tiles if t not in pon.tiles]
    return added[0] if len(added) == 1 else m.tiles[-1]


def kuikae_kinds(rules: TableRules, called: int, chi_low: int | None) -> frozenset[int]:
    """Kinds a caller may not discard right after calling ``called`` (``chi_low``: the run's
    lowest kind for a chi): the called kind, and for a chi the other end of the run."""
    if not rules.kuikae_same_kind:
        return NO_KINDS
    forbidden = {called}
    if chi_low is not None and rules.kuikae_other_end:
        if called == chi_low and chi_low % 9 <= 5:
            forbidden.add(chi_low + 3)
        elif called == chi_low + 2 and chi_low % 9 >= 1:
            forbidden.add(chi_low - 1)
    return frozenset(forbidden)
