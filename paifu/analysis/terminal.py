"""The league table on a terminal: columns that line up with Japanese names in them.

A terminal gives a wide character (kana, kanji, full-width letters: East Asian width W or F) two
columns and a combining mark none; the table pads by that width, not by ``len``. Names are printed
as printable text (``paifu.safety.printable``: a name cannot forge a line or reach the terminal)
and cut to ``NAME_WIDTH`` columns with ``…``.
"""

from __future__ import annotations

import unicodedata

import pandas as pd

from paifu.analysis.model import Report
from paifu.analysis.tables import TableKey
from paifu.safety import printable

#: rows of each table printed (the rest are counted; ``--players`` or ``--html`` have them all)
ROWS = 20
NAME_WIDTH = 16


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal."""
    out = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        out += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return out


def cut(text: str, columns: int) -> str:
    """``text`` in at most ``columns`` columns (``…`` where it was cut)."""
    if width(text) <= columns:
        return text
    out, used = "", 0
    for ch in text:
        w = width(ch)
        if used + w > columns - 1:
            break
        out, used = out + ch, used + w
    return out + "…"


def pad(text: str, columns: int, right: bool = False) -> str:
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill


def _num(v: object, fmt: str) -> str:
    """A number as ``fmt`` says, ``–`` where it is missing."""
    if v is None or v is pd.NA or (isinstance(v, float) and v != v):
        return "–"
    return format(float(v), fmt)  # type: ignore[arg-type]


def league_lines(report: Report, key: TableKey, rows: int = ROWS) -> list[str]:
    """One table key's league table as aligned lines: a heading, the column names, then a line per
    player sorted by total rank points (``rows`` at most; the rest counted)."""
    league, players = report.league_head(key, rows)
    places = [f"{p}" for p in range(1, key.players + 1)]
    head = ["#", "player", "games", "total", "avg", *(f"{p}." for p in places), "place"]
    body = []
    for _, d in league.head(rows).iterrows():
        body.append(
            [
                str(d["rank"]),
                cut(printable(str(d["player"])), NAME_WIDTH),
                str(d["games"]),
                _num(d["total_points"], "+.1f"),
                _num(d["avg_points"], "+.2f"),
                *(str(d[f"placement_{p}"]) for p in places),
                _num(d["avg_placement"], ".2f"),
            ]
        )
    widths = [max(width(row[i]) for row in [head, *body]) for i in range(len(head))]
    games = report.totals.tables.get(key, 0) if report.totals is not None else 0
    lines = [f"{key.label}: {games:,} games, {players:,} players (league table by total rank points)"]
    for row in [head, *body]:
        lines.append("  ".join(pad(cell, widths[i], right=i != 1) for i, cell in enumerate(row)).rstrip())
    if players > rows:
        lines.append(f"... and {players - rows:,} more players (all of them: --players FILE, or --html)")
    return lines


def league_text(report: Report, rows: int = ROWS) -> str:
    """Every table key's league table, four players first, a blank line between."""
    blocks = ["\n".join(league_lines(report, key, rows)) for key in report.table_keys() if report.table(key)]
    return "\n\n".join(blocks)
