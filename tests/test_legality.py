"""The engine's pure pieces, asked directly: waits kept from part keys, and the legality questions
(live waits, tenpai under each karaten rule, furiten, kuikae, runs) on hand-built tables."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from builders import GameBuilder, one
from hypothesis import given, settings
from hypothesis import strategies as st

import paifu
from paifu.board.calls import kuikae_kinds
from paifu.board.parts import mask_kinds, part_keys, wait_mask
from paifu.board.shape import _melds_and_pair, _melds_only, _part_waits, shape_waits
from paifu.board.state import SeatState, TableState
from paifu.engine.legality import is_furiten, is_run, is_tenpai, live_waits
from paifu.events import HandStart
from paifu.rules import preset
from paifu.rules.flags import flags_of
from paifu.tiles import YAOCHU_KINDS, counts34, parse_tiles


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=1, max_size=13).filter(lambda ks: len(ks) % 3 == 1),
    st.booleans(),
)
def test_wait_mask_is_shape_waits(kinds: list[int], closed: bool) -> None:
    counts = [0] * 34
    for k in kinds:
        counts[k] = min(4, counts[k] + 1)
    if sum(counts) % 3 != 1:
        return
    assert mask_kinds(wait_mask(part_keys(counts), counts, closed)) == shape_waits(counts, closed)


_MELDS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(_MELDS), max_size=4),
    st.integers(0, 33),
    st.integers(0, 13),
    st.sampled_from([0, 9, 18, 27, 0]),
    st.booleans(),
)
def test_waits_of_hands_one_tile_short_are_shape_waits(
    melds: list[tuple[int, int, int]], pair: int, drop: int, suit: int, closed: bool
) -> None:
    """Complete hands less a tile (most are tenpai, many on several kinds; counts of four included),
    their melds moved into one part at times: the table's waits, a seat's kept tile by tile and a
    count array's are ``shape_waits``."""
    kinds = [pair, pair] + [k for meld in melds for k in meld]
    if suit:
        kinds = [k % 9 + suit if k < 27 and suit < 27 else k for k in kinds]
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        return
    kinds.pop(drop % len(kinds))
    counts = counts34([4 * k for k in kinds])
    expected = shape_waits(counts, closed)
    assert mask_kinds(wait_mask(part_keys(counts), counts, closed)) == expected
    seat = SeatState()
    for k in kinds:
        seat.add(4 * k, False)
    seat.calls = 0 if closed else 1
    seat.update_waits()
    assert seat.waits == expected and seat.keys == part_keys(counts)


def _splits(key: int, residue: int, honors: bool) -> bool:
    """Whether a part key is one of a part that splits into melds (residue 0) or into melds and a pair
    (2): a part of at most 14 tiles, found by the splitting functions; no key beyond the part's digits."""
    n = 7 if honors else 9
    if not 0 <= key < 5**n:
        return False
    digits = tuple(key // 5**i % 5 for i in range(n))
    if sum(digits) % 3 != residue or sum(digits) > 14:
        return False
    return _melds_only(digits, honors) if residue == 0 else _melds_and_pair(digits, honors)


def _reference_part(key: int, honors: bool) -> tuple[int, bool, bool, set[int]]:
    """A part's size mod 3, whether it splits into melds, or melds and a pair, and its local waits, from
    its key's digits (a count of five or more carries into the next digit, one below zero borrows): the
    engine's answers before its part table (December 7), written out independently of ``parts``."""
    n = 7 if honors else 9
    digits = []
    rest = key
    for _ in range(n):
        digits.append(rest % 5)
        rest //= 5
    part = tuple(digits)
    r = sum(part) % 3
    if sum(part) >= 14 or 4 in part:
        waits = set(_part_waits(part, honors)) if r else set()
        return r, r == 0 and _melds_only(part, honors), r == 2 and _melds_and_pair(part, honors), waits
    waits = {i for i in range(n) if r and _splits(key + 5**i, 2 if r == 1 else 0, honors)}
    return r, r == 0 and _splits(key, 0, honors), r == 2 and _splits(key, 2, honors), waits


def _reference_waits(counts: list[int], closed: bool) -> frozenset[int]:
    """The waits of four melds and a pair from the parts' answers, then seven pairs and thirteen orphans."""
    parts = [_reference_part(key, i == 3) for i, key in enumerate(part_keys(counts))]
    waits: set[int] = set()
    if all(r != 0 or only for r, only, _, _ in parts):
        residues = [r for r, _, _, _ in parts]
        if residues.count(1) == 1 and residues.count(2) == 0:
            i = residues.index(1)
            waits = {9 * i + w for w in parts[i][3]}
        elif residues.count(2) == 2 and residues.count(1) == 0:
            twos = [i for i, r in enumerate(residues) if r == 2]
            for i, other in (twos, twos[::-1]):
                if parts[other][2]:
                    waits |= {9 * i + w for w in parts[i][3]}
    kinds = sum(1 for c in counts if c)
    if closed and kinds == 7 and counts.count(2) == 6 and counts.count(1) == 1:
        waits.add(counts.index(1))
    elif closed and kinds >= 12 and sum(counts[k] for k in YAOCHU_KINDS) == 13 and sum(counts) == 13:
        missing = [k for k in YAOCHU_KINDS if counts[k] == 0]
        waits |= set(YAOCHU_KINDS) if not missing else set(missing) if len(missing) == 1 else set()
    return frozenset(waits)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.one_of(st.integers(0, 33), st.integers(0, 8), st.integers(-34, -1)), st.booleans()),
        max_size=40,
    ),
    st.booleans(),
)
def test_a_seats_waits_follow_its_tiles_past_what_a_hand_holds(
    moves: list[tuple[int, bool]], closed: bool
) -> None:
    """Tiles in and out past four of a kind, fourteen to a part, five of a kind, below none held, or
    with an id that is no tile (a negative one names a kind from the end, as a list does): a broken
    record's replay. The seat's waits, and those of its counts asked afresh, are those its parts'
    digits give (``_reference_waits``)."""
    seat = SeatState()
    seat.calls = 0 if closed else 1
    for k, out in moves:
        if out:
            seat.remove(4 * k, False)
        else:
            seat.add(4 * k, False)
        seat.update_waits()
        expected = _reference_waits(seat.counts, closed)
        assert seat.waits == expected
        assert mask_kinds(wait_mask(part_keys(seat.counts), seat.counts, closed)) == expected
        assert seat.keys == part_keys(seat.counts)


