"""Tenhou's rating (R) recomputed game by game from the records (dan points: ``paifu.analysis.dan``).

Tenhou publishes the rating change of one game as

    change = games factor x (placement base + (table average R - own R) / 40)

with the placement base +30/+10/-10/-30 (four players) or +30/0/-30 (three), the table average
taken over every seat (the player's own R too), and the games factor 1 - 0.002 x (games played
before) below 400 games, 0.2 from then on; four- and three-player games are rated apart.

Every Tenhou XML game states each seat's R and dan at its start (``UN rate`` and ``dan``), so the
records are the referee: R after one game must be the R the player's next game states, unless a
game between them is not among the records. Log ids name only the hour a game started; games of
one player in the same hour are put in the order their stated R chain (``order_games``).
``docs/statistics.md`` gives what the shared corpus shows.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from paifu.analysis.dan import add_dan_points
from paifu.analysis.ranks import DAN_NAMES, StatedRank, stated_rank, stated_rates
from paifu.engine.results import GameResult

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DAN_NAMES",
    "GAP_TOLERANCE",
    "RatedSeat",
    "rated_seats",
    "rating_change",
    "rating_history",
]

PLACEMENT_BASE = {4: (30, 10, -10, -30), 3: (30, 0, -30)}
TOLERANCE = 0.01  # the records state R to two decimals
#: a curve re-anchored on each record meets the next record's stated R within this, or marks a gap
#: (two stated values, each cut to two decimals, can miss by just over 0.01: docs/statistics.md)
GAP_TOLERANCE = 0.02
_HOUR = re.compile(r"^(20\d{8})gm-")
#: a Tenhou lobby's level from its GO type (bits 0x80 and 0x20); bit 0x08: a south game
LOBBIES = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}
_SOUTH = 0x08
#: a date a record states in its own words (``2017/01/01 12:34``, ``2017-01-01``), for the ones
#: whose id is no Tenhou log id
_STATED_DATE = re.compile(r"(20\d\d)[/-](\d\d)[/-](\d\d)(?:[ T](\d\d))?")
#: Unix time 0 on Japan's clock, and the first second of year 10000 (a later stated time is no date)
_EPOCH_JST = dt.datetime(1970, 1, 1, 9)
_LAST_UNIX_TIME = 253402300800 - 9 * 3600


def tenhou_lobby(go_type: object) -> str | None:
    """The lobby level a GO type names (None for a type that is not a plain int)."""
    return LOBBIES[go_type & 0xA0] if isinstance(go_type, int) else None


def games_factor(games_before: int | None) -> float:
    """0.2 from 400 games (None: a player whose count is unknown is taken as past 400)."""
    return 0.2 if games_before is None or games_before >= 400 else 1 - 0.002 * games_before


def rating_change(
    placement: int, own: float, table: Iterable[float], games_before: int | None = None
) -> float:
    """Tenhou's R change of one game (``table``: every seat's R, the player's own included)."""
    rates = list(table)
    base = PLACEMENT_BASE[len(rates)][placement - 1]
    return games_factor(games_before) * (base + (sum(rates) / len(rates) - own) / 40)


@dataclass(frozen=True, slots=True)  # one per rated seat of a run: kept small
class RatedSeat:
    """One player's seat in one game whose record states the player's standing (a rating, a rank,
    rank points): what the curves need, as the record states it."""

    player: str
    game_id: str
    hour: str  # YYYYMMDDHH from the log id (or the date the record states)
    seat: int
    placement: int
    rate: float | None  # stated at the game's start (Tenhou's R); None where the record states none
    dan: int | None
    table: tuple[float, ...]  # every seat's stated R (empty when not all are stated)
    lobby: str | None
    south: bool | None = None  # a south game (dan points move 3/2 of an east game's); None: unknown
    platform: str = "tenhou"
    players_at_table: int = 0  # the table's size (0: ``len(table)``)
    points: float | None = None  # the game's rank points under the report's scheme
    #: what the record states beyond R and dan (rank points: ``paifu.analysis.ranks``); None: nothing more
    stated: StatedRank | None = None

    @property
    def players(self) -> int:
        return self.players_at_table or len(self.table)


