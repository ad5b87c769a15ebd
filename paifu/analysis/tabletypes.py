"""Every table a report writes, by name, with each column's dtype: what ``read_table`` restores.

The six frames' schemas live with them (``paifu.analysis.frames.SCHEMAS``); here are the report's
own tables: the players frame (typed by column name, as ``stats_frame`` types it), the league
table, the yaku table, the rating rows and the report's findings table. A file's table is the one
whose columns it has (``detect``), so ``read_table("league-players.csv")`` needs no name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.rating import RATING_TYPES
from paifu.analysis.stats import COUNT_COLUMNS, RECORD_INTS
from paifu.analysis.tables import KEY_COLUMNS

#: the league table's columns after the table key's (``placement_1`` .. ``placement_4`` follow)
LEAGUE_COLUMNS = {
    "rank": "Int64",
    "player": "string",
    "games": "Int64",
    "ranked_games": "Int64",
    "total_points": "Float64",
    "avg_points": "Float64",
    "avg_placement": "Float64",
}
LEAGUE = {**KEY_COLUMNS, **LEAGUE_COLUMNS, **{f"placement_{p}": "Int64" for p in range(1, 5)}}
#: the report's findings table (``paifu.analysis.finding_rows.findings_frame``)
REPORT_FINDINGS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "hand": "string",
    "event_index": "Int64",
    "seat": "Int64",
    "player": "string",
    "code": "string",
    "count": "Int64",
    "finding": "string",
    "also_in": "string",
    "view": "string",
    "viewer_page": "string",
}
YAKU = {
    **KEY_COLUMNS,
    "player": "string",
    "yaku": "string",
    "wins_with": "Int64",
    "wins": "Int64",
    "share": "Float64",
    "share_low": "Float64",
    "share_high": "Float64",
}
#: the rating rows (``rating_frame`` puts the date and time after the player, size and platform)
RATING = {
    **dict(list(RATING_TYPES.items())[:3]),
    "date": "datetime64[ns]",
    "time": "datetime64[ns]",
    **RATING_TYPES,
}
_PLAYER_TEXT = {
    "player",
    "stable_dan_lobby",
    "frequent_opponents",
    *(f"{r}_{part}" for r in RECORD_INTS for part in ("game", "hand", "detail")),
}
_PLAYER_INTS = {*COUNT_COLUMNS, *RECORD_INTS, "stable_dan_games"}


def player_column(col: str) -> str:
    """A players-frame column's dtype, by its name (as ``stats_frame`` makes it)."""
    if col in KEY_COLUMNS:
        return KEY_COLUMNS[col]
    if col in _PLAYER_TEXT:
        return "string"
    if col in _PLAYER_INTS:
        return "Int64"
    if col == "stable_dan_few_games":
        return "boolean"
    return "Float64"


#: the report's tables besides the six frames: fixed columns, or (players) typed by name
TABLES: dict[str, Mapping[str, Any] | None] = {
    "players": None,
    "league": LEAGUE,
    "yaku": YAKU,
    "rating": RATING,
    "report_findings": REPORT_FINDINGS,
}


def table_names(frames: Mapping[str, Mapping[str, Any]]) -> list[str]:
    return [*frames, *TABLES]


def column_types(
    name: str, columns: Sequence[str], frames: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Each of ``columns``'s dtype in table ``name`` (a frame's, or one of ``TABLES``)."""
    if name in frames:
        return dict(frames[name])
    if name == "players":
        return {c: player_column(c) for c in columns}
    fixed = TABLES[name]
    assert fixed is not None
    return dict(fixed)


def detect(columns: Sequence[str], frames: Mapping[str, Mapping[str, Any]]) -> str:
    """The table whose columns a file has: the frame or table with exactly those columns (a table
    without its key columns, split by size or one table, matches too), else the players frame when it
    has a player and a win rate; ``ValueError`` when none fits."""
    cols = list(columns)
    bare = [c for c in cols if c not in KEY_COLUMNS]
    for name, schema in {**frames, **{k: v for k, v in TABLES.items() if v is not None}}.items():
        wanted = list(schema)
        if cols == wanted or bare == [c for c in wanted if c not in KEY_COLUMNS]:
            return name
    if "player" in cols and "win_rate" in cols:
        return "players"
    raise ValueError(
        f"a table with columns {', '.join(cols[:6])}... is none paifu writes: name it (frame=...)"
    )


def read_table(path: str | Path, frame: str | None, frames: Mapping[str, Mapping[str, Any]]) -> pd.DataFrame:
    """A table written by ``paifu.analysis.report.write_table`` or beside the HTML report (CSV or
    Parquet) with its dtypes back: seats and winds as categories, counts as nullable integers, flags
    as nullable booleans, text as ``string`` (a name such as ``123``, ``NA`` or ``True`` stays the
    text it was), and in CSV every text cell's formula guard (the ``'`` before a cell that would
    start a spreadsheet formula, ``paifu.safety.csv_cell``) taken off. ``frame`` names the table
    (``wins``, ``players``, ``league`` ...: ``paifu.analysis.tabletypes``); by default the one whose columns the
    file has."""
    p = Path(path)
    parquet = p.suffix.lower() in (".parquet", ".pq")
    # CSV: every cell as text first, so the dtypes below decide and not pandas' guesses
    df = pd.read_parquet(p) if parquet else pd.read_csv(p, dtype=str, keep_default_na=False, na_values=[""])
    try:
        name = frame or detect(list(df.columns), frames)
    except ValueError as e:
        raise ValueError(f"{p}: {e}") from None
    if name not in table_names(frames):
        raise ValueError(f"{p}: unknown table {name!r}: one of {', '.join(table_names(frames))}")
    types = column_types(name, list(df.columns), frames)
    for col in df.columns:
        dtype = types.get(col)
        if dtype is None:
            continue
        values = df[col].tolist()
        if isinstance(dtype, pd.CategoricalDtype):
            cats = dtype.categories
            ints = pd.api.types.is_integer_dtype(cats.dtype)
            values = [None if _missing(v) else (int(v) if ints else v) for v in values]
            df[col] = pd.Series(pd.Categorical(values, dtype=dtype), index=df.index)
        elif dtype == "datetime64[ns]":
            df[col] = pd.to_datetime(pd.Series(values, index=df.index, dtype=object)).astype(dtype)
        elif dtype == "string":
            df[col] = pd.array(
                [None if _missing(v) else (str(v) if parquet else _unguard(str(v))) for v in values],
                dtype="string",
            )
        elif dtype == "boolean":
            df[col] = pd.array([None if _missing(v) else _bool(v) for v in values], dtype="boolean")
        else:
            df[col] = pd.array([None if _missing(v) else _number(v, dtype) for v in values], dtype=dtype)
    return df


def _missing(v: object) -> bool:
    return v is None or v is pd.NA or (isinstance(v, float) and v != v)


def _unguard(text: str) -> str:
    """A CSV cell as it was before ``csv_cell`` guarded it: one leading ``'`` off (the guard goes on
    every cell that starts with a formula character or a ``'``, so this is its exact inverse)."""
    return text[1:] if text.startswith("'") else text


def _bool(v: object) -> bool:
    if isinstance(v, (bool, int)):
        return bool(v)
    text = str(v).strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise ValueError(f"{v!r} is not a true/false value")


def _number(v: object, dtype: str) -> int | float:
    if dtype == "Int64":
        return int(float(v)) if isinstance(v, str) and "." in v else int(v)  # type: ignore[call-overload]
    return float(v)  # type: ignore[arg-type]
