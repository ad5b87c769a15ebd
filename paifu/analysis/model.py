"""The report's data, shared by everything that makes or draws a report: ``Report`` and its whole-run
``Totals``, the findings' rows, the names of the tables written beside the HTML page, and
``write_table``. The streamed sink (``paifu.analysis.stream``), the HTML page (``paifu.analysis.html``,
``paifu.analysis.player_page``) and ``paifu.analysis.report`` (which joins them) import it; it imports
none of them, so the imports between them run one way.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.frames import Frames
from paifu.analysis.plotdata import PlotData
from paifu.analysis.stats import PlayerCounters, field_counters
from paifu.safety import display_path
from paifu.view.names import STDIN, game_label, page_name

#: a player needs this many ranked games for intervals and a place in the plots ("regular players")
MIN_GAMES = 10
_DATED_ID = re.compile(r"^(20\d\d)(\d\d)(\d\d)\d\dgm-")  # Tenhou log ids start with the date


@dataclass(frozen=True)
class Totals:
    """Whole-run counts: the report's frames may hold only samples (``paifu.analysis.stream``)."""

    games: int
    hands: int
    flagged: int
    num_players: int
    players_per_game: Counter[int]
    dates: tuple[str, str, int] | None = None  # see ``Report.date_range``
    findings: int = 0  # rows of the findings table
    finding_kinds: dict[str, tuple[int, int]] = field(default_factory=dict)  # code: (games, findings)
    #: games on tables whose rank-point scheme no source states (``paifu.rank_points.game_scheme``),
    #: and of them those whose own points fit no scheme: they have no rank points here
    unstated_schemes: int = 0
    unsettled: int = 0


