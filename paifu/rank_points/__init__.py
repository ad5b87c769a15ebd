"""Rank points: turning final scores into the points a platform records for a game.

Pure functions over plain numbers, so every platform's formula is an explicit
``Scheme`` (start/return points, oka, uma, unit, rounding, ties) rather than
code paths. The general formula, per seat, is::

    (rounded_score - reference) / unit + uma[placement] * 1000 / unit + oka share

where ``reference`` is the return points (or the start points when there are
none), uma is in thousands of points (like ``Ruleset.uma``) and the oka,
``(return - start) * players``, goes to the top. With ``top_takes_rest`` the top
player instead receives minus the sum of the others (Tenhou, 電脳麻将), which
also absorbs rounding. Results are floats in ``unit`` points: ``+10.7`` per
1,000 (Tenhou) or ``+106`` per 100 (RON2).

Rounding, when a scheme rounds: ``round_stage="score"`` rounds the final score to
a multiple of ``unit`` before subtracting (Tenhou's whole-number lobbies round the
score to thousands half away from zero: 19,500 -> 20,000 and -5,500 -> -6,000);
``"result"`` rounds the finished value. ``rounding="none"`` keeps ``decimals``.

Ties on points: ``"seat"`` ranks the seat nearer the first dealer (in turn order)
higher; ``"split"`` gives tied players the same placement (the best of the tied
places) and an equal share of the uma of the places they span (and of the oka,
unless ``oka_ties`` says otherwise).

Modules: ``schemes`` (``Scheme`` and the named schemes), ``compute`` (placements, rank points,
leftover sticks), ``selection`` (the scheme of a ruleset or a replayed game), ``fit`` (the uma
that reproduce a record's claimed points). Everything is importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paifu.rank_points import schemes
from paifu.rank_points.compute import (
    STICK,
    apply_leftover_sticks,
    format_points,
    placements,
    rank_points,
    seat_order,
)
from paifu.rank_points.fit import Fit, fit_uma
from paifu.rank_points.schemes import (
    ROUNDINGS,
    SCHEMES,
    Scheme,
    SchemeError,
    get_scheme,
    load_scheme,
    scheme_for_rules,
)
from paifu.rank_points.selection import game_scheme, writes_whole_numbers

__all__ = [
    "EMA",
    "Fit",
    "JPML",
    "MAHJONGSOUL",
    "MAJIANG",
    "MAJIANG_INTEGER",
    "MLEAGUE",
    "QDAN",
    "QDAN_RANKING",
    "RON2_SANMA",
    "ROUNDINGS",
    "SCHEMES",
    "STICK",
    "Scheme",
    "SchemeError",
    "TENHOU",
    "TENHOU_INTEGER",
    "TENHOU_SANMA",
    "WRC",
    "apply_leftover_sticks",
    "fit_uma",
    "format_points",
    "game_scheme",
    "get_scheme",
    "load_scheme",
    "placements",
    "rank_points",
    "scheme_for_rules",
    "seat_order",
    "writes_whole_numbers",
]

if TYPE_CHECKING:
    from paifu.rank_points.schemes import (
        EMA,
        JPML,
        MAHJONGSOUL,
        MAJIANG,
        MAJIANG_INTEGER,
        MLEAGUE,
        QDAN,
        QDAN_RANKING,
        RON2_SANMA,
        TENHOU,
        TENHOU_INTEGER,
        TENHOU_SANMA,
        WRC,
    )


def __getattr__(name: str) -> Any:
    """A named scheme (``TENHOU``), made when first asked for (``paifu.rank_points.schemes``)."""
    if name in schemes.NAMED:
        return getattr(schemes, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