def rated_seats(
    result: GameResult,
    placements: tuple[int, ...] | None,
    only: str | None = None,
    points: Sequence[float | None] | None = None,
    platform: str = "tenhou",
) -> list[RatedSeat]:
    """The seats of a complete game whose record states the player's standing (Tenhou XML: R and
    dan; another platform: what its reader in ``paifu.analysis.ranks.READERS`` finds), named
    players only (``only``: that player's seat alone, matched ignoring case as ``paifu report
    --player``). ``points``: the game's rank points per seat under the report's scheme."""
    meta = dict(result.meta)
    n = len(result.players)
    hour = game_hour(result.game_id, meta)
    if placements is None or hour is None:
        return []
    from paifu.analysis.counters import is_player_name

    rates = stated_rates(meta, n) or ()
    go = meta.get("tenhou_go_type")
    lobby, south = tenhou_lobby(go), bool(go & _SOUTH) if isinstance(go, int) else None
    out = []
    for s, name in enumerate(result.players):
        if not is_player_name(name) or (only is not None and name.casefold() != only.casefold()):
            continue
        stated = stated_rank(meta, s, n)
        if stated is None:
            continue
        rate = stated.rate if rates else None
        pts = points[s] if points is not None and s < len(points) else None
        out.append(
            RatedSeat(
                sys.intern(name),  # one copy of a player's name and of an hour however many games
                result.game_id,
                sys.intern(hour),
                s,
                placements[s],
                rate,
                stated.level,
                rates,
                lobby,
                south,
                platform,
                n,
                pts,
                stated if stated.points is not None or stated.change is not None else None,
            )
        )
    return out


def game_hour(game_id: object, meta: Mapping[str, Any]) -> str | None:
    """The hour a game started, YYYYMMDDHH: the one its Tenhou log id names (``2017010102gm-...``),
    else the Unix time its header states (Mahjong Soul's ``start_time``), else a date its record
    states in words (a tenhou.net/6 ``title``, a ``date``; hour 00 when it names none). Unix times
    are read on Japan's clock (UTC+9), the clock Tenhou's log ids name, so one run's games of both
    platforms are on one clock."""
    m = _HOUR.match(str(game_id or ""))
    if m:
        return m[1]
    start = meta.get("start_time")
    if isinstance(start, int) and not isinstance(start, bool) and 0 < start < _LAST_UNIX_TIME:
        return (_EPOCH_JST + dt.timedelta(seconds=start)).strftime("%Y%m%d%H")
    for key in ("date", "title"):
        value = meta.get(key)
        texts = value if isinstance(value, (tuple, list)) else (value,)
        for text in texts:
            d = _STATED_DATE.search(text) if isinstance(text, str) else None
            if d:
                return f"{d[1]}{d[2]}{d[3]}{d[4] or '00'}"
    return None


def order_games(seats: Iterable[RatedSeat], first: int | None = None) -> list[RatedSeat]:
    """One player's games in date order; within one hour (the log ids say no more) the order in which
    the most stated R follow from the one before, then the closest (ties: by log id). ``first``:
    games played before the first record (None: 400 or more)."""
    ordered: list[RatedSeat] = []
    by_hour: dict[str, list[RatedSeat]] = {}
    for s in sorted(seats, key=lambda s: (s.hour, s.game_id)):
        by_hour.setdefault(s.hour, []).append(s)
    for hour in sorted(by_hour):
        group = by_hour[hour]
        if len(group) > 6:  # 720 orders; no one plays seven games in an hour: keep the ids' order
            ordered += group
            continue
        prev, start = ordered[-1:], len(ordered) - min(1, len(ordered))
        orders = itertools.permutations(group)
        ordered += max(orders, key=lambda o: _order_fit([*prev, *o], start, first))  # ties: ids' order
    return ordered


def _order_fit(seq: list[RatedSeat], start: int, first: int | None) -> tuple[int, float]:
    """How well ``seq`` (its first game the ``start``-th record) chains: pairs agreeing, then the
    smallest total miss."""
    misses = [_residual(a, b, _count(first, start + i)) for i, (a, b) in enumerate(itertools.pairwise(seq))]
    return sum(_agree(m) for m in misses), -sum(misses)