@dataclass
class Report:
    frames: Frames
    counters: dict[str, PlayerCounters]  # named players only
    stats: pd.DataFrame  # one row per named player (see paifu.analysis.stats.stats_frame)
    flagged: pd.DataFrame  # games with findings: keys, finding count and codes
    player: str | None = None
    scheme: str = "auto"
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)
    findings: pd.DataFrame = field(
        default_factory=pd.DataFrame
    )  # findings (grouped by cause): all, or the first
    unnamed: PlayerCounters = field(default_factory=PlayerCounters)  # seats without a name, summed
    unnamed_seats: int = 0
    totals: Totals | None = None  # whole-run counts (set by ``ReportSink.report``)
    plots: PlotData = field(default_factory=PlotData)  # curves and distribution the HTML draws
    streamed: dict[str, Path] = field(default_factory=dict)  # tables the sink already wrote beside the HTML
    rating: list[dict[str, Any]] = field(
        default_factory=list
    )  # ``paifu.analysis.rating.rating_history`` of ``player``

    @property
    def field(self) -> PlayerCounters:
        """Every seat, named or not: what a player is compared with."""
        return field_counters(self.counters) + self.unnamed

    @property
    def num_players(self) -> int:
        if self.totals is not None:
            return self.totals.num_players
        n = self.frames.games["num_players"].dropna()
        return int(n.max()) if len(n) else 4

    @property
    def games(self) -> int:
        return self.totals.games if self.totals is not None else len(self.frames.games)

    @property
    def flagged_count(self) -> int:
        """Flagged games of the whole run (``flagged`` may list only the first)."""
        return self.totals.flagged if self.totals is not None else len(self.flagged)

    @property
    def findings_count(self) -> int:
        """Rows of the whole findings table (``findings`` may hold only the first)."""
        return self.totals.findings if self.totals is not None else len(self.findings)

    def date_range(self) -> tuple[str, str, int] | None:
        """(first, last, games dated) from the dates log ids carry, or None when no id has one."""
        if self.totals is not None:
            return self.totals.dates
        return game_date_range(self.frames.games["game_id"].dropna())

    def headline(self) -> list[tuple[str, str]]:
        """The summary a reader sees first, as (label, value) pairs."""
        games = self.games
        hands = self.totals.hands if self.totals is not None else int(self.frames.games["hands"].sum())
        flagged = self.flagged_count
        dates = self.date_range()
        regular = int((self.stats["ranked_games"] >= MIN_GAMES).sum()) if "ranked_games" in self.stats else 0
        rows = [
            ("games", f"{games:,} ({_plural(hands if games else 0, 'hand')})"),
            (
                "players",
                f"{len(self.counters):,} named ({regular} with {MIN_GAMES}+ ranked games)"
                + (
                    f"; {self.unnamed_seats:,} seats without a name (counted in the field only)"
                    if self.unnamed_seats
                    else ""
                ),
            ),
            (
                "dates",
                f"{dates[0]} to {dates[1]} ({dates[2]:,} of {games:,} games carry a date)"
                if dates
                else "not stated by these records",
            ),
            (
                "flagged",
                f"{flagged:,} of {_plural(games, 'game')} ({100 * flagged / games:.1f}%) "
                f"{'has' if flagged == 1 else 'have'} findings; they stay in the statistics"
                if flagged
                else f"none: {'the game replays' if games == 1 else f'all {games:,} games replay'} clean",
            ),
            (
                "rank points",
                f"scheme {self.scheme}"
                + (" (each game's own platform)" if self.scheme == "auto" else "")
                + self._unstated(),
            ),
        ]
        if self.unreadable:
            rows.append(("unreadable", f"{len(self.unreadable):,} inputs"))
        return rows

    def _unstated(self) -> str:
        """What the headline says of games whose table states no scheme (each game's own only)."""
        t = self.totals
        if self.scheme != "auto" or t is None or not t.unstated_schemes:
            return ""
        fitted = t.unstated_schemes - t.unsettled
        return (
            f"; {_plural(t.unstated_schemes, 'game')} on tables whose scheme no source states: "
            f"{fitted:,} settled by the uma their own points fit, {t.unsettled:,} without rank points"
        )

    def summary(self) -> str:
        """Lines for a terminal: each value printable (a scheme file's or a player's name can hold
        a newline or an escape sequence, which would forge a line or reach the terminal)."""
        from paifu.safety import printable

        lines = [f"{label}: {printable(value)}" for label, value in self.headline()]
        if self.player is not None:
            row = self.stats[self.stats["player"] == self.player]
            if row.empty:
                lines.append(printable(f"player {self.player!r} not found"))
            else:
                r = row.iloc[0]
                lines.append(
                    f"{printable(self.player)}: {r['games']} games, avg placement {_fmt(r['avg_placement'])}, "
                    f"avg points {_fmt(r['avg_rank_points'])}, win {_pct(r['win_rate'])}, "
                    f"deal-in {_pct(r['deal_in_rate'])}, riichi {_pct(r['riichi_rate'])}, call {_pct(r['call_rate'])}"
                )
        return "\n".join(lines)

    def find_player(self, name: str) -> tuple[str | None, list[str]]:
        """The player a name means (exact, else the one case-insensitive match) and close names as hints."""
        if name in self.counters:
            return name, []
        folded = [p for p in self.counters if p.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0], []
        import difflib

        close = difflib.get_close_matches(name, list(self.counters), n=5, cutoff=0.6)
        close += [p for p in self.counters if name.casefold() in p.casefold() and p not in close]
        return None, (folded or close)[:5]


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _fmt(v: Any, digits: int = 2) -> str:
    return "NA" if v is None or pd.isna(v) else f"{float(v):.{digits}f}"


def _pct(v: Any) -> str:
    return "NA" if v is None or pd.isna(v) else f"{100 * float(v):.1f}%"


def viewer_page(source: str, game_index: int) -> str:
    """The file name of a game's viewer page: ``paifu show`` writes it under ``viewer/`` and
    ``--viewer-links`` link to ``viewer/<this>#event=N`` (``paifu.view.names.page_name``)."""
    return page_name(source, game_index)


def show_command(source: str, game_index: int, event_index: Any = None, output: str | None = None) -> str:
    """The ``paifu show`` command that writes a game's page (``viewer/<page>`` unless ``output``),
    opening at ``event_index``. A record read from standard input has no file to name: the text
    says so and gives the command that reads it again from there."""
    event = "" if event_index is None or pd.isna(event_index) else f" --event {int(event_index)}"
    dest = f" -o {shlex.quote(output)}" if output else ""
    if source == STDIN:
        return f"read from standard input: pipe the record again into paifu show - --game {game_index}{event}{dest}"
    return f"paifu show {shlex.quote(source)} --game {game_index}{event}{dest}"


