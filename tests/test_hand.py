"""Hand shape: waits and complete hands, written as MPSZ tables, plus a brute-force property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu.board.shape import is_complete, is_tenpai_shape, shape_waits, yaochu_kinds
from paifu.tiles import counts34, kinds_to_str, parse_tiles


def waits(text: str, closed: bool = True) -> str:
    return kinds_to_str(shape_waits(counts34(parse_tiles(text)), closed))


def complete(text: str, closed: bool = True) -> bool:
    return is_complete(counts34(parse_tiles(text)), closed)


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("1112345678999m", "123456789m"),  # pure nine gates: every 1m..9m
        ("1234m456p789s111z", "14m"),  # 1m completes 11+234, 4m completes 123+44
        ("13m456p789s11122z", "2m"),  # closed wait (kanchan)
        ("12m456p789s11122z", "3m"),  # edge wait (penchan)
        ("23m456p789s11122z", "14m"),  # open wait (ryanmen)
        ("123m456p789s1122z", "12z"),  # two pairs (shanpon)
        ("3456m456p789s111z", "36m"),  # nobetan
        ("123m456p789s111z5s", "5s"),  # single wait (tanki)
        ("1133m5577p99s112z", "2z"),  # seven pairs
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen orphans, 13-sided
        ("19m19p19s1234566z", "7z"),  # thirteen orphans, single
        ("147m258p369s1234z", ""),  # nowhere near
        ("1111m2233p4455s6z", ""),  # four of a kind is not two pairs
    ],
)
def test_waits_table(hand: str, expected: str) -> None:
    assert waits(hand) == expected
    assert is_tenpai_shape(counts34(parse_tiles(hand))) == bool(expected)


def test_open_hands_have_no_seven_pairs_or_orphans() -> None:
    assert waits("1133m5577p99s112z", closed=False) == ""
    assert waits("19m19p19s1234567z", closed=False) == ""
    assert waits("5m", closed=False) == "5m"  # four melds called, a lone tile left
    assert waits("2345m", closed=False) == "25m"


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("11m", True),
        ("123m456p789s11122z", True),
        ("1133m5577p99s1122z", True),  # seven pairs
        ("1111m2233p4455s66z", False),  # four of a kind is not two pairs (Tenhou)
        ("119m19p19s1234567z", True),  # thirteen orphans
        ("123m456p789s1123z", False),
        ("11122233344455m", True),
    ],
)
def test_complete_table(hand: str, expected: bool) -> None:
    assert complete(hand) is expected


def test_seven_pairs_only_closed() -> None:
    assert not complete("1133m5577p99s1122z", closed=False)


def test_yaochu_kinds() -> None:
    assert yaochu_kinds(counts34(parse_tiles("19m19p1s1234z2m3p45s"))) == 9
    assert yaochu_kinds(counts34(parse_tiles("111m999m"))) == 2


# one suit and a few honors: dense enough that many random hands are tenpai
_KINDS = list(range(9)) + [27, 28]


_IDS = [k * 4 + c for k in _KINDS for c in range(4)]


def hands13() -> st.SearchStrategy[list[int]]:
    """13 distinct tile ids of those kinds, as a count array."""
    return st.permutations(_IDS).map(lambda ids: counts34(ids[:13]))


@settings(max_examples=300, deadline=None)
@given(hands13())
def test_waits_are_exactly_the_completing_kinds(counts: list[int]) -> None:
    """shape_waits agrees with brute force: adding kind k completes the hand iff k is a wait."""
    ws = shape_waits(counts)
    for k in range(34):
        plus = list(counts)
        plus[k] += 1
        assert (k in ws) == is_complete(plus), (
            kinds_to_str([i for i, c in enumerate(counts) for _ in range(c)]),
            k,
        )
