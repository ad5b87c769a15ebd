"""A report over replayed games: frames, per-player statistics, findings, CSV/Parquet (HTML: ``analysis.html``).

Games with findings are counted and listed under "flagged", never dropped
silently; unreadable inputs are listed too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analysis.frames import Frames, build_frames, outcome
from analysis.rank_points import Scheme, get_scheme
from analysis.stats import PlayerCounters, combine, count_game, field_counters, stats_frame
from paifu.pipeline import Unreadable

#: a player needs this many ranked games for intervals and a place in the plots ("regular players")
MIN_GAMES = 10
_DATED_ID = re.compile(r"^(20\d\d)(\d\d)(\d\d)\d\dgm-")  # Tenhou log ids start with the date


@dataclass
class Report:
    frames: Frames
    counters: dict[str, PlayerCounters]  # named players only
    stats: pd.DataFrame  # one row per named player (see analysis.stats.stats_frame)
    flagged: pd.DataFrame  # games with findings: keys, finding count and codes
    player: str | None = None
    scheme: str = "auto"
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)
    findings: pd.DataFrame = field(default_factory=pd.DataFrame)  # one row per finding (grouped by cause)
    unnamed: PlayerCounters = field(default_factory=PlayerCounters)  # seats without a name, summed
    unnamed_seats: int = 0

    @property
    def field(self) -> PlayerCounters:
        """Every seat, named or not: what a player is compared with."""
        return field_counters(self.counters) + self.unnamed

    @property
    def num_players(self) -> int:
        n = self.frames.games["num_players"].dropna()
        return int(n.max()) if len(n) else 4

    def date_range(self) -> tuple[str, str, int] | None:
        """(first, last, games dated) from the dates log ids carry, or None when no id has one."""
        dates = sorted(f"{m[1]}-{m[2]}-{m[3]}" for gid in self.frames.games["game_id"].dropna()
                       if (m := _DATED_ID.match(str(gid))))
        return (dates[0], dates[-1], len(dates)) if dates else None

    def headline(self) -> list[tuple[str, str]]:
        """The summary a reader sees first, as (label, value) pairs."""
        g = self.frames.games
        games = len(g)
        flagged = len(self.flagged)
        dates = self.date_range()
        regular = int((self.stats["ranked_games"] >= MIN_GAMES).sum()) if "ranked_games" in self.stats else 0
        rows = [
            ("games", f"{games:,} ({_plural(int(g['hands'].sum()) if games else 0, 'hand')})"),
            ("players", f"{len(self.counters):,} named ({regular} with {MIN_GAMES}+ ranked games)"
             + (f"; {self.unnamed_seats:,} seats without a name (counted in the field only)"
                if self.unnamed_seats else "")),
            ("dates", f"{dates[0]} to {dates[1]} ({dates[2]:,} of {games:,} games carry a date)" if dates
             else "not stated by these records"),
            ("flagged", f"{flagged:,} of {_plural(games, 'game')} ({100 * flagged / games:.1f}%) "
             f"{'has' if flagged == 1 else 'have'} findings; they stay in the statistics" if flagged
             else f"none: {'the game replays' if games == 1 else f'all {games:,} games replay'} clean"),
            ("rank points", f"scheme {self.scheme}" + (" (each game's own platform)" if self.scheme == "auto" else "")),
        ]
        if self.unreadable:
            rows.append(("unreadable", f"{len(self.unreadable):,} inputs"))
        return rows

    def summary(self) -> str:
        lines = [f"{label}: {value}" for label, value in self.headline()]
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
    """The file name ``paifu show`` pages are expected under (``viewer/<this>#event=N``)."""
    stem = re.sub(r"[^0-9A-Za-z_.-]+", "_", Path(source).name.split(".")[0]) or "game"
    return f"{stem}-{game_index}.html"


def findings_frame(results: Iterable[Any]) -> pd.DataFrame:
    """One row per finding, a wall-mismatch's consequences folded into their cause (``count``), with
    its readable text and the ``paifu show`` command that opens the game at its event."""
    from paifu.findings import group_findings

    rows = []
    for r in results:
        for g in group_findings(r.findings):
            f = g.first
            rows.append({
                "source": r.source, "game_id": r.game_id or "", "game_index": r.game_index, "hand": f.hand,
                "event_index": f.event_index, "seat": f.seat,
                "player": r.players[f.seat] if f.seat is not None and f.seat < len(r.players) else "",
                "code": f.code, "count": g.count, "finding": f.text(),
                "also_in": ", ".join(sorted({x.hand for x in g.more if x.hand})),
                "view": f"paifu show {shlex.quote(r.source)} --game {r.game_index} -o "
                        + shlex.quote(viewer_page(r.source, r.game_index)),
                "viewer_page": viewer_page(r.source, r.game_index),
            })
    cols = {"source": "string", "game_id": "string", "game_index": "Int64", "hand": "string",
            "event_index": "Int64", "seat": "Int64", "player": "string", "code": "string", "count": "Int64",
            "finding": "string", "also_in": "string", "view": "string", "viewer_page": "string"}
    df = pd.DataFrame(rows, columns=list(cols))
    for col, dtype in cols.items():
        df[col] = pd.array([pd.NA if v is None else v for v in df[col].tolist()], dtype=dtype)
    return df


def build_report(results: Iterable[Any], player: str | None = None, scheme: Scheme | str = "auto",
                 unreadable: Iterable[Any] = ()) -> Report:
    """Frames and statistics for replayed games; ``unreadable``: ``paifu.pipeline.Unreadable`` items.

    Seats without a name are not one player "": they count in the field, never as a player."""
    items = list(results)
    results = [r for r in items if not isinstance(r, Unreadable)]  # a batch from replay_paths holds both
    unreadable = [*unreadable, *(r for r in items if isinstance(r, Unreadable))]
    if not (isinstance(scheme, str) and scheme == "auto"):
        scheme = get_scheme(scheme)
    outcomes = [outcome(r, scheme) for r in results]
    frames = build_frames(results, scheme, outcomes)
    per_game = []
    unnamed, unnamed_seats = PlayerCounters(), 0
    for r, oc in zip(results, outcomes, strict=True):
        seats = count_game(r, oc.placements, oc.points)
        batch: dict[str, PlayerCounters] = {}
        for name, c in zip(r.players, seats, strict=True):
            if not str(name).strip():
                unnamed, unnamed_seats = unnamed + c, unnamed_seats + 1
                continue
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
        findings=findings_frame(results), unnamed=unnamed, unnamed_seats=unnamed_seats,
    )