def test_five_of_a_kind_and_a_count_below_zero_wait_on_nothing_they_do_not_split_into() -> None:
    """A fifth 9m carries past the man part's last digit, and two 9s below zero borrow below the sou
    part's first: neither is a part that splits (the table is not read past its ends)."""
    five = [0] * 34
    five[8] = 5
    assert wait_mask(part_keys(five), five, True) == 0
    below = [0] * 34
    below[26], below[28] = -2, 1
    assert wait_mask(part_keys(below), below, True) == 0
    assert _reference_waits(five, True) == _reference_waits(below, True) == frozenset()


def test_a_record_that_deals_a_fifth_copy_is_judged_not_broken() -> None:
    """A deal of five 9m (a copy dealt twice: a record written by a broken program) is found out as
    such, and the replay goes on; the waits of that hand once raised an ``IndexError`` (the table read
    past its end), which the batch turned into an unreadable file."""
    g = GameBuilder()
    g.hand([None, "9999m123456p12s7z", None, None]).run_out()
    g.end()
    record = g.record()
    start = record.events[1]
    assert isinstance(start, HandStart)
    hands = list(start.hands)
    hands[1] = tuple([t for t in hands[1] if t >> 2 != 33] + [one("9m")])
    record.events[1] = dataclasses.replace(start, hands=tuple(hands))
    result = paifu.replay(record)
    assert "tile-count-exceeded" in {f.code for f in result.findings}


def test_a_part_of_fourteen_tiles_or_more_is_answered_from_its_digits() -> None:
    """A broken hand's part beyond four melds and a pair (the table's sets stop there): honors of five
    triplets and a single wait on the pair; fourteen of a suit beside a pair wait on the suit's melds."""
    for text, waits in (("1112223334445556z", {32}), ("11122233344455m77z", None)):
        counts = counts34(parse_tiles(text))
        seat = _seat(text)
        assert seat.waits == shape_waits(counts) == (waits if waits is not None else seat.waits)
        assert seat.waits


_FIRST_QUESTION = """
import sys
from paifu.board.seat import SeatState
from paifu.tiles import parse_tiles
seat = SeatState()
for t in parse_tiles(sys.argv[1]):
    seat.add(t, False)
seat.update_waits()
print(sorted(seat.waits))
"""


