"""The rank-point check's integer arithmetic (``rank_points_compared``) against ``rank_points``'s
decimals: the same numbers for every named scheme and for schemes made to reach every branch
(split ties, the top taking the rest, each rounding at each stage, sinking uma, uma in halves)."""

from __future__ import annotations

import random

import pytest

from paifu.rank_points import SCHEMES, Scheme, rank_points
from paifu.rank_points.compute import _div_round, rank_points_compared

_MADE = [
    SCHEMES["tenhou"].replace(ties="split"),
    SCHEMES["tenhou"].replace(ties="split", top_takes_rest=True, decimals=1),
    SCHEMES["tenhou"].replace(oka_ties="split", uma=(15.5, 5.5, -5.5, -15.5)),
    SCHEMES["tenhou"].replace(uma_sinking=((1, (12, -1, -3, -8)), (3, (8, 3, 1, -12))), decimals=2),
    *(
        SCHEMES["tenhou"].replace(rounding=mode, round_stage=stage, ties=ties, top_takes_rest=rest, unit=unit)
        for mode in ("half-away", "half-up", "half-even", "half-down", "floor", "ceil", "trunc")
        for stage in ("score", "result")
        for ties in ("seat", "split")
        for rest in (False, True)
        for unit in (1000, 100)
    ),
    Scheme(
        num_players=3, start_points=35000, return_points=40000, uma=(15, 0, -15), ties="split", decimals=1
    ),
    Scheme(num_players=2, start_points=25000, return_points=30000, uma=(10, -10), ties="split"),
]


def _scores(rng: random.Random, n: int) -> list[int]:
    """Final scores in 100s summing to a table's total (ties and halves on purpose: few values)."""
    if rng.random() < 0.5:
        return [rng.choice((-1300, 0, 18500, 25000, 30000, 30500, 31500, 45000)) for _ in range(n)]
    return [100 * rng.randrange(-200, 900) for _ in range(n)]


@pytest.mark.parametrize("scheme", [*SCHEMES.values(), *_MADE], ids=lambda s: s.name)
def test_same_numbers_as_the_decimals(scheme: Scheme) -> None:
    rng = random.Random(scheme.name)
    for _ in range(300):
        scores = _scores(rng, scheme.num_players)
        first = rng.randrange(scheme.num_players)
        assert rank_points_compared(scores, scheme, first) == rank_points(scores, scheme, first), scores


def test_division_rounds_as_each_mode() -> None:
    halves = {  # 5/2, -5/2 and 7/2, -7/2 in each mode
        "half-away": (3, -3, 4, -4),
        "half-up": (3, -2, 4, -3),
        "half-even": (2, -2, 4, -4),
        "half-down": (2, -2, 3, -3),
        "floor": (2, -3, 3, -4),
        "ceil": (3, -2, 4, -3),
        "trunc": (2, -2, 3, -3),
    }
    for mode, want in halves.items():
        assert tuple(_div_round(num, 2, mode) for num in (5, -5, 7, -7)) == want, mode
    assert _div_round(7, 3, "half-away") == 2 and _div_round(-8, 3, "half-away") == -3
