"""Rates and means with their 95% intervals (``Estimate``), and where stats sites count differently,
each site's choice (``Convention``), and the stable dan's estimate from a lobby's placements.
``paifu.analysis.stats`` divides the counters with these."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from paifu.analysis.counters import Z95, Moments, PlayerCounters
from paifu.analysis.dan import DAN_POINTS, stable_dan
from paifu.analysis.rating import LOBBIES

#: fewer values than this give a mean no interval: a normal interval from 2..9 games is not honest
MIN_SAMPLE = 10


# ---------------------------------------------------------------------- rates
@dataclass(frozen=True)
class Estimate:
    """A rate or mean with its interval; ``value`` is None (NA) when undefined."""

    value: float | None
    low: float | None
    high: float | None
    numerator: float
    denominator: int


def wilson(k: int, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for k successes in n trials (NA when n = 0)."""
    if n <= 0:
        return Estimate(None, None, None, k, n)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), k, n)


def mean(m: Moments, z: float = Z95, bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean and its normal interval, clipped to ``bounds`` (what the quantity can be: a placement
    is 1..players); an interval needs ``MIN_SAMPLE`` values, fewer say nothing about the player."""
    low, high = m.interval(z) if m.n >= MIN_SAMPLE else (None, None)
    if bounds is not None and low is not None and high is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Estimate(m.mean, low, high, m.total, m.n)


def per_hand(m: Moments, hands: int) -> Estimate:
    """One part of the win efficiency: average value x rate = value summed over all hands / hands
    (0, not NA, for a player who never won or never dealt in); no interval of its own."""
    return Estimate(m.total / hands if hands else None, None, None, m.total, hands)


#: where stats sites count differently, the choice each makes (``rates(..., convention=)``): the
#: value of a win and of a deal-in (the hand's value before honba and sticks, or the points that
#: changed hands), the turn (the player's own draws and discards, or the whole table's discards over
#: the players + 1), the dealer's starting hand (13 dealt tiles, or with the first draw) and what
#: bombs a dealer (a tsumo valued mangan or more, or one whose winner received 8,000 or more)
@dataclass(frozen=True)
class Convention:
    name: str
    win_value: str = "hand"  # "hand" | "received"
    turns: str = "own"  # "own" | "table"
    dealer_shanten: str = "deal"  # "deal" | "first-draw"
    bomb: str = "limit"  # "limit" | "received"


CONVENTIONS = {
    "paifu": Convention("paifu"),
    # amae-koromo (Mahjong Soul): 和了点数 = delta_scores - (liqi ? 1000 : 0), 放铳 = |delta|, 巡数 =
    # numDiscarded / numPlayers + 1, 起手向听 of the dealer's 14 tiles, 被炸 = a tsumo 和[0] >= 8000
    "amae-koromo": Convention("amae-koromo", "received", "table", "first-draw", "received"),
}


def convention_of(name: str | Convention) -> Convention:
    if isinstance(name, Convention):
        return name
    try:
        return CONVENTIONS[name]
    except KeyError:
        raise ValueError(f"convention {name!r}: one of {', '.join(CONVENTIONS)}") from None


def stable_dan_estimate(c: PlayerCounters, lobby: str | None, num_players: int = 4) -> Estimate:
    """The stable dan of a lobby's placements with a 95% interval by the delta method (the dan is a
    smooth function of the placement shares, whose covariance is the multinomial's); NA without a
    fourth place, outside the four-player Tenhou table, and (the interval) under ``MIN_SAMPLE``
    games. ``denominator``: the lobby's ranked games."""
    if not lobby or num_players != 4:
        return Estimate(None, None, None, 0, 0)
    dist = lobby_distribution(c, lobby)
    n = sum(dist.values())
    dan = stable_dan(dist, lobby)
    if dan is None or n == 0:
        return Estimate(None, None, None, dist.get(1, 0), n)
    first, second = DAN_POINTS[(4, lobby)]
    p = {k: v / n for k, v in dist.items()}
    p4 = p[4]
    grad = {
        1: first / (15 * p4),
        2: second / (15 * p4),
        3: 0.0,
        4: -(first * p[1] + second * p[2]) / (15 * p4 * p4),
    }
    mean_g = sum(grad[k] * p[k] for k in grad)
    var = max(0.0, (sum(grad[k] ** 2 * p[k] for k in grad) - mean_g**2) / n)
    if n < MIN_SAMPLE:
        return Estimate(dan, None, None, dist.get(1, 0), n)
    half = Z95 * math.sqrt(var)
    return Estimate(dan, dan - half, dan + half, dist.get(1, 0), n)


def main_lobby(c: PlayerCounters) -> str | None:
    """The four-player Tenhou lobby the player ranked most games in (ties: the higher lobby)."""
    games: Counter[str] = Counter()
    for key, k in c.lobby_placements.items():
        games[key.split(":")[0]] += k
    levels = list(LOBBIES.values())  # low to high
    return max(games, key=lambda lobby: (games[lobby], levels.index(lobby)), default=None)


def lobby_distribution(c: PlayerCounters, lobby: str) -> dict[int, int]:
    return {p: c.lobby_placements.get(f"{lobby}:{p}", 0) for p in range(1, 5)}