# ---------------------------------------------------------------------- writers
def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """CSV or Parquet, by the file's suffix (``.csv``, ``.parquet``/``.pq``; another suffix is an error)."""
    p = Path(path)
    if p.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValueError(f"{p}: write tables as .csv or .parquet")
    if p.suffix.lower() in (".parquet", ".pq"):
        out = df.copy()
        for col in out.columns:  # seats as nullable ints (pao_seat is mostly NA); read_table restores them
            if isinstance(out[col].dtype, pd.CategoricalDtype):
                ints = pd.api.types.is_integer_dtype(out[col].cat.categories.dtype)
                out[col] = out[col].astype("Int64" if ints else "string")
        out.to_parquet(p, index=False)
    else:
        from paifu.safety import csv_safe

        csv_safe(df).to_csv(p, index=False)  # a name like "=HYPERLINK(...)" is no formula in a spreadsheet
    return p


def write_html(report: Report, path: str | Path, viewer_links: bool = False) -> Path:
    """The HTML report (``analysis.html``) and its full tables beside it.

    Plot text is taken literally (no mathtext): a name or game id such as ``$x$`` or ``$\\foo$``
    would otherwise be parsed as TeX, and a bad one fails the whole report."""
    import matplotlib

    from analysis.html import write_html as _write

    with matplotlib.rc_context({"text.parse_math": False}):
        return _write(report, path, viewer_links=viewer_links)