def _count(first: int | None, i: int) -> int | None:
    return None if first is None else first + i


def _residual(a: RatedSeat, b: RatedSeat, games_before: int | None) -> float:
    """How far ``b``'s stated R is from ``a``'s stated R plus ``a``'s change (infinite when either
    states none: no pair can agree then)."""
    if a.rate is None or b.rate is None or not a.table:
        return math.inf
    return abs(a.rate + rating_change(a.placement, a.rate, a.table, games_before) - b.rate)


def _agree(residual: float) -> bool:
    return residual <= TOLERANCE + 1e-9


def fit_games_before(games: list[RatedSeat]) -> int | None:
    """The games played before the first record that makes the most consecutive R agree, counting
    one more game per record (None, "400 or more", unless a count under 400 agrees strictly more)."""

    def agreeing(first: int | None) -> int:
        pairs = enumerate(itertools.pairwise(games))
        return sum(_agree(_residual(a, b, _count(first, i))) for i, (a, b) in pairs)

    best, best_n = None, agreeing(None)
    for first in range(400):
        n = agreeing(first)
        if n > best_n:
            best, best_n = first, n
    return best


def rating_history(
    seats: Iterable[RatedSeat],
    games_before: Mapping[tuple[str, int], int | None] | None = None,
    fit: bool = True,
) -> list[dict[str, Any]]:
    """Rows in date order per (player, players, platform): the stated R and dan, the R recomputed
    from the first record's stated R (``recomputed``, before the game; it drifts after a game the
    records do not hold), the R one game's change gives from the game's stated R (``after``) and
    whether the next record states it (``agrees``, None for the last).

    The curve a person reads is re-anchored on every record: ``anchored`` is the R the previous
    record's stated R and its game's change give for this game's start, and ``gap`` says that it
    misses this game's stated R by more than ``GAP_TOLERANCE`` (a game between them is not among
    the records), so the curve breaks there instead of drifting. Records that state rank points
    (``stated_points``, ``stated_change``) are re-anchored the same way (``points_anchored``,
    ``points_gap``). ``rank_points``/``cumulative_points``: the report's rank points of the game
    and their running total. ``games_before``: (player, players) -> games played before the first
    record (else fitted)."""
    groups: dict[tuple[str, int, str], list[RatedSeat]] = {}
    for s in seats:
        groups.setdefault((s.player, s.players, s.platform), []).append(s)
    return [row for key in sorted(groups) for row in group_history(key, groups[key], games_before, fit)]


def group_history(
    key: tuple[str, int, str],
    seats: Sequence[RatedSeat],
    games_before: Mapping[tuple[str, int], int | None] | None = None,
    fit: bool = True,
) -> list[dict[str, Any]]:
    """``rating_history`` of one (player, players, platform): its seats in input order. The rows of
    one group depend on that group's seats alone, so the groups in key order are the whole history."""
    rows: list[dict[str, Any]] = []
    if seats:
        games = order_games(seats)
        known = games_before or {}
        rated = any(g.rate is not None and g.table for g in games)
        first = known[key[:2]] if key[:2] in known else fit_games_before(games) if fit and rated else None
        if first is not None:
            games = order_games(games, first)
        r = games[0].rate
        prev: dict[str, Any] | None = None
        total = 0.0
        for i, g in enumerate(games):
            count = None if first is None else first + i
            after = (
                g.rate + rating_change(g.placement, g.rate, g.table, count)
                if g.rate is not None and g.table
                else None
            )
            nxt = games[i + 1].rate if i + 1 < len(games) else None
            named = (
                DAN_NAMES[g.dan]
                if g.platform == "tenhou" and g.dan is not None and 0 <= g.dan < len(DAN_NAMES)
                else None
            )
            stated = g.stated or StatedRank(rate=g.rate, level=g.dan, level_name=named)
            total += g.points or 0.0
            anchored = prev["after"] if prev is not None else None
            p_anchor = prev["points_after"] if prev is not None else None
            points_after = (
                stated.points + stated.change
                if stated.points is not None and stated.change is not None
                else None
            )
            row = {
                "player": g.player,
                "players": g.players,
                "platform": g.platform,
                "game_id": g.game_id,
                "hour": g.hour,
                "lobby": g.lobby,
                "placement": g.placement,
                "stated_rate": g.rate,
                "stated_dan": g.dan,
                "dan_name": stated.level_name,
                "recomputed": r,
                "after": after,
                "next_stated": nxt,
                "agrees": None if nxt is None or after is None else _agree(abs(after - nxt)),
                "anchored": anchored,
                "gap": None if anchored is None or g.rate is None else abs(anchored - g.rate) > GAP_TOLERANCE,
                "stated_points": stated.points,
                "stated_change": stated.change,
                "points_after": points_after,
                "points_anchored": p_anchor,
                "points_gap": None
                if p_anchor is None or stated.points is None
                else abs(p_anchor - stated.points) > 1e-9,
                "rank_points": g.points,
                "cumulative_points": total if g.points is not None else None,
                "games_before": count,
                "south": g.south,
                "time": None,
            }
            rows.append(row)
            prev = row
            if r is not None and g.table and g.rate is not None:
                table = [r if j == g.seat else x for j, x in enumerate(g.table)]
                r += rating_change(g.placement, r, table, count)
    _place_in_time(rows)
    add_dan_points(rows)
    return rows