def game_date_range(game_ids: Iterable[Any]) -> tuple[str, str, int] | None:
    """(first, last, how many) of the dates the log ids carry, or None when none does."""
    dates = sorted(f"{m[1]}-{m[2]}-{m[3]}" for gid in game_ids if gid and (m := _DATED_ID.match(str(gid))))
    return (dates[0], dates[-1], len(dates)) if dates else None


def finding_rows(r: Any) -> list[dict[str, Any]]:
    """One game's rows of ``findings_frame``."""
    from paifu.findings import group_findings

    rows = []
    for g in group_findings(r.findings):
        f = g.first
        rows.append(
            {
                "source": display_path(r.source),
                "game_id": game_label(r.game_id, display_path(r.source), r.game_index),
                "game_index": r.game_index,
                "hand": f.hand,
                "event_index": f.event_index,
                "seat": f.seat,
                "player": r.players[f.seat] if f.seat is not None and f.seat < len(r.players) else "",
                "code": f.code,
                "count": g.count,
                "finding": f.text(),
                "also_in": ", ".join(sorted({x.hand for x in g.more if x.hand})),
                "view": show_command(
                    display_path(r.source), r.game_index, _shown_event(f.event_index, r.events)
                ),
                "viewer_page": viewer_page(r.source, r.game_index),
            }
        )
    return rows


def _shown_event(event_index: int | None, events: int) -> int | None:
    """The event the viewer shows for a finding: a finding past the record's end (it stops short)
    is shown at its last event, which ``paifu show --event`` accepts."""
    if event_index is None:
        return None
    return max(0, min(event_index, events - 1)) if events else None


def findings_frame(results: Iterable[Any]) -> pd.DataFrame:
    """One row per finding, a wall-mismatch's consequences folded into their cause (``count``), with
    its readable text and the ``paifu show`` command that opens the game at its event.
    ``results``: replayed games, or rows ``finding_rows`` made."""
    rows = [row for r in results for row in ([r] if isinstance(r, dict) else finding_rows(r))]
    cols = {
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
    df = pd.DataFrame(rows, columns=list(cols))
    for col, dtype in cols.items():
        df[col] = pd.array([pd.NA if v is None else v for v in df[col].tolist()], dtype=dtype)  # type: ignore[call-overload]
    return df


# ---------------------------------------------------------------------- writers
def table_suffix_ok(path: str | Path) -> bool:
    """Whether a table may be written at ``path``: ``.csv``, ``.parquet`` or ``.pq``, or a FIFO, a
    device or ``/dev/stdout`` of any name (written as CSV)."""
    from paifu.outfiles import writes_into

    return Path(path).suffix.lower() in (".csv", ".parquet", ".pq") or writes_into(path)


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """CSV or Parquet, by the file's suffix (``.csv``, ``.parquet``/``.pq``; another suffix is an error)."""
    from paifu.outfiles import atomic_path

    p = Path(path)
    if not table_suffix_ok(p):
        raise ValueError(f"{p}: write tables as .csv or .parquet")
    if p.suffix.lower() in (".parquet", ".pq"):
        out = df.copy()
        for col in out.columns:  # seats as nullable ints (pao_seat is mostly NA); read_table restores them
            if isinstance(out[col].dtype, pd.CategoricalDtype):
                ints = pd.api.types.is_integer_dtype(out[col].cat.categories.dtype)
                out[col] = out[col].astype("Int64" if ints else "string")
        with atomic_path(p) as tmp:  # complete or absent, whatever fails on the way
            out.to_parquet(tmp, index=False)
    else:
        from paifu.safety import csv_safe

        with atomic_path(p) as tmp:  # a name like "=HYPERLINK(...)" is no formula in a spreadsheet
            csv_safe(df).to_csv(tmp, index=False)
    return p


def side_files(path: str | Path) -> dict[str, Path]:
    """The full tables written beside the HTML report at ``path``: players, games (one row per seat),
    findings, yaku, rating."""
    p = Path(path)
    return {k: p.with_name(f"{p.stem}-{k}.csv") for k in ("players", "games", "findings", "yaku", "rating")}
