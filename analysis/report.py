"""A report over replayed games: frames, per-player statistics, flagged games, HTML/CSV/Parquet.

Games with findings are counted and listed under "flagged", never dropped
silently; unreadable inputs are listed too.
"""

from __future__ import annotations

import base64
import html as html_lib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analysis.frames import Frames, build_frames, outcome
from analysis.rank_points import Scheme, get_scheme
from analysis.stats import PlayerCounters, combine, count_game, field_counters, stats_frame, yaku_frequencies


@dataclass(frozen=True)
class Totals:
    """Whole-run counts of a streamed report (``analysis.stream``), whose frames are samples."""

    games: int
    hands: int
    flagged: int
    num_players: int
    players_per_game: Counter[int]


@dataclass
class Report:
    frames: Frames
    counters: dict[str, PlayerCounters]
    stats: pd.DataFrame  # one row per player (see analysis.stats.stats_frame)
    flagged: pd.DataFrame  # games with findings: keys, finding count and codes
    player: str | None = None
    scheme: str = "auto"
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)
    totals: Totals | None = None  # set when the frames hold only samples (a streamed report)

    @property
    def field(self) -> PlayerCounters:
        return field_counters(self.counters)

    @property
    def num_players(self) -> int:
        if self.totals is not None:
            return self.totals.num_players
        n = self.frames.games["num_players"].dropna()
        return int(n.max()) if len(n) else 4

    @property
    def flagged_count(self) -> int:
        return self.totals.flagged if self.totals is not None else len(self.flagged)

    def summary(self) -> str:
        g = self.frames.games
        games, hands = (self.totals.games, self.totals.hands) if self.totals is not None else \
            (len(g), int(g["hands"].sum()) if len(g) else 0)
        lines = [
            f"{games} games, {hands} hands, {len(self.counters)} players; "
            f"{self.flagged_count} flagged (findings), {len(self.unreadable)} unreadable; scheme {self.scheme}"
        ]
        if self.player is not None:
            row = self.stats[self.stats["player"] == self.player]
            if row.empty:
                lines.append(f"player {self.player!r} not found")
            else:
                r = row.iloc[0]
                lines.append(
                    f"{self.player}: {r['games']} games, avg placement {_fmt(r['avg_placement'])}, "
                    f"avg points {_fmt(r['avg_rank_points'])}, win {_pct(r['win_rate'])}, "
                    f"deal-in {_pct(r['deal_in_rate'])}, riichi {_pct(r['riichi_rate'])}, call {_pct(r['call_rate'])}"
                )
        return "\n".join(lines)


def _fmt(v: Any, digits: int = 2) -> str:
    return "NA" if v is None or pd.isna(v) else f"{float(v):.{digits}f}"


def _pct(v: Any) -> str:
    return "NA" if v is None or pd.isna(v) else f"{100 * float(v):.1f}%"


def build_report(results: Iterable[Any], player: str | None = None, scheme: Scheme | str = "auto",
                 unreadable: Iterable[Any] = ()) -> Report:
    """Frames and statistics for replayed games; ``unreadable``: ``paifu.replay.Unreadable`` items."""
    results = list(results)
    if not (isinstance(scheme, str) and scheme == "auto"):
        scheme = get_scheme(scheme)
    outcomes = [outcome(r, scheme) for r in results]
    frames = build_frames(results, scheme, outcomes)
    per_game = []
    for r, oc in zip(results, outcomes, strict=True):
        seats = count_game(r, oc.placements, oc.points)
        batch: dict[str, PlayerCounters] = {}
        for name, c in zip(r.players, seats, strict=True):
            batch[name] = batch[name] + c if name in batch else c
        per_game.append(batch)
    counters = combine(*per_game)
    n = int(frames.games["num_players"].max()) if len(frames.games) else 4
    g = frames.games
    flagged = g.loc[~g["valid"].fillna(False).astype(bool), ["source", "game_id", "game_index", "findings",
                                                             "finding_codes"]].reset_index(drop=True)
    return Report(
        frames=frames, counters=counters, stats=stats_frame(counters, n), flagged=flagged, player=player,
        scheme=scheme if isinstance(scheme, str) else scheme.name,
        unreadable=[(u.file, u.reason) for u in unreadable], results=results,
    )


# ---------------------------------------------------------------------- writers
def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """CSV or Parquet, by the file's suffix (``.csv``, ``.parquet``/``.pq``; another suffix is an error)."""
    p = Path(path)
    if p.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValueError(f"{p}: write tables as .csv or .parquet")
    if p.suffix.lower() in (".parquet", ".pq"):
        out = df.copy()
        for col in out.columns:  # Parquet wants one type per column: categories of seats stay ints
            if isinstance(out[col].dtype, pd.CategoricalDtype):
                out[col] = out[col].astype(out[col].cat.categories.dtype.name if out[col].cat.categories.dtype
                                           != object else "string")
        out.to_parquet(p, index=False)
    else:
        df.to_csv(p, index=False)
    return p


def _img(ax: Any, alt: str) -> str:
    from analysis.plots import to_png

    data = base64.b64encode(to_png(ax)).decode("ascii")
    return f'<img alt="{html_lib.escape(alt)}" src="data:image/png;base64,{data}">'


def _table(df: pd.DataFrame, max_rows: int = 200) -> str:
    if df.empty:
        return "<p>none</p>"
    return df.head(max_rows).to_html(index=False, na_rep="NA", float_format=lambda v: f"{v:.3f}", border=0)


def write_html(report: Report, path: str | Path) -> Path:
    """One self-contained HTML file: summary, flagged games, statistics, plots as base64 PNG."""
    from analysis import plots

    esc = html_lib.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>paifu report</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:12px}"
        "td,th{padding:2px 6px;border-bottom:1px solid #ddd}.flag{color:#b00}</style></head><body>",
        "<h1>paifu report</h1>",
        f"<pre>{esc(report.summary())}</pre>",
        f"<h2 class='flag'>Flagged games ({report.flagged_count})</h2>",
        "<p>Games whose replay found something wrong; they are counted in the statistics below.</p>",
        _table(report.flagged),
    ]
    if report.unreadable:
        parts += ["<h2 class='flag'>Unreadable inputs</h2>",
                  _table(pd.DataFrame(report.unreadable, columns=["file", "reason"]))]
    gp = report.frames.game_players
    n = report.num_players
    if report.player is not None and report.player in report.counters:
        c = report.counters[report.player]
        parts += [f"<h2>{esc(report.player)}</h2>",
                  _img(plots.placement_bars(c.placements, report.player), "placements"),
                  _img(plots.rates_vs_field(c, report.field, report.player, n), "rates against the field"),
                  _img(plots.rank_point_progression(gp, report.player), "rank points")]
        yaku = yaku_frequencies(c)
        parts += ["<h3>Yaku</h3>", _table(pd.DataFrame(
            [{"yaku": k, "wins": int(e.numerator), "share": e.value} for k, e in yaku.items()]))]
    else:
        parts.append(_img(plots.placement_bars(report.field.placements), "placements"))
    parts += ["<h2>Players</h2>", _table(report.stats), "<h2>Games</h2>", _table(report.frames.games)]
    if len(report.results) == 1:
        parts += ["<h2>Scores</h2>", _img(plots.game_scores(report.results[0]), "scores")]
    parts.append("</body></html>")
    p = Path(path)
    p.write_text("\n".join(parts), encoding="utf-8")
    return p
