"""What the report's plots need of every seat, in memory that does not grow with the number of games.

The HTML report draws rank-point curves (per player, over their own games) and the rank-point
distribution of every seat. Keeping each seat's row for that would grow with the games; here a
curve keeps at most ``CURVE_POINTS`` points (every ``stride``-th game of the player, the stride
doubling when it fills up, plus the latest game) and the distribution is a count per
(placement, rank points) value. Both are fed seats in input order by ``paifu.analysis.stream.ReportSink``
on one process, so a run on workers draws exactly what the serial run draws.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

#: points a curve keeps at most (before the last game's): enough for a plot ~700 pixels wide
CURVE_POINTS = 512


@dataclass(slots=True)  # one per player and table: kept small
class Curve:
    """A player's cumulative rank points at every ``stride``-th of their games (1-based), and the last."""

    games: int = 0
    total: float = 0.0
    stride: int = 1
    xs: list[int] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)

    def add(self, points: float) -> None:
        self.games += 1
        self.total += points
        if self.games % self.stride:
            return
        self.xs.append(self.games)
        self.ys.append(self.total)
        if len(self.xs) > CURVE_POINTS:  # thin to every other kept point: memory stays bounded
            self.stride *= 2
            keep = [i for i, x in enumerate(self.xs) if x % self.stride == 0]
            self.xs = [self.xs[i] for i in keep]
            self.ys = [self.ys[i] for i in keep]

    def series(self) -> tuple[list[int], list[float]]:
        """The points to draw: the kept ones and the latest game (so the curve ends at the total)."""
        if self.xs and self.xs[-1] == self.games:
            return list(self.xs), list(self.ys)
        return [*self.xs, self.games], [*self.ys, self.total]


@dataclass
class PlotData:
    """Rank-point curves per named player and the (placement, points) counts of every ranked seat."""

    curves: dict[str, Curve] = field(default_factory=dict)
    points: Counter[tuple[int, float]] = field(default_factory=Counter)

    def add_seat(self, player: str, placement: int | None, points: float | None) -> None:
        """One seat of one game, in input order (seats without rank points are not drawn)."""
        if points is None:
            return
        if str(player).strip():
            curve = self.curves.get(player)
            if curve is None:
                curve = self.curves[player] = Curve()
            curve.add(float(points))
        if placement is not None:
            self.points[(int(placement), float(points))] += 1
