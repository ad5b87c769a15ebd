"""Hot paths rewritten for the compiled build (``x[i] = x[i] + n`` for ``x[i] += n``, bit masks for
``in`` a tuple, early exits): the same answers as the plain definitions they replace."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from paifu.board.parts import part_keys
from paifu.board.seat import RiverTile, SeatState
from paifu.engine.legality import is_nagashi
from paifu.events import CallKind, Meld
from paifu.rules import preset
from paifu.scoring.payments import liable_seat
from paifu.scoring.values import Valuation
from paifu.tiles import FIVE_KINDS, YAOCHU_KINDS


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 135), st.booleans()), max_size=40))
def test_a_seats_counts_and_keys_follow_its_tiles(moves: list[tuple[int, bool]]) -> None:
    """Tiles added (or, when held, taken back): counts, held, red fives and part keys are those of
    the tiles the seat holds, counted afresh."""
    seat = SeatState(ids=[])
    held: list[int] = []
    for tile, take in moves:
        red = tile >> 2 in FIVE_KINDS and tile % 4 == 0
        if take and tile in held:
            seat.remove(tile, red)
            held.remove(tile)
        elif held.count(tile) == 0 and sum(1 for t in held if t >> 2 == tile >> 2) < 4:
            seat.add(tile, red)
            held.append(tile)
    counts = [0] * 34
    for t in held:
        counts[t >> 2] += 1
    assert seat.counts == counts and seat.held == len(held)
    assert seat.keys == part_keys(counts)
    assert seat.red == [sum(1 for t in held if t >> 2 == FIVE_KINDS[s] and t % 4 == 0) for s in range(3)]
    assert sorted(seat.ids or []) == sorted(held)


@given(st.lists(st.tuples(st.integers(-8, 140), st.booleans()), max_size=12))
def test_nagashi_is_every_discard_a_terminal_or_honor_none_called(river: list[tuple[int, bool]]) -> None:
    seat = SeatState()
    seat.river = [RiverTile(t, False, called=c) for t, c in river]
    expected = bool(river) and all((t >> 2) in YAOCHU_KINDS and not c for t, c in river)
    assert is_nagashi(seat) is expected


def test_the_feeder_of_the_third_dragon_set_and_no_one_else_is_liable() -> None:
    """Daisangen whose third dragon pon seat 2 fed: seat 2 (``liable_seat`` reads the names once, as
    strings); the same melds in a hand valued without a yakuman: nobody."""
    rules = preset("tenhou")
    assert "daisangen" in rules.pao
    melds = [
        Meld(CallKind.PON, (4 * k, 4 * k + 1, 4 * k + 2), 4 * k, seat)
        for k, seat in ((31, 1), (32, 3), (33, 2))
    ]
    yakuman = Valuation(
        ok=True, yaku=(("daisangen", 13),), han=13, fu=30, limit="yakuman", yakuman_multiple=1
    )
    assert liable_seat(melds, 0, rules, yakuman) == 2
    assert liable_seat(melds[:2], 0, rules, yakuman) is None  # a set from the own hand: nobody
    plain = Valuation(ok=True, yaku=(("haku", 1), ("hatsu", 1), ("chun", 1)), han=3, fu=40)
    assert liable_seat(melds, 0, rules, plain) is None
    # the yaku decide, not the multiple (a caller's own scorer may leave it 0)
    unstated = Valuation(ok=True, yaku=(("daisangen", 13),), han=13, fu=30, limit="yakuman")
    assert liable_seat(melds, 0, rules, unstated) == 2
