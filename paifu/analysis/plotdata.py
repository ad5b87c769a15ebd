"""What the report's plots need of every seat, in memory that does not grow with the number of games.

The HTML report draws rank-point curves (per player, over their own games) and the rank-point
distribution of every seat. Keeping each seat's row for that would grow with the games; here a
curve keeps at most ``CURVE_POINTS`` points (every ``stride``-th game of the player, the stride
doubling when it fills up, plus the latest game) and the distribution is a count per
(placement, rank points) value. Both are fed seats in input order by ``paifu.analysis.stream.ReportSink``
on one process, so a run on workers draws exactly what the serial run draws.
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from paifu.analysis.spill import SpillMap

#: points a curve keeps at most (before the last game's): enough for a plot ~700 pixels wide
CURVE_POINTS = 512
#: curves a ``CurveStore`` keeps as objects (the most recently fed), and in memory at most (the others
#: packed, about 60 bytes for a player of a few games); past that, on disk (``paifu.analysis.spill``)
LIVE_CURVES = 256
MEMORY_CURVES = 1024


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


def pack_curve(c: Curve) -> bytes:
    """``c`` as bytes, exactly (floats keep their bits)."""
    return marshal.dumps((c.games, c.total, c.stride, c.xs, c.ys))


def unpack_curve(data: bytes) -> Curve:
    games, total, stride, xs, ys = marshal.loads(data)
    return Curve(games, total, stride, xs, ys)


class CurveStore(SpillMap[Curve]):
    """Every table's curves, by (table key, player), in bounded memory: ``LIVE_CURVES`` as objects,
    ``MEMORY_CURVES`` in memory at most (None: no limit), the rest on disk."""

    def __init__(self, live: int | None = None, memory: int | None = None) -> None:
        super().__init__(pack_curve, unpack_curve, max(LIVE_CURVES if live is None else live, 1), memory)


class TableCurves(Mapping[str, Curve]):
    """One table's curves of a ``CurveStore``, by player."""

    def __init__(self, store: CurveStore, key: Any) -> None:
        self.store, self.key = store, key

    def __getitem__(self, player: str) -> Curve:
        return self.store[(self.key, player)]

    def __contains__(self, player: object) -> bool:
        return (self.key, player) in self.store

    def __iter__(self) -> Iterator[str]:
        return (name for key, name in self.store if key == self.key)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def use(self, player: str) -> Curve:
        return self.store.use((self.key, player), Curve)


@dataclass
class PlotData:
    """Rank-point curves per named player and the (placement, points) counts of every ranked seat."""

    curves: dict[str, Curve] | TableCurves = field(default_factory=dict)
    points: Counter[tuple[int, float]] = field(default_factory=Counter)

    def add_seat(self, player: str, placement: int | None, points: float | None) -> None:
        """One seat of one game, in input order (seats without rank points are not drawn)."""
        if points is None:
            return
        if str(player).strip():
            curves = self.curves
            curve = (
                curves.use(player) if isinstance(curves, TableCurves) else curves.setdefault(player, Curve())
            )
            curve.add(float(points))
        if placement is not None:
            self.points[(int(placement), float(points))] += 1
