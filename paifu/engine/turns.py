"""Turns: draws and discards, each checked (whose turn, from which wall, the tile held, kuikae,
riichi's fixed discard) and then applied; after a discard, who could ron it and which abortive
draw applies if it passes.
"""

from __future__ import annotations

from paifu.engine import aborts, calls, riichi
from paifu.engine.game import Game
from paifu.engine.legality import seats_waiting_on
from paifu.engine.table import (
    ACTION,
    AFTER_DISCARD,
    AFTER_KAN,
    BETWEEN,
    HAND_OVER,
    NEED_DISCARD,
    NEED_DRAW,
    NO_KINDS,
    RiverTile,
    SeatState,
)
from paifu.engine.table import tile_name as name
from paifu.events import Discard, Draw


# ------------------------------------------------------------------ draws
def on_draw(r: Game, ev: Draw) -> None:
    st = r.state
    seat_no = ev.seat
    if st is None or st.phase == BETWEEN:
        r.find("wrong-turn", "a draw outside a hand", seat=seat_no)
        return
    phase = st.phase
    if phase == HAND_OVER:
        r.find("wrong-turn", "a draw after the hand ended", seat=seat_no)
        return
    if phase in (AFTER_DISCARD, AFTER_KAN):
        st.close_discard_window(r.same_turn_furiten, r.riichi_furiten)
        if st.phase == HAND_OVER:
            r.find(
                "abort-missed",
                f"the hand should have ended in a {st.abort_due.value if st.abort_due else 'draw'}",
                seat=seat_no,
            )
            return
    if st.phase != NEED_DRAW or seat_no != st.turn:
        r.find(
            "wrong-turn",
            f"seat {seat_no} draws but it is seat {st.turn}'s turn to "
            f"{'draw' if st.phase == NEED_DRAW else 'discard'}",
            seat=seat_no,
            expected=st.turn,
            actual=seat_no,
        )
        # follow the record so later checks stay meaningful
        st.turn = seat_no
        st.phase = NEED_DRAW
    if st.live_left <= 0 and not st.rinshan_pending:
        r.find("wrong-turn", "a draw from an empty wall", seat=seat_no)
    if r.walls.wall is not None:
        r.walls.check_draw(ev, st.rinshan_pending)
    tile = ev.tile
    r.see(tile, seat_no)
    r.take(tile, seat_no)
    st.draw(seat_no, tile, r.red(tile))


# ------------------------------------------------------------------ discards
def on_discard(r: Game, ev: Discard) -> None:
    st = r.state
    seat_no = ev.seat
    if st is None or st.phase == BETWEEN or st.phase == HAND_OVER:
        r.find("wrong-turn", "a discard outside a hand", seat=seat_no)
        return
    phase = st.phase
    if (phase != ACTION and phase != NEED_DISCARD) or seat_no != st.turn:
        r.find(
            "wrong-turn",
            f"seat {seat_no} discards but it is not its turn to discard",
            seat=seat_no,
            expected=st.turn,
            actual=seat_no,
        )
        st.turn = seat_no
    seat = st.seats[seat_no]
    if st.kans and r.kan_dora:  # before any kan, the first indicator is all that is due
        calls.check_kan_dora_shown(r, st)
    tile = ev.tile
    red = r.red(tile)
    gone = tile if seat.has(tile, red) else _stand_in(r, seat_no, seat, tile)  # what leaves the hand
    k = tile >> 2
    if phase == NEED_DISCARD and k in seat.kuikae:
        r.find("kuikae", f"discards {name(tile)} right after calling with it (swap-call)", seat=seat_no)
    drawn = seat.drawn
    tsumogiri = ev.tsumogiri
    if tsumogiri is None:
        tsumogiri = phase == ACTION and drawn is not None and drawn == tile
    if (
        seat.riichi_accepted
        and not (drawn is not None and (drawn >> 2) == k and r.red(drawn) == red)
        and phase == ACTION
    ):
        r.find("riichi-discard", "in riichi, discards a tile other than the one drawn", seat=seat_no)
    if gone is not None:
        seat.remove(gone, r.red(gone))
    declaring = (
        seat.riichi
        and not seat.riichi_accepted
        and st.riichi_pending is None
        and st.riichi_turn[seat_no] == -1
    )
    if gone is None or drawn is None or gone >> 2 != drawn >> 2 or phase != ACTION:
        seat.update_waits()  # else the hand is the one before the draw: its waits stand
    if declaring:
        riichi.declare(r, st, seat_no)
    seat.river.append(RiverTile(tile, tsumogiri, declaring))
    seat.river_kinds.add(k)
    if declaring and not r.furiten_riichi:
        riichi.check_furiten(r, seat, seat_no)
    st.rinshan_feeder = None
    discards = seat.discards + 1
    seat.discards = discards
    seat.drawn = None
    seat.kuikae = NO_KINDS
    if seat.ippatsu and not declaring:
        seat.ippatsu = False
    size = seat.held
    expected_size = 13 - 3 * (len(seat.melds) - seat.kita)
    if size != expected_size:
        r.find(
            "hand-size",
            f"holds {size} tiles after discarding",
            seat=seat_no,
            expected=expected_size,
            actual=size,
        )
    # four winds: the first four discards of an uninterrupted first go-around
    n = r.n
    if not st.any_call and discards == 1 and len(st.first_winds) < n:
        st.first_winds.append(k)
    st.last_discard = (seat_no, tile)
    st.kan_window = False
    st.kakan_tile = None
    if st.winners_this_tile:
        st.winners_this_tile = []
    st.phase = AFTER_DISCARD
    st.turn = seat_no
    st.ron_candidates = seats_waiting_on(st, k, seat_no)
    if len(st.kans) >= 4 or (not st.any_call and len(st.first_winds) == n):
        aborts.check_due(r, st)


def _stand_in(r: Game, seat_no: int, seat: SeatState, tile: int) -> int | None:
    """A discard of a tile the seat does not hold: reported; the record is followed (the tile
    reaches the river) but the hand keeps its size by giving up the drawn tile, else any tile,
    so one bad tile is one finding, not a cascade of turn and size findings."""
    r.find("tile-not-in-hand", f"discards {name(tile)} which it does not hold", seat=seat_no)
    if seat.drawn is not None and seat.has(seat.drawn, r.red(seat.drawn)):
        return seat.drawn
    return next((t * 4 + 3 for t, c in enumerate(seat.counts) if c and seat.has(t * 4 + 3, False)), None)
