"""What a record states of each seat's standing when the game starts: a rating, a rank level, rank
points and their change, read by one small function per platform.

The rank curves (``paifu.analysis.rating.rating_history``) are re-anchored on these stated values
at every record: a player's curve between two records is the first record's stated value plus what
that game changed, and where that misses the next record's stated value a game the records do not
hold came between them, which the curve marks as a gap instead of drifting.

A platform's reader takes the record's header facts (``GameResult.meta``, from the reader's
``GameStart.meta``), a seat and the number of players, and returns a ``StatedRank`` or None.
``READERS`` are asked in turn; the first answer counts. Tenhou's (``tenhou_rank``) reads ``rate``
and ``dan`` (``UN``'s attributes). Another platform's reader is one more function in ``READERS``:
Mahjong Soul's records state each seat's rank level and its rank points (段位点) with the game's
change, which its record reader writes into the meta (``mahjongsoul_rank`` below reads those keys).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from paifu.formats.tenhou_ranks import DAN_NAMES, DAN_NUMBERS


@dataclass(frozen=True)
class StatedRank:
    """One seat's standing as its record states it at the game's start (None: not stated)."""

    rate: float | None = None  # a rating: Tenhou's R
    level: int | None = None  # the platform's rank as an index (Tenhou: 0 新人 .. 10 初段 .. 20 天鳳位)
    level_name: str | None = None  # the rank as the platform names it
    points: float | None = None  # rank points held at the start (Mahjong Soul's 段位点)
    change: float | None = None  # the rank-point change this game made, where the record states it

    @property
    def empty(self) -> bool:
        return self == StatedRank()


RankReader = Callable[[Mapping[str, object], int, int], "StatedRank | None"]


def _number(v: object) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        return None
    try:
        x = float(v)
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def _at(values: object, i: int) -> object:
    return values[i] if isinstance(values, (tuple, list)) and 0 <= i < len(values) else None


def tenhou_dan(value: object) -> int | None:
    """A dan a Tenhou record states, as Tenhou's index (a number, or the name tenhou.net/6 writes:
    ``paifu.formats.tenhou_ranks``, its kyu spelled either way)."""
    if isinstance(value, str) and value in DAN_NUMBERS:
        return DAN_NUMBERS[value]
    x = _number(value)
    return int(x) if x is not None and x == int(x) and 0 <= x < len(DAN_NAMES) else None


def tenhou_rank(meta: Mapping[str, object], seat: int, players: int) -> StatedRank | None:
    """Tenhou's ``UN``: every seat's R (``rate``) and dan (``dan``); None when neither is stated."""
    rates, dans = meta.get("rate"), meta.get("dan")
    if not isinstance(rates, (tuple, list)) and not isinstance(dans, (tuple, list)):
        return None
    every = [_number(v) for v in rates] if isinstance(rates, (tuple, list)) and len(rates) == players else []
    # a rating is stated only with every seat's (its change needs the table's average)
    rate = every[seat] if every and all(v is not None for v in every) else None
    dan = tenhou_dan(_at(dans, seat))
    if rate is None and dan is None:
        return None
    return StatedRank(rate=rate, level=dan, level_name=DAN_NAMES[dan] if dan is not None else None)


def mahjongsoul_rank(meta: Mapping[str, object], seat: int, players: int) -> StatedRank | None:
    """Mahjong Soul: each seat's rank level and rank points (段位点) at the start, and the change the
    game made (the ``grading_score`` its records carry), as its reader states them in the meta:
    ``rank_level`` (the level id), ``rank_level_name``, ``rank_points`` and ``rank_points_change``,
    one value per seat. The level's table (its start and promotion points, the room's bonus, the
    fourth place's loss by level) is the Mahjong Soul rank-point scheme's, not this reader's."""
    levels = meta.get("rank_level")
    points = meta.get("rank_points")
    if not isinstance(levels, (tuple, list)) and not isinstance(points, (tuple, list)):
        return None
    level = _number(_at(levels, seat))
    name = _at(meta.get("rank_level_name"), seat)
    got = StatedRank(
        level=int(level) if level is not None and level == int(level) else None,
        level_name=name if isinstance(name, str) else None,
        points=_number(_at(points, seat)),
        change=_number(_at(meta.get("rank_points_change"), seat)),
    )
    return None if got.empty else got


#: asked in turn; the first that answers is the record's statement
READERS: list[RankReader] = [tenhou_rank, mahjongsoul_rank]


def stated_rank(meta: Mapping[str, object], seat: int, players: int) -> StatedRank | None:
    """What the record states of ``seat``'s standing, by the first reader that answers."""
    for reader in READERS:
        got = reader(meta, seat, players)
        if got is not None:
            return got
    return None


def stated_rates(meta: Mapping[str, object], players: int) -> tuple[float, ...] | None:
    """Every seat's stated rating (a rating change needs the table's), or None unless all are stated."""
    rates = [stated_rank(meta, s, players) for s in range(players)]
    out = tuple(r.rate for r in rates if r is not None and r.rate is not None)
    return out if len(out) == players else None


def standings_now(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (player, players, platform): the latest stated R and dan (``current_*``) and the highest
    the records state (``peak_*``), with the games those come from, and the rank the dan points
    give after the last game where the records allow them (``docs/statistics.md``)."""
    out: dict[tuple[str, int, str], dict[str, Any]] = {}
    for row in rows:
        key = (row["player"], row["players"], row["platform"])
        s = out.setdefault(
            key,
            {
                "player": key[0],
                "players": key[1],
                "platform": key[2],
                "games": 0,
                "gaps": 0,
                "peak_rate": None,
                "peak_rate_game": None,
                "peak_dan": None,
                "peak_dan_game": None,
            },
        )
        s["games"] += 1
        s["gaps"] += bool(row["gap"]) or bool(row["points_gap"])
        s["current_rate"], s["current_dan"], s["current_game"] = (
            row["stated_rate"],
            row["stated_dan"],
            row["game_id"],
        )
        s["current_dan_name"] = row["dan_name"]
        s["current_points"] = row["points_after"] if row["points_after"] is not None else row["stated_points"]
        s["rate_after_last"] = row["after"]
        s["dan_after_last"] = row["implied_dan"]
        if row["stated_rate"] is not None and (s["peak_rate"] is None or row["stated_rate"] > s["peak_rate"]):
            s["peak_rate"], s["peak_rate_game"] = row["stated_rate"], row["game_id"]
        if row["stated_dan"] is not None and (s["peak_dan"] is None or row["stated_dan"] > s["peak_dan"]):
            s["peak_dan"], s["peak_dan_game"] = row["stated_dan"], row["game_id"]
            s["peak_dan_name"] = row["dan_name"]
    return list(out.values())
