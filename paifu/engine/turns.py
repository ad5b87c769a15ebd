"""Turns: draws and discards, each checked (``legality.check_tile_draw``, ``check_discard``: whose
turn, from which wall, the tile held, kuikae, riichi's fixed discard), then applied by the board;
after a discard, whether a riichi on it is tenpai and not furiten, and the hand's size.
"""

from __future__ import annotations

from paifu.board import turns as board
from paifu.board.phases import BETWEEN, HAND_OVER
from paifu.engine import calls, riichi, wins
from paifu.engine.game import Game
from paifu.engine.legality import check_discard, check_hand_size, check_riichi_discard, check_tile_draw
from paifu.events import Discard, Draw
from paifu.findings import Code


# ------------------------------------------------------------------ draws
def on_draw(r: Game, ev: Draw) -> None:
    st = r.state
    seat_no = ev.seat
    before = st.phase if st is not None else BETWEEN
    # the last discard or kan passes first (a no-op in a draw's turn): it may end the hand
    if st is not None and before != BETWEEN and before != HAND_OVER and not board.pass_offer(st):
        r.find(
            Code.ABORT_MISSED,
            f"the hand should have ended in a {st.abort_due.value if st.abort_due else 'draw'}",
            seat=seat_no,
        )
        return
    faults = check_tile_draw(st, seat_no, before)
    if faults and not r.report(faults):
        return
    assert st is not None
    if r.walls.wall is not None:
        r.walls.check_draw(ev, st.rinshan_pending, r)
    tile = ev.tile
    board.draw(st, seat_no, tile)  # the record is followed, so later checks stay meaningful
    hand = r.hand
    if seat_no == st.dealer and hand is not None and hand.dealer_draw is None:
        hand.dealer_draw = tile  # a 14-tile starting hand, as some statistics sites count the dealer's
    r.check_seen(tile, seat_no)
    r.take(tile, seat_no)


# ------------------------------------------------------------------ discards
def on_discard(r: Game, ev: Discard) -> None:
    st = r.state
    seat_no = ev.seat
    tile = ev.tile
    held = st is not None and st.seats[seat_no].has(tile, r.red(tile))
    if st is not None and st.kans and r.flags.kan_dora and st.phase != BETWEEN and st.phase != HAND_OVER:
        calls.kan_dora_shown(r, st)  # before any kan, the first indicator is all that is due
    faults = check_discard(st, seat_no, tile, held)
    if faults and not r.report(faults):
        return
    assert st is not None
    board.discard(st, seat_no, tile, ev.tsumogiri, held)
    if not r.flags.yakuless_pass_furiten and st.ron_candidates:
        wins.only_ron_candidates(r, seat_no)
    seat = st.seats[seat_no]
    if seat.river[-1].riichi:  # the declaration's discard
        r.report(check_riichi_discard(st, seat_no, r.flags))
        riichi.note_declaration(r, seat_no)
    r.report(check_hand_size(st, seat_no))
