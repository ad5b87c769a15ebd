"""Scoring: what a win is worth (``valuation``) and who pays whom (``payments``)."""

from __future__ import annotations

from paifu.scoring.payments import (
    abortive_deltas,
    liable_seat,
    nagashi_deltas,
    noten_deltas,
    pao_multiple,
    ron_deltas,
    tsumo_deltas,
)
from paifu.scoring.valuation import value_win
from paifu.scoring.values import LIMIT_NAMES, Valuation, WinContext, base_points, shares

__all__ = [
    "LIMIT_NAMES",
    "Valuation",
    "WinContext",
    "abortive_deltas",
    "base_points",
    "liable_seat",
    "nagashi_deltas",
    "noten_deltas",
    "pao_multiple",
    "ron_deltas",
    "shares",
    "tsumo_deltas",
    "value_win",
]
