"""The report's data, shared by everything that makes or draws a report: ``Report`` and its whole-run
``Totals``, the names of the tables written beside the HTML page, and ``write_table`` (the findings'
rows are ``paifu.analysis.finding_rows``). The streamed sink (``paifu.analysis.stream``), the HTML
page (``paifu.analysis.html``, ``paifu.analysis.player_page``) and ``paifu.analysis.report`` (which
joins them) import it; it imports none of them, so the imports between them run one way.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.frames import Frames
from paifu.analysis.league import league_frame, league_top
from paifu.analysis.plotdata import PlotData
from paifu.analysis.stats import PlayerCounters, field_counters
from paifu.analysis.tables import Selection, TableKey, by_key
from paifu.engine.results import GameResult

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
    #: and of them those without rank points here: their final scores fit no scheme's uma, or the
    #: game has none (it stops before its end)
    unstated_schemes: int = 0
    without_points: int = 0
    tables: Counter[TableKey] = field(default_factory=Counter)  # games per table key
    left_out: int = 0  # games the filters left out (``Selection``)


@dataclass
class Report:
    """A report's aggregates: per table key (``paifu.analysis.tables``) and player, never pooled
    across table sizes. ``counters`` holds the players with a row (named; with a player list, the
    listed ones), ``unnamed`` every other seat of each table (counted in its field only)."""

    frames: Frames
    counters: Mapping[tuple[TableKey, str], PlayerCounters]  # (table key, player)
    flagged: pd.DataFrame  # games with findings: keys, finding count and codes
    player: str | None = None
    scheme: str = "auto"
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    findings: pd.DataFrame = field(
        default_factory=pd.DataFrame
    )  # findings (grouped by cause): all, or the first
    #: seats without a row (no name, or not a listed player), summed per table key
    unnamed: dict[TableKey, PlayerCounters] = field(default_factory=dict)
    unnamed_seats: int = 0  # seats without a name
    totals: Totals | None = None  # whole-run counts (set by ``ReportSink.report``)
    plots: dict[TableKey, PlotData] = field(default_factory=dict)  # curves and distribution per table
    streamed: dict[str, Path] = field(default_factory=dict)  # tables the sink already wrote beside the HTML
    #: ``paifu.analysis.rating.rating_history`` of every player whose records state a standing
    rating: Sequence[dict[str, Any]] = field(default_factory=list)
    convention: str = "paifu"  # the stats site whose counting the rates follow (``stats.CONVENTIONS``)
    selection: Selection = field(default_factory=Selection)  # the filters that chose the games
    split: str = "table"  # how finely tables are kept apart (``paifu.analysis.tables.SPLITS``)
    #: the first games' rows, each with its seats' rows (``paifu.analysis.parts.SEATS``): the games list
    games_sample: list[dict[str, Any]] = field(default_factory=list)
    #: the players table (``stats``) once made; None: made from ``counters`` when first asked for
    stats_made: pd.DataFrame | None = None
    #: fields and league tables already made (a page per player asks for them again and again)
    _made: dict[tuple[str, TableKey | None], Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def stats(self) -> pd.DataFrame:
        """One row per table key and player (``paifu.analysis.stats.stats_frame``), made whole when
        first asked for (the HTML page and its player pages ask); ``stats_pieces`` gives the same
        rows a piece at a time, and the summary needs neither."""
        if self.stats_made is None:
            from paifu.analysis.stats import stats_frame

            self.stats_made = stats_frame(self.counters, self._width(), convention=self.convention)
        return self.stats_made

    def stats_pieces(self) -> Iterator[pd.DataFrame]:
        """``stats`` in pieces of ``paifu.analysis.stats.STATS_ROWS`` rows (the whole frame if it is made)."""
        if self.stats_made is not None or not all(isinstance(k, tuple) for k in self.counters):
            yield self.stats
            return
        from paifu.analysis.stats import stats_frames

        yield from stats_frames(self.counters, self._width(), convention=self.convention)

    def _width(self) -> int:
        """The number of players whose columns the players table has at least (the largest game's)."""
        return self.totals.num_players if self.totals is not None else 4

    def regular_players(self) -> int:
        """Players with ``MIN_GAMES`` ranked games or more at some table: one player's counters at a
        time, in name order (a store reads them from disk a page at a time)."""
        return sum(
            1 for _, keys in self._by_name() if any(self.counters[k].ranked_games >= MIN_GAMES for k in keys)
        )

    def named_players(self) -> int:
        """Players with a row, without a list of their names."""
        return sum(1 for _ in self._by_name())

    def _by_name(self) -> Iterator[tuple[str, list[tuple[TableKey, str]]]]:
        """Each player's keys, in name order."""
        from itertools import groupby

        ordered = getattr(self.counters, "names_in_order", None)
        keys = ordered() if ordered is not None else sorted(self.counters, key=lambda k: k[1])
        for name, group in groupby(keys, key=lambda k: k[1]):
            yield name, list(group)

    def league_head(self, key: TableKey, rows: int) -> tuple[pd.DataFrame, int]:
        """The first ``rows`` rows of ``league(key)`` and how many it has, without making it whole
        (unless it is made already)."""
        made = self._made.get(("league", key))
        if made is not None:
            return made.head(rows), len(made)
        return league_top(self.counters, key, rows)

    def table_keys(self) -> list[TableKey]:
        """The tables of the report, four players first."""
        made = self._made.get(("tables", None))
        if made is None:
            found = set(self.totals.tables) if self.totals is not None else set()
            made = self._made["tables", None] = by_key(
                found | {k for k, _ in self.counters} | set(self.unnamed)
            )
        return list(made)

    def table(self, key: TableKey) -> Mapping[str, PlayerCounters]:
        """The players of one table key, by name (each one's counters read when asked for: the
        counters may be held packed, ``paifu.analysis.counters.CounterStore``)."""
        return _Table(self.counters, key)

    def field(self, key: TableKey) -> PlayerCounters:
        """Every seat of one table key, with a row or not: what its players are compared with."""
        made = self._made.get(("field", key))
        if made is None:
            made = self._made["field", key] = field_counters(self.table(key)) + self.unnamed.get(
                key, PlayerCounters()
            )
        return made

    def players(self) -> list[str]:
        """Every player with a row, in name order."""
        return sorted({name for _, name in self.counters})

    def keys_of(self, name: str) -> list[TableKey]:
        """The tables a player sat at, four players first: a look-up per table, not a pass over every
        player (a page per player stays linear in the players)."""
        return [k for k in self.table_keys() if (k, name) in self.counters]

    def league_row(self, key: TableKey, name: str) -> pd.Series | None:
        """The player's row of one table's league (an index made once: not a pass a player)."""
        league = self.league(key)
        index = self._made.get(("league_rows", key))
        if index is None:
            index = self._made["league_rows", key] = {}
            for at, player in enumerate(league["player"]):
                index.setdefault(player, at)
        found = index.get(name)
        return None if found is None else league.iloc[found]

    def rating_of(self, name: str) -> list[dict[str, Any]]:
        """The player's ``rating`` rows, in their order (an index made once: not a pass a player)."""
        of = getattr(self.rating, "of", None)  # a ``RatingRows``: read from its seats
        if of is not None:
            return list(of(name))
        index = self._made.get(("rating", None))
        if index is None:
            index = self._made["rating", None] = {}
            for row in self.rating:
                index.setdefault(row["player"], []).append(row)
        return list(index.get(name, []))

    def league(self, key: TableKey | None = None) -> pd.DataFrame:
        """The league table (``league_frame``): every table key, or one."""
        made = self._made.get(("league", key))
        if made is None:
            made = self._made["league", key] = league_frame(self.counters, key)
        return made

    @property
    def num_players(self) -> int:
        """The largest table of the report (each table's own size divides its statistics)."""
        keys = self.table_keys()
        if keys:
            return max(k.players for k in keys)
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
        regular = self.regular_players()
        tables = self.totals.tables if self.totals is not None else Counter[TableKey]()
        rows = [
            ("games", f"{games:,} ({_plural(hands if games else 0, 'hand')})"),
            (
                "tables",
                "; ".join(f"{k.label}: {tables[k]:,}" for k in by_key(tables)) or "none",
            ),
            (
                "players",
                f"{self.named_players():,} named ({regular} with {MIN_GAMES}+ ranked games at a table)"
                + (
                    f"; {_plural(self.unnamed_seats, 'seat')} without a name (counted in the field only)"
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
        chosen = self.selection.describe()
        if chosen or (self.totals is not None and self.totals.left_out):
            left = self.totals.left_out if self.totals is not None else 0
            rows.append(("selected", f"{chosen or 'all games'} ({left:,} games left out)"))
        if self.convention != "paifu":
            rows.append(("counted as", f"{self.convention} counts (docs/statistics.md)"))
        if self.unreadable:
            rows.append(("unreadable", f"{len(self.unreadable):,} inputs"))
        return rows

    def _unstated(self) -> str:
        """What the headline says of games whose table states no scheme (each game's own only)."""
        t = self.totals
        if self.scheme != "auto" or t is None or not t.unstated_schemes:
            return ""
        fitted = t.unstated_schemes - t.without_points
        return (
            f"; {_plural(t.unstated_schemes, 'game')} on tables whose scheme no source states: "
            f"{fitted:,} settled by the uma their own points fit, {t.without_points:,} without rank points"
        )

    def summary(self) -> str:
        """Lines for a terminal: each value printable (a scheme file's or a player's name can hold
        a newline or an escape sequence, which would forge a line or reach the terminal)."""
        from paifu.safety import printable

        lines = [f"{label}: {printable(value)}" for label, value in self.headline()]
        if self.player is not None:
            if self.stats_made is not None:
                rows = self.stats[self.stats["player"] == self.player]
            else:  # the player's own rows: the table is not made whole for them
                from paifu.analysis.stats import stats_frame

                mine = {(k, self.player): self.counters[(k, self.player)] for k in self.keys_of(self.player)}
                rows = stats_frame(mine, self._width(), convention=self.convention)
            if rows.empty:
                lines.append(printable(f"player {self.player!r} not found"))
            for _, r in rows.iterrows():
                key = TableKey.of_row(r) if "players" in r else None
                at = f" at {key.label}" if key is not None else ""
                lines.append(
                    printable(
                        f"{self.player}: {r['games']} games{at}, avg placement {_fmt(r['avg_placement'])}, "
                        f"avg points {_fmt(r['avg_rank_points'])}, win {_pct(r['win_rate'])}, "
                        f"deal-in {_pct(r['deal_in_rate'])}, riichi {_pct(r['riichi_rate'])}, "
                        f"call {_pct(r['call_rate'])}"
                    )
                )
        return "\n".join(lines)

    def find_player(self, name: str) -> tuple[str | None, list[str]]:
        """The player a name means (exact, else the one case-insensitive match) and close names as hints."""
        names = self.players()
        if name in names:
            return name, []
        folded = [p for p in names if p.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0], []
        import difflib

        close = difflib.get_close_matches(name, names, n=5, cutoff=0.6)
        close += [p for p in names if name.casefold() in p.casefold() and p not in close]
        return None, (folded or close)[:5]


class _Table(Mapping[str, PlayerCounters]):
    """One table key's players of a report's counters, by name, read when asked for."""

    def __init__(self, counters: Mapping[tuple[TableKey, str], PlayerCounters], key: TableKey) -> None:
        self.counters, self.key = counters, key

    def __getitem__(self, name: str) -> PlayerCounters:
        return self.counters[(self.key, name)]

    def __contains__(self, name: object) -> bool:
        return (self.key, name) in self.counters

    def __iter__(self) -> Iterator[str]:
        return (n for k, n in self.counters if k == self.key)

    def __len__(self) -> int:
        return sum(1 for k, _ in self.counters if k == self.key)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _fmt(v: Any, digits: int = 2) -> str:
    return "NA" if v is None or pd.isna(v) else f"{float(v):.{digits}f}"


def _pct(v: Any) -> str:
    return "NA" if v is None or pd.isna(v) else f"{100 * float(v):.1f}%"


def game_date_range(game_ids: Iterable[Any]) -> tuple[str, str, int] | None:
    """(first, last, how many) of the dates the log ids carry, or None when none does."""
    dates = sorted(f"{m[1]}-{m[2]}-{m[3]}" for gid in game_ids if gid and (m := _DATED_ID.match(str(gid))))
    return (dates[0], dates[-1], len(dates)) if dates else None
