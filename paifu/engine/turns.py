"""Turns: draws and discards, each checked (whose turn, from which wall, the tile held, kuikae,
riichi's fixed discard), then applied by the board; after a discard, whether a riichi on it is
tenpai and not furiten, and the hand's size.
"""

from __future__ import annotations

from paifu.board import turns as board
from paifu.board.phases import ACTION, BETWEEN, HAND_OVER, NEED_DISCARD, NEED_DRAW
from paifu.board.state import tile_name as name
from paifu.engine import calls, riichi
from paifu.engine.game import Game
from paifu.events import Discard, Draw
from paifu.findings import Code


# ------------------------------------------------------------------ draws
def on_draw(r: Game, ev: Draw) -> None:
    st = r.state
    seat_no = ev.seat
    if st is None or st.phase == BETWEEN:
        r.find(Code.WRONG_TURN, "a draw outside a hand", seat=seat_no)
        return
    phase = st.phase
    if phase == HAND_OVER:
        r.find(Code.WRONG_TURN, "a draw after the hand ended", seat=seat_no)
        return
    if not board.pass_offer(st):  # the last discard or kan passed (a no-op in a draw's turn)
        r.find(
            Code.ABORT_MISSED,
            f"the hand should have ended in a {st.abort_due.value if st.abort_due else 'draw'}",
            seat=seat_no,
        )
        return
    if st.phase != NEED_DRAW or seat_no != st.turn:
        r.find(
            Code.WRONG_TURN,
            f"seat {seat_no} draws but it is seat {st.turn}'s turn to "
            f"{'draw' if st.phase == NEED_DRAW else 'discard'}",
            seat=seat_no,
            expected=st.turn,
            actual=seat_no,
        )
    if st.live_left <= 0 and not st.rinshan_pending:
        r.find(Code.WRONG_TURN, "a draw from an empty wall", seat=seat_no)
    if r.walls.wall is not None:
        r.walls.check_draw(ev, st.rinshan_pending)
    tile = ev.tile
    board.draw(st, seat_no, tile)  # the record is followed, so later checks stay meaningful
    r.check_seen(tile, seat_no)
    r.take(tile, seat_no)


# ------------------------------------------------------------------ discards
def on_discard(r: Game, ev: Discard) -> None:
    st = r.state
    seat_no = ev.seat
    if st is None or st.phase == BETWEEN or st.phase == HAND_OVER:
        r.find(Code.WRONG_TURN, "a discard outside a hand", seat=seat_no)
        return
    phase = st.phase
    if (phase != ACTION and phase != NEED_DISCARD) or seat_no != st.turn:
        r.find(
            Code.WRONG_TURN,
            f"seat {seat_no} discards but it is not its turn to discard",
            seat=seat_no,
            expected=st.turn,
            actual=seat_no,
        )
    seat = st.seats[seat_no]
    if st.kans and r.flags.kan_dora:  # before any kan, the first indicator is all that is due
        calls.check_kan_dora_shown(r, st)
    tile = ev.tile
    red = r.red(tile)
    held = seat.has(tile, red)
    if not held:
        r.find(Code.TILE_NOT_IN_HAND, f"discards {name(tile)} which it does not hold", seat=seat_no)
    k = tile >> 2
    if phase == NEED_DISCARD and k in seat.kuikae:
        r.find(Code.KUIKAE, f"discards {name(tile)} right after calling with it (swap-call)", seat=seat_no)
    drawn = seat.drawn
    if (
        seat.riichi_accepted
        and not (drawn is not None and (drawn >> 2) == k and r.red(drawn) == red)
        and phase == ACTION
    ):
        r.find(Code.RIICHI_DISCARD, "in riichi, discards a tile other than the one drawn", seat=seat_no)
    board.discard(st, seat_no, tile, ev.tsumogiri, held)
    if seat.river[-1].riichi:  # the declaration's discard
        riichi.check_declared_discard(r, seat_no)
    size = seat.held
    expected_size = 13 - 3 * (len(seat.melds) - seat.kita)
    if size != expected_size:
        r.find(
            Code.HAND_SIZE,
            f"holds {size} tiles after discarding",
            seat=seat_no,
            expected=expected_size,
            actual=size,
        )
