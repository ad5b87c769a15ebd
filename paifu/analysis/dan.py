"""Tenhou's dan points (段位ポイント) and stable dan (安定段位), where the records allow them.

The four-player table (south games; an east game moves 2/3 of every amount): a 1st and 2nd place
win points by lobby, 一般 30/15, 上級 60/15, 特上 75/30, 鳳凰 90/45; a 3rd place moves nothing; a 4th
place costs 15 x d + 30 at dan d (初段 d = 1: 45 .. 十段: 180), 15 at 2級 and 30 at 1級, nothing
below. Each dan from 初段 starts at 200 x d and is passed at 400 x d; the kyu ranks start at 0 and
are passed at 20 (新人 to 7級), 40, 60, 80 (6級 to 4級) and 100 (3級 to 1級). A promotion sets the
points to the new rank's start; points below 0 from 初段 up drop a rank (nobody drops below 1級;
what a kyu rank's points do below 0 no source says).
Sources: mahjong-dora2.com/game/02-07.html (the 初段 to 十段 table), /02-11.html (the kyu ranks),
doramahjong.org/osusume/02/0012.html (east games move about 2/3), riichi.wiki "Tenhou.net ranking"
(a promotion sets the base points; below zero drops a rank).

The records state each player's dan at every game's start but never the points, so points are
known only from a promotion the records show between two games no game came between (their R
agree, ``paifu.analysis.rating``): the new rank's start. From there they follow game by game while each
next pair's R agree; a demotion's new points are in none of those sources, so the chain stops
there. ``docs/statistics.md`` says what the corpus allows.

Three-player games: Tenhou's three-player table was not found in any source we hold (searched:
the docs and pages corpora, Japanese and English), so neither their dan points nor their stable
dan are computed (``DAN_POINTS`` has no 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: a 1st and 2nd place's points by (players, lobby), south games
DAN_POINTS = {
    (4, "ippan"): (30, 15),
    (4, "joukyuu"): (60, 15),
    (4, "tokujou"): (75, 30),
    (4, "houou"): (90, 45),
}
SHODAN = 10  # Tenhou's dan index of 初段 (0 新人 .. 9 1級, 10 初段 .. 19 十段, 20 天鳳位)
TENHOUI = 20
_KYU_TARGETS = (20, 20, 20, 20, 40, 60, 80, 100, 100, 100)  # 新人, 9級 .. 1級


def start_points(dan: int) -> int:
    """The points a rank starts at (after a promotion)."""
    return 200 * (dan - SHODAN + 1) if dan >= SHODAN else 0


def target_points(dan: int) -> int:
    """The points that promote from this rank."""
    return 400 * (dan - SHODAN + 1) if dan >= SHODAN else _KYU_TARGETS[dan]


def fourth_loss(dan: int) -> int:
    """A 4th place's cost at this rank, south games."""
    if dan >= SHODAN:
        return 15 * (dan - SHODAN + 1) + 30
    return {8: 15, 9: 30}.get(dan, 0)  # 2級, 1級


def points_change(placement: int, dan: int, lobby: str, south: bool, players: int = 4) -> int | None:
    """One game's dan points (None: a lobby or table size without a known table)."""
    table = DAN_POINTS.get((players, lobby))
    if table is None or not 1 <= placement <= players:
        return None
    south_value = (*table, 0, -fourth_loss(dan))[placement - 1]
    return south_value if south else south_value * 2 // 3  # every amount is a multiple of 3


def stable_dan(placements: Mapping[int, int], lobby: str | None, players: int = 4) -> float | None:
    """The dan a placement distribution keeps in a lobby (安定段位): the ``d`` where the expected dan
    points are zero, ``p1 x first + p2 x second = p4 x (15 d + 30)`` (the same ``d`` in east games,
    which move 2/3 of each amount); None without a last place or for a lobby without a table."""
    points = DAN_POINTS.get((players, lobby or ""))
    last = placements.get(players, 0)
    if points is None or not last:
        return None
    first, second = points
    return ((first * placements.get(1, 0) + second * placements.get(2, 0)) / last - 30) / 15


def add_dan_points(rows: list[dict[str, Any]]) -> None:
    """Add to ``paifu.analysis.rating.rating_history`` rows (one player's games in date order, per table
    size) the dan points where the records allow them: ``dan_points`` (at the game's start),
    ``implied_dan`` and ``dan_points_after`` (the rank and points the game's placement gives) and
    ``dan_agrees`` (the next record states that rank; None without a next record or points)."""
    prev: dict[str, Any] | None = None
    for row in rows:
        same = prev is not None and _group(prev) == _group(row)
        points: int | None = None
        if same and prev is not None and prev["agrees"]:  # no game between the two records
            if prev["dan_points_after"] is not None and prev["implied_dan"] == row["stated_dan"]:
                points = prev["dan_points_after"]
            elif _promoted(prev["stated_dan"], row["stated_dan"]):
                points = start_points(row["stated_dan"])
        row["dan_points"] = points
        row["implied_dan"], row["dan_points_after"] = _after(row, points)
        if same and prev is not None and prev["implied_dan"] is not None:
            prev["dan_agrees"] = prev["implied_dan"] == row["stated_dan"]
        row["dan_agrees"] = None
        prev = row


def _group(row: dict[str, Any]) -> tuple[object, ...]:
    """One player's curve: per table size and platform."""
    return (row["player"], row["players"], row.get("platform"))


def _promoted(before: int | None, after: int | None) -> bool:
    return before is not None and after is not None and after == before + 1


def _after(row: dict[str, Any], points: int | None) -> tuple[int | None, int | None]:
    """The rank and points after the game (points None after a demotion or at 天鳳位)."""
    dan = row["stated_dan"]
    south = row.get("south")
    if points is None or dan is None or south is None or dan >= TENHOUI:
        return None, None
    change = points_change(row["placement"], dan, row["lobby"] or "", south, row["players"])
    if change is None:
        return None, None
    points += change
    if points >= target_points(dan):
        return dan + 1, (start_points(dan + 1) if dan + 1 < TENHOUI else None)
    if points < 0:  # a demotion (from 初段 up), or a kyu rank's floor: no source states the points
        return (dan - 1 if dan >= SHODAN else dan), None
    return dan, points
