"""The league table of a report's counters: per table key, every player's total and average rank
points, games and placements, ranked; whole (``league_frame``) or its first rows only (``league_top``),
read one player's counters at a time so a table of many players is never held to print its top."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pandas as pd

from paifu.analysis.stats import PlayerCounters
from paifu.analysis.tables import TableKey, by_key
from paifu.analysis.tabletypes import LEAGUE


def league_frame(
    counters: Mapping[tuple[TableKey, str], PlayerCounters], only: TableKey | None = None
) -> pd.DataFrame:
    """The league table: per table key, every player's total and average rank points under the
    report's scheme (ties and their split are the scheme's), games, ranked games, placements
    (``placement_1`` .. ``placement_4``: games finished there; NA past a table's size) and average
    placement, sorted by total (then average, then name). ``rank``: 1 for the top total, tied
    totals share the better rank. Totals are the exact sums of the games' points."""
    cols: dict[str, list[object]] = {col: [] for col in LEAGUE}
    for key in by_key({k for k, _ in counters if only is None or k == only}):
        _league_rows(key, sorted(_league_players(counters, key), key=lambda row: row[:3]), cols)
    return _league_table(cols)


def league_top(
    counters: Mapping[tuple[TableKey, str], PlayerCounters], key: TableKey, rows: int
) -> tuple[pd.DataFrame, int]:
    """The first ``rows`` rows of ``league_frame(counters, key)`` and how many rows it has, holding
    only those rows (the ranks of the first rows need no later row)."""
    import heapq

    seen = 0

    def counted() -> Iterator[_LeagueRow]:
        nonlocal seen
        for row in _league_players(counters, key):
            seen += 1
            yield row

    cols: dict[str, list[object]] = {col: [] for col in LEAGUE}
    _league_rows(key, heapq.nsmallest(max(rows, 0), counted(), key=lambda row: row[:3]), cols)
    if rows <= 0:
        seen = sum(1 for _ in _league_players(counters, key))
    return _league_table(cols), seen


_LeagueRow = tuple[float, float, str, int, int, int, "float | None", "float | None", list["int | None"]]


def _league_players(
    counters: Mapping[tuple[TableKey, str], PlayerCounters], key: TableKey
) -> Iterator[_LeagueRow]:
    """One table's players as league rows, one player's counters at a time (they may be held packed)."""
    ordered = getattr(counters, "names_in_order", None)
    keys = ordered(key) if ordered is not None else (k for k in counters if k[0] == key)
    for k, name in keys:
        c = counters[(k, name)]
        points = c.rank_points.mean
        places = [c.placements.get(p, 0) if p <= key.players else None for p in range(1, 5)]
        yield (
            -_total(c),
            -(points if points is not None else float("-inf")),
            name,
            c.games,
            c.ranked_games,
            c.rank_points.n,
            points,
            c.placement.mean,
            places,
        )


def _league_rows(key: TableKey, players: list[_LeagueRow], cols: dict[str, list[object]]) -> None:
    """Sorted league rows of one table into ``cols``, ranked."""
    rank, last = 0, None
    columns = key.columns()
    for i, (minus_total, _, name, games, ranked, rated, points, placement, places) in enumerate(players):
        total = -minus_total
        if last is None or total != last:
            rank, last = i + 1, total
        row: dict[str, object] = {
            **columns,
            "rank": rank,
            "player": name,
            "games": games,
            "ranked_games": ranked,
            "total_points": total if rated else None,
            "avg_points": points,
            "avg_placement": placement,
        }
        for place in range(1, 5):
            row[f"placement_{place}"] = places[place - 1]
        for col in LEAGUE:
            cols[col].append(row.get(col))


def _league_table(cols: dict[str, list[object]]) -> pd.DataFrame:
    return pd.DataFrame({col: pd.array(cols[col], dtype=dtype) for col, dtype in LEAGUE.items()})  # type: ignore[call-overload]


def _total(c: PlayerCounters) -> float:
    """A player's rank points summed exactly (cut to 12 places: one decimal per game, no float noise)."""
    return round(float(c.rank_points.exact_total), 12)
