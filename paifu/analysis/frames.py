"""Tidy pandas DataFrames from replayed games (``GameResult``), never from files.

Column names and dtypes are stable (tests pin them): seats are ``category``
(0..3), winds ``category`` (E, S, W, N, ordered), counts and scores nullable
``Int64``, rank points ``Float64``, flags ``boolean``, text ``string``. Every
frame starts with the game keys ``source, game_id, game_index``; a record that states no id (mjai)
gets ``<file stem>#<game index>`` (``paifu.view.names.game_label``), as everywhere a person reads it.

* ``games``: one row per game.
* ``game_players``: one row per (game, seat): final score, placement, rank points.
* ``hands``: one row per hand.
* ``hand_players``: one row per (hand, seat).
* ``wins``: one row per win (a double ron is two rows).
* ``findings``: one row per finding, with the hand and event it points at (``paifu.view`` shows the
  table there: ``GameView.goto(event_index)``).

``date`` (games) is the game's start hour where the record states it, the date the filters select
by: Tenhou log ids begin with it (``2009071823gm-...``), Mahjong Soul's header states a Unix start time
(read on Japan's clock), a tenhou.net/6 title may name a date; NA otherwise. ``read_table`` reads a frame written by ``write_table`` back
with these dtypes (Parquet and CSV keep seats as plain integers).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.rank_points import Scheme, SchemeError, game_scheme, placements, rank_points
from paifu.engine.results import GameResult
from paifu.pipeline import Unreadable
from paifu.safety import display_path
from paifu.view.names import game_label

SEAT = pd.CategoricalDtype([0, 1, 2, 3])
WIND = pd.CategoricalDtype(["E", "S", "W", "N"], ordered=True)
KEYS = ["source", "game_id", "game_index"]

GAMES_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "date": "datetime64[ns]",
    "format": "string",
    "rules": "string",
    "scheme": "string",
    "num_players": "Int64",
    "first_dealer": SEAT,
    "hands": "Int64",
    "complete": "boolean",
    "partial": "boolean",
    "valid": "boolean",
    "findings": "Int64",
    "finding_codes": "string",
    "points_match": "boolean",
}
GAME_PLAYERS_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "seat": SEAT,
    "player": "string",
    "final_score": "Int64",
    "placement": "Int64",
    "points": "Float64",
    "claimed_points": "Float64",
    "valid": "boolean",
    "findings": "Int64",
}
HANDS_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "hand_index": "Int64",
    "label": "string",
    "round_wind": WIND,
    "hand_number": "Int64",
    "honba": "Int64",
    "sticks": "Int64",
    "dealer": SEAT,
    "result": "string",
    "ryuukyoku": "string",
    "winners": "Int64",
    "complete": "boolean",
}
HAND_PLAYERS_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "hand_index": "Int64",
    "label": "string",
    "seat": SEAT,
    "player": "string",
    "seat_wind": WIND,
    "dealer": "boolean",
    "score_start": "Int64",
    "score_end": "Int64",
    "delta": "Int64",
    "riichi": "boolean",
    "riichi_turn": "Int64",
    "opened": "boolean",
    "calls": "Int64",
    "kans": "Int64",
    "won": "boolean",
    "dealt_in": "boolean",
    "tenpai": "boolean",
}
WINS_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "hand_index": "Int64",
    "label": "string",
    "seat": SEAT,
    "player": "string",
    "from_seat": SEAT,
    "tsumo": "boolean",
    "dealer": "boolean",
    "han": "Int64",
    "fu": "Int64",
    "points": "Int64",
    "limit": "string",
    "yaku": "string",
    "riichi": "boolean",
    "closed": "boolean",
    "damaten": "boolean",
    "turn": "Int64",
    "pao_seat": SEAT,
    "delta": "Int64",
    "recomputed": "boolean",
}
FINDINGS_COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "hand": "string",
    "event_index": "Int64",
    "seat": SEAT,
    "player": "string",
    "code": "string",
    "message": "string",
    "expected": "string",
    "actual": "string",
}
#: every frame by name, in ``Frames`` order, with its columns and dtypes (``read_table``, the streamed tables)
SCHEMAS = {
    "games": GAMES_COLUMNS,
    "game_players": GAME_PLAYERS_COLUMNS,
    "hands": HANDS_COLUMNS,
    "hand_players": HAND_PLAYERS_COLUMNS,
    "wins": WINS_COLUMNS,
    "findings": FINDINGS_COLUMNS,
}
TABLES = SCHEMAS
#: the date and hour a Tenhou log id starts with (``2009071823gm-...``)
TENHOU_DATE = re.compile(r"^(\d{10})gm-")


def stated_date(result: GameResult) -> pd.Timestamp | None:
    """The start hour a game's record states, the one the filters select by
    (``paifu.analysis.tables.game_time``: a Tenhou log id, a Unix start time, a stated date)."""
    from paifu.analysis.tables import game_time

    when = game_time(result)
    return None if when is None else pd.Timestamp(when)


def game_date(game_id: str) -> pd.Timestamp | None:
    """The start hour a Tenhou log id names (``2009071823gm-...``: 2009-07-18 23:00), else None."""
    m = TENHOU_DATE.match(game_id or "")
    if not m:
        return None
    try:
        return pd.to_datetime(m.group(1), format="%Y%m%d%H")
    except ValueError:
        return None


def _frame(rows: list[dict[str, Any]], columns: dict[str, Any]) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=list(columns))
    for col, dtype in columns.items():
        values = df[col].tolist()
        if isinstance(dtype, pd.CategoricalDtype):  # a seat no table has (a broken record's) is missing
            known = set(dtype.categories)
            values = [v if v in known else None for v in values]
            df[col] = pd.Series(pd.Categorical(values, dtype=dtype), index=df.index)
        elif dtype == "datetime64[ns]":
            df[col] = pd.to_datetime(pd.Series(values, index=df.index, dtype=object)).astype(dtype)
        else:
            df[col] = pd.array([pd.NA if v is None else v for v in values], dtype=dtype)
    return df


# ---------------------------------------------------------------------- scheme and rank points per game
@dataclass(frozen=True)
class GameOutcome:
    """Placement and rank points of one game under a scheme (None without final scores)."""

    scheme: Scheme | None
    placements: tuple[int, ...] | None
    points: tuple[float, ...] | None


def outcome(result: GameResult, scheme: Scheme | str = "auto") -> GameOutcome:
    s = game_scheme(result, scheme)
    scores = result.final_scores
    if scores is None:
        return GameOutcome(s, None, None)
    ties = s.ties if s is not None else result.rules.rank_ties
    places = placements(scores, result.first_dealer, ties)
    pts = None
    if s is not None:
        try:
            pts = rank_points(scores, s, result.first_dealer)
        except SchemeError:
            pts = None
    return GameOutcome(s, places, pts)


# ---------------------------------------------------------------------- frames
@dataclass
class Frames:
    games: pd.DataFrame
    game_players: pd.DataFrame
    hands: pd.DataFrame
    hand_players: pd.DataFrame
    wins: pd.DataFrame
    findings: pd.DataFrame


def _points_match(claimed: Sequence[float] | None, points: Sequence[float] | None) -> bool | None:
    if claimed is None or points is None:
        return None
    return all(abs(a - b) < 1e-6 for a, b in zip(claimed, points, strict=True))


def build_frames(
    results: Iterable[GameResult | Unreadable],
    scheme: Scheme | str = "auto",
    outcomes: Sequence[GameOutcome] | None = None,
) -> Frames:
    """All six frames from replayed games (rank points under ``scheme``)."""
    games = [r for r in results if isinstance(r, GameResult)]  # an ``Unreadable`` has no game to show
    if outcomes is None:
        outcomes = [outcome(r, scheme) for r in games]
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    for r, oc in zip(games, outcomes, strict=True):
        for name, table_rows in game_rows(r, oc).items():
            rows[name].extend(table_rows)
    return Frames(**{name: frame(name, table_rows) for name, table_rows in rows.items()})


def frame(table: str, rows: list[dict[str, Any]]) -> pd.DataFrame:
    """One of the six frames (by name, as in ``TABLES``) from its rows, with the stable dtypes."""
    return _frame(rows, TABLES[table])


def game_rows(
    r: GameResult, oc: GameOutcome, tables: Collection[str] = TABLES
) -> dict[str, list[dict[str, Any]]]:
    """The rows one game adds to each of ``tables`` (the others are not built): the unit both
    ``build_frames`` and the streaming sink (``paifu.analysis.stream``) work in."""
    n = len(r.players)
    key = {
        "source": display_path(r.source),  # text, whatever bytes name the file
        "game_id": game_label(r.game_id, display_path(r.source), r.game_index),
        "game_index": r.game_index,
    }
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in tables}
    games, gps, hands, hps, wins, findings = (out.get(name) for name in TABLES)
    if findings is not None:
        for f in r.findings:
            findings.append(
                {
                    **key,
                    "hand": f.hand or None,
                    "event_index": f.event_index,
                    "seat": f.seat,
                    "player": r.players[f.seat] if f.seat is not None and 0 <= f.seat < n else None,
                    "code": f.code,
                    "message": f.message,
                    "expected": None if f.expected is None else str(f.expected),
                    "actual": None if f.actual is None else str(f.actual),
                }
            )
    if games is not None:
        codes = sorted({f.code for f in r.findings})
        games.append(
            {
                **key,
                "date": stated_date(r),
                "format": r.format,
                "rules": r.rules.name,
                "scheme": oc.scheme.name if oc.scheme else None,
                "num_players": n,
                "first_dealer": r.first_dealer,
                "hands": len(r.hands),
                "complete": r.complete,
                "partial": r.partial,
                "valid": r.valid,
                "findings": len(r.findings),
                "finding_codes": ",".join(codes),
                "points_match": _points_match(r.claimed_rank_points, oc.points),
            }
        )
    if gps is not None:
        for s in range(n):
            gps.append(
                {
                    **key,
                    "seat": s,
                    "player": r.players[s],
                    "final_score": r.final_scores[s] if r.final_scores else None,
                    "placement": oc.placements[s] if oc.placements else None,
                    "points": oc.points[s] if oc.points else None,
                    "claimed_points": r.claimed_rank_points[s] if r.claimed_rank_points else None,
                    "valid": r.valid,
                    "findings": len(r.findings),
                }
            )
    if hands is None and hps is None and wins is None:
        return out
    for h in r.hands:
        hkey = {**key, "hand_index": h.index, "label": h.label}
        if hands is not None:
            result = "win" if h.wins else ("ryuukyoku" if h.ryuukyoku is not None else "incomplete")
            hands.append(
                {
                    **hkey,
                    "round_wind": "ESWN"[h.round_wind % 4],
                    "hand_number": h.hand_number,
                    "honba": h.honba,
                    "sticks": h.sticks,
                    "dealer": h.dealer,
                    "result": result,
                    "ryuukyoku": h.ryuukyoku.value if h.ryuukyoku is not None else None,
                    "winners": len(h.wins),
                    "complete": h.complete,
                }
            )
        if hps is not None:
            winners = {w.seat for w in h.wins}
            dealt_in = {w.from_seat for w in h.wins if not w.tsumo}
            for s in range(n):
                hps.append(
                    {
                        **hkey,
                        "seat": s,
                        "player": r.players[s],
                        "seat_wind": "ESWN"[(s - h.dealer) % n],
                        "dealer": s == h.dealer,
                        "score_start": h.scores_start[s] if h.scores_start else None,
                        "score_end": h.scores_end[s] if h.scores_end else None,
                        "delta": h.deltas[s] if h.deltas else None,
                        "riichi": h.riichi[s] if h.riichi else None,
                        "riichi_turn": h.riichi_turn[s] if h.riichi_turn else None,
                        "opened": h.opened[s] if h.opened else None,
                        "calls": h.calls[s] if h.calls else None,
                        "kans": h.kans[s] if h.kans else None,
                        "won": s in winners if h.complete else None,
                        "dealt_in": s in dealt_in if h.complete else None,
                        "tenpai": h.tenpai[s] if h.tenpai is not None else None,
                    }
                )
        if wins is not None:
            for w in h.wins:
                wins.append(
                    {
                        **hkey,
                        "seat": w.seat,
                        "player": r.players[w.seat],
                        "from_seat": w.from_seat,
                        "tsumo": w.tsumo,
                        "dealer": w.dealer,
                        "han": w.han,
                        "fu": w.fu,
                        "points": w.points,
                        "limit": w.limit or None,
                        "yaku": ",".join(name for name, han in w.yaku if han > 0),
                        "riichi": w.riichi,
                        "closed": w.closed,
                        "damaten": w.closed and not w.riichi,
                        "turn": w.turn,
                        "pao_seat": w.pao_seat,
                        "delta": w.deltas[w.seat] if w.deltas else None,
                        "recomputed": w.recomputed,
                    }
                )
    return out


def read_table(path: str | Path, frame: str | None = None) -> pd.DataFrame:
    """A table written by ``paifu.analysis.report.write_table`` or beside the HTML report (CSV or
    Parquet) with its dtypes back: seats and winds as categories, counts as nullable integers, flags
    as nullable booleans, text as ``string`` (a name such as ``123``, ``NA`` or ``True`` stays the
    text it was), and in CSV every text cell's formula guard (``paifu.safety.csv_cell``) taken off.
    ``frame`` names the table (``wins``, ``players``, ``league`` ...: ``paifu.analysis.tabletypes``);
    by default the one whose columns the file has."""
    from paifu.analysis.tabletypes import read_table as read

    return read(path, frame, SCHEMAS)