def _place_in_time(rows: list[dict[str, Any]]) -> None:
    """``time``: the game's start hour, and the games one player played in one hour (the ids say no
    more) spread evenly across it in their order, so a curve against time keeps them apart."""
    groups: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["player"], row["players"], row["platform"], row["hour"]), []).append(row)
    for (_, _, _, hour), group in groups.items():
        start = dt.datetime.strptime(hour, "%Y%m%d%H")
        for k, row in enumerate(group):
            row["time"] = start + dt.timedelta(hours=(k + 0.5) / len(group))


def rating_frame(history: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """``rating_history`` as a DataFrame with stable dtypes (dates parsed from the hour)."""
    import pandas as pd

    rows = list(history)
    df = pd.DataFrame({k: pd.array([row[k] for row in rows], dtype=t) for k, t in RATING_TYPES.items()})  # type: ignore[call-overload]
    df.insert(
        3,
        "date",
        pd.to_datetime(pd.Series([row["hour"] for row in rows], dtype="string"), format="%Y%m%d%H").astype(
            "datetime64[ns]"
        ),
    )
    df.insert(4, "time", pd.to_datetime(pd.Series([row["time"] for row in rows], dtype="datetime64[ns]")))
    return df


#: the rating frame's columns after ``date`` and ``time`` (which it inserts), with their dtypes
RATING_TYPES = {
    "player": "string",
    "players": "Int64",
    "platform": "string",
    "game_id": "string",
    "lobby": "string",
    "placement": "Int64",
    "stated_rate": "Float64",
    "stated_dan": "Int64",
    "dan_name": "string",
    "recomputed": "Float64",
    "after": "Float64",
    "next_stated": "Float64",
    "agrees": "boolean",
    "anchored": "Float64",
    "gap": "boolean",
    "stated_points": "Float64",
    "stated_change": "Float64",
    "points_after": "Float64",
    "points_anchored": "Float64",
    "points_gap": "boolean",
    "rank_points": "Float64",
    "cumulative_points": "Float64",
    "games_before": "Int64",
    "south": "boolean",
    "dan_points": "Int64",
    "implied_dan": "Int64",
    "dan_points_after": "Int64",
    "dan_agrees": "boolean",
}


def agreement(rows: list[dict[str, Any]]) -> Counter[str]:
    """How many consecutive pairs agree, overall and by players (``pairs``, ``agree``, ``agree_4``...)."""
    out: Counter[str] = Counter()
    for row in rows:
        if row["agrees"] is not None:
            out["pairs"] += 1
            out[f"pairs_{row['players']}"] += 1
            out["agree"] += row["agrees"]
            out[f"agree_{row['players']}"] += row["agrees"]
    return out