@pytest.mark.parametrize(("text", "waits"), [("123m456p789s1112z", [28]), ("1112m111z222z333z", [1, 2])])
def test_the_first_waits_a_process_asks_make_the_table_they_read(text: str, waits: list[int]) -> None:
    """In a fresh interpreter, a hand whose only incomplete part is honors (or a suit): the waits read
    the table of that part, which no other part's question has made yet."""
    proc = subprocess.run(
        [sys.executable, "-c", _FIRST_QUESTION, text], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(waits)
    assert waits == sorted(shape_waits(counts34(parse_tiles(text))))


def _seat(text: str, river: str = "") -> SeatState:
    seat = SeatState()
    for t in parse_tiles(text):
        seat.add(t, False)
    for t in parse_tiles(river):
        seat.river_kinds.add(t >> 2)
    seat.update_waits()
    return seat


def _table(seat: SeatState, indicators: str = "") -> TableState:
    return TableState(
        num_players=4,
        scores=[25000] * 4,
        seats=[seat, SeatState(), SeatState(), SeatState()],
        dora_indicators=list(parse_tiles(indicators)),
    )


def test_seat_keeps_its_keys_tile_by_tile() -> None:
    seat = _seat("1112345678999m")
    assert seat.keys == part_keys(counts34(parse_tiles("1112345678999m")))
    assert seat.waits == frozenset(range(9))  # pure nine gates
    seat.remove(parse_tiles("9m")[0], False)
    seat.add(parse_tiles("1z")[0], False)
    assert seat.keys == part_keys(seat.counts)


def test_karaten_rules() -> None:
    base = preset("tenhou")
    # waits only on East, whose four copies are all in the hand
    karaten = _table(_seat("1111z234p567s888s"))
    assert karaten.seats[0].waits == frozenset({27}) and not live_waits(karaten.seats[0], sanma=False)
    assert is_tenpai(flags_of(base.replace(karaten="counts")), karaten, 0)
    assert not is_tenpai(flags_of(base.replace(karaten="not-own-hand")), karaten, 0)
    # a South tanki with the other three Souths visible as indicators
    visible = _table(_seat("111m234p567s888s2z"), indicators="222z")
    assert not is_tenpai(flags_of(base.replace(karaten="not-visible")), visible, 0)
    assert is_tenpai(flags_of(base.replace(karaten="not-own-hand")), visible, 0)
    assert is_tenpai(flags_of(base.replace(karaten="not-visible")), _table(_seat("111m234p567s888s2z")), 0)


def test_furiten_on_own_river_and_same_turn() -> None:
    assert is_furiten(_seat("23m456p789s11122z", river="4m"), sanma=False)
    seat = _seat("23m456p789s11122z", river="5m")
    assert not is_furiten(seat, sanma=False)
    seat.furiten_temp = True
    assert is_furiten(seat, sanma=False)


def test_kuikae_and_runs() -> None:
    flags = flags_of(preset("tenhou")).table  # kuikae forbidden: same kind and the other end
    assert kuikae_kinds(flags, 0, chi_low=0) == frozenset({0, 3})  # 1m called with 23m: not 1m, 4m
    assert kuikae_kinds(flags, 5, chi_low=3) == frozenset({5, 2})  # 6m called with 45m: not 6m, 3m
    assert kuikae_kinds(flags, 4, chi_low=3) == frozenset({4})  # a closed-wait chi: the kind only
    assert kuikae_kinds(flags, 7, None) == frozenset({7})  # pon
    suji = flags_of(preset("tenhou").replace(kuikae="suji")).table
    assert kuikae_kinds(suji, 0, chi_low=0) == frozenset({0})
    assert kuikae_kinds(flags_of(preset("tenhou").replace(kuikae="allowed")).table, 0, 0) == frozenset()
    assert is_run([0, 1, 2]) and not is_run([7, 8, 9]) and not is_run([27, 28, 29])


def _parts(n: int, most: int) -> list[tuple[int, ...]]:
    """Every part of ``n`` kinds (counts 0..4, lowest kind first) holding at most ``most`` tiles."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(n):
        out = [p + (c,) for p in out for c in range(5) if sum(p) + c <= most]
    return out


def test_the_table_marks_the_parts_that_split() -> None:
    """The table grown meld by meld (``parts._table``, made in every process's first hand) marks
    exactly the parts that the splitting functions split into melds (1), and into melds and a pair (2):
    every honor part of up to 14 tiles, every suit part of up to 11, every part it marks."""
    from paifu.board.parts import _table
    from paifu.board.shape import _melds_and_pair, _melds_only

    for honors, most in ((True, 14), (False, 11)):
        table = _table(honors)
        n = 7 if honors else 9
        assert len(table) == 5**n
        for part in _parts(n, most):
            key = sum(c * 5**i for i, c in enumerate(part))
            assert (table[key] == 1) == (sum(part) % 3 == 0 and _melds_only(part, honors)), part
            assert (table[key] == 2) == (sum(part) % 3 == 2 and _melds_and_pair(part, honors)), part
        marked = [key for key, flag in enumerate(table) if flag]
        digits = [tuple(k // 5**i % 5 for i in range(n)) for k in marked]
        assert all(_melds_only(p, honors) or _melds_and_pair(p, honors) for p in digits)
        assert max(map(sum, digits)) == 14
