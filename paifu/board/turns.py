"""Draws and discards, and the offered tile passing: unchecked (``paifu.engine.turns`` checks)."""

from __future__ import annotations

from paifu.board.phases import ACTION, AFTER_DISCARD, AFTER_KAN, HAND_OVER, NEED_DRAW
from paifu.board.seat import NO_KINDS, RiverTile, SeatState, waiting_on
from paifu.board.table import Table
from paifu.events import RyuukyokuKind
from paifu.tiles import WIND_KINDS


def draw(st: Table, seat_no: int, tile: int) -> None:
    """``seat_no`` draws ``tile`` (from the dead wall when a replacement draw is pending)."""
    st.see(tile)
    st.live_left -= 1  # a replacement draw shortens the live wall too (the dead wall stays 14)
    rinshan = st.rinshan_pending
    if rinshan:
        st.kans_open_drawn += st.kans_open_pending
        st.kans_open_pending = 0
    seat = st.seats[seat_no]
    seat.add(tile, st.red_of[tile])
    seat.drawn = tile
    seat.draws += 1
    seat.furiten_temp = False
    seat.kuikae = NO_KINDS
    st.phase = ACTION
    st.turn = seat_no
    st.rinshan_draw = rinshan
    st.rinshan_pending = False


def discard(st: Table, seat_no: int, tile: int, tsumogiri: bool | None, held: bool | None = None) -> None:
    """``seat_no`` discards ``tile`` (a riichi declared before it makes it the riichi tile).
    A tile the seat does not hold still reaches the river; the hand gives up the drawn tile,
    else any tile, so it keeps its size (``stand_in``). ``held``: whether the seat holds the
    tile, where the caller has asked already (the checks have: it is asked once per discard)."""
    phase = st.phase
    seat = st.seats[seat_no]
    red = st.red_of
    k = tile >> 2
    if held is None:
        held = seat.has(tile, red[tile])
    gone = tile if held else stand_in(seat, red)
    drawn = seat.drawn
    if tsumogiri is None:
        tsumogiri = phase == ACTION and drawn is not None and drawn == tile
    if gone is not None:
        seat.remove(gone, red[gone])
    declaring = (
        seat.riichi
        and not seat.riichi_accepted
        and st.riichi_pending is None
        and st.riichi_turn[seat_no] == -1
    )
    if gone is None or drawn is None or gone >> 2 != drawn >> 2 or phase != ACTION:
        seat.update_waits()  # else the hand is the one before the draw: its waits stand
    if declaring:
        st.riichi_turn[seat_no] = seat.discards
        st.riichi_pending = seat_no
    seat.river.append(RiverTile(tile, tsumogiri, declaring))
    seat.river_kinds.add(k)
    st.rinshan_feeder = None
    discards = seat.discards + 1
    seat.discards = discards
    seat.drawn = None
    seat.kuikae = NO_KINDS
    if seat.ippatsu and not declaring:
        seat.ippatsu = False
    n = st.num_players
    if not st.any_call and discards == 1 and len(st.first_winds) < n:
        st.first_winds.append(k)  # four winds: the first discards of an uninterrupted go-around
    st.kans_open_due = st.kans_open_drawn  # their discard is this one: due by the next event
    st.last_discard = (seat_no, tile)
    st.kan_window = False
    st.kakan_tile = None
    if st.winners_this_tile:
        st.winners_this_tile = []
    st.phase = AFTER_DISCARD
    st.turn = seat_no
    st.ron_candidates = waiting_on(st.seats, k, seat_no)
    # four winds falls due only on the discard that ends the first go-around (every seat's first)
    if len(st.kans) >= 4 or (not st.any_call and discards == 1 and len(st.first_winds) == n):
        st.abort_due = abort_falling_due(st)


def abort_falling_due(st: Table) -> RyuukyokuKind | None:
    """After a discard: the four-winds or four-kans abort that applies if it passes."""
    rules = st.rules
    due = st.abort_due
    first = st.first_winds
    if (
        rules.four_winds
        and not st.any_call
        and len(first) == st.num_players
        and first[0] in WIND_KINDS
        and len(set(first)) == 1
        and all(s.discards == 1 for s in st.seats)
    ):
        due = RyuukyokuKind.FOUR_WINDS
    if rules.four_kans and len(st.kans) >= 4 and len(set(st.kans)) > 1:
        due = RyuukyokuKind.FOUR_KANS
    return due


def offer_to(st: Table, seats: tuple[int, ...]) -> None:
    """Only ``seats`` could ron the tile on offer: the others are not furiten for letting it pass
    (the engine judges who has a yaku on it, where only such a pass makes furiten)."""
    st.ron_candidates = seats


def mark_passed(st: Table, skip: int | None = None) -> None:
    """The offered tile passed: who could ron it and did not is furiten for this turn and, in
    riichi, for the rest of the hand (as the rules say); ``skip`` (a caller) and the tile's
    winners are not."""
    same_turn = st.rules.same_turn_furiten
    in_riichi = st.rules.riichi_furiten
    for s in st.ron_candidates:
        if s == skip or s in st.winners_this_tile:
            continue
        seat = st.seats[s]
        if same_turn:
            seat.furiten_temp = True
        if in_riichi and seat.riichi_accepted:
            seat.furiten_riichi = True
    st.ron_candidates = ()


def pass_offer(st: Table) -> bool:
    """The last discard (or kan, or kita) passed, before the next draw: furiten for who could
    ron it, a pending abortive or exhaustive draw ends the hand, else the next turn (the
    replacement draw after a kan). False when the hand is over (a table that leaves the end of
    a hand to its record, ``TableRules.ends_hands``, goes on to the next turn)."""
    phase = st.phase
    if phase != AFTER_DISCARD and phase != AFTER_KAN:
        return phase != HAND_OVER
    if st.last_discard is None and st.kakan_tile is None:
        return True
    src = st.turn
    mark_passed(st)
    if phase == AFTER_KAN:
        st.break_ippatsu()  # the kan (or kita) stands: it breaks everyone's ippatsu
        st.phase = NEED_DRAW
        st.turn = src
        st.rinshan_pending = True
        st.kakan_tile = None
        return True
    if (st.abort_due is not None or st.live_left <= 0) and st.rules.ends_hands:
        if st.abort_due is None:
            st.abort_due = RyuukyokuKind.EXHAUSTIVE
        st.phase = HAND_OVER
        return False
    st.phase = NEED_DRAW
    st.turn = (src + 1) % st.num_players
    st.rinshan_pending = False
    st.last_discard = None
    return True


def stand_in(seat: SeatState, red: tuple[bool, ...]) -> int | None:
    """What leaves a hand that discards a tile it does not hold: the drawn tile, else any tile,
    so one bad tile is one finding, not a cascade of turn and size findings."""
    drawn = seat.drawn
    if drawn is not None and seat.has(drawn, red[drawn]):
        return drawn
    return next((t * 4 + 3 for t, c in enumerate(seat.counts) if c and seat.has(t * 4 + 3, False)), None)
