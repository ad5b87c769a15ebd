"""Tiles: ids, kinds, red fives and the MPSZ text form (round trip by hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu.tiles import (
    TileError,
    canonical_id,
    dora_from_indicator,
    is_red,
    kind,
    kinds_to_str,
    parse_kinds,
    parse_tiles,
    same_tile,
    tile_to_str,
    tiles_to_str,
    validate_id,
)


def _as_seen(ids: list[int]) -> list[tuple[int, bool]]:
    """What the engine sees of tiles: kind and colour, as a sorted multiset."""
    return sorted((kind(t), is_red(t)) for t in ids)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 135), unique=True, max_size=20))
def test_mpsz_round_trip(ids: list[int]) -> None:
    text = tiles_to_str(ids)
    back = parse_tiles(text)
    assert _as_seen(back) == _as_seen(ids)
    assert tiles_to_str(back) == text  # canonical: sorted, grouped m p s z
    assert len(set(back)) == len(back)  # distinct ids: a writer can use them


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=14))
def test_kinds_round_trip(kinds: list[int]) -> None:
    assert sorted(k for k, _ in parse_kinds(kinds_to_str(kinds))) == sorted(kinds)


@pytest.mark.parametrize(
    "text, ids",
    [
        ("0m", [16]),  # red five is copy 0
        ("5m", [17]),  # a plain five never takes the red copy first
        ("5555m", [17, 18, 19, 16]),  # ... unless it must: the fourth plain 5m is the red id
        ("05p", [52, 53]),
        ("1z7z", [108, 132]),
        ("m123", [0, 4, 8]),  # suit-first form
        ("", []),
    ],
)
def test_parse_tiles(text: str, ids: list[int]) -> None:
    assert parse_tiles(text) == ids


@pytest.mark.parametrize("text", ["8z", "0z", "11111m", "00m", "5x", "m", "12"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(TileError):
        parse_tiles(text)


def test_tile_to_str() -> None:
    assert tile_to_str(16) == "0m"
    assert tile_to_str(16, red_per_suit=(0, 0, 0)) == "5m"  # a table without red fives
    assert tiles_to_str(parse_tiles("0m55m406p1z")) == "055m406p1z"  # red sorts as a five


@pytest.mark.parametrize(
    "indicator, dora",
    [
        ("9m", "1m"),
        ("9p", "1p"),
        ("4z", "1z"),
        ("3z", "4z"),
        ("7z", "5z"),
        ("5z", "6z"),
        ("1s", "2s"),
    ],
)
def test_dora_wraps(indicator: str, dora: str) -> None:
    assert dora_from_indicator(parse_kinds(indicator)[0][0]) == parse_kinds(dora)[0][0]


def test_sanma_dora_1m_points_at_9m() -> None:
    assert dora_from_indicator(0, sanma=True) == 8
    assert dora_from_indicator(0) == 1


def test_same_tile_and_canonical_ids() -> None:
    assert same_tile(17, 19) and not same_tile(16, 17)
    assert same_tile(16, 17, red_per_suit=(0, 0, 0))
    assert canonical_id(4, red=True) == 16 and canonical_id(4) == 19
    assert is_red(canonical_id(13, red=True)) and not is_red(canonical_id(13))


@pytest.mark.parametrize("bad", [-1, 136, 200])
def test_validate_id(bad: int) -> None:
    with pytest.raises(TileError):
        validate_id(bad)
    assert validate_id(135) == 135
