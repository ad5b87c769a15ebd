"""A report over replayed games: frames, per-player statistics, findings, CSV/Parquet (HTML: ``paifu.analysis.html``).

Games with findings are counted and listed under "flagged", never dropped
silently; unreadable inputs are listed too. The report's figures come from the aggregates of
``paifu.analysis.stream.ReportSink`` (bounded memory); ``build_report`` adds the complete frames for a
notebook.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from paifu.analysis.finding_rows import finding_rows, findings_frame, show_command, viewer_page
from paifu.analysis.frames import build_frames
from paifu.analysis.html import write_html as _write
from paifu.analysis.model import MIN_GAMES, Report, Totals, game_date_range
from paifu.analysis.rank_points import Scheme
from paifu.analysis.rowfiles import write_table
from paifu.analysis.stream import ReportSink
from paifu.analysis.tables import Selection, parse_when
from paifu.engine.results import GameResult
from paifu.pipeline import Unreadable

__all__ = [
    "MIN_GAMES",
    "Report",
    "Selection",
    "Totals",
    "build_report",
    "finding_rows",
    "findings_frame",
    "game_date_range",
    "parse_when",
    "show_command",
    "viewer_page",
    "write_html",
    "write_table",
]


def build_report(
    results: Iterable[GameResult | Unreadable],
    player: str | None = None,
    scheme: Scheme | str = "auto",
    unreadable: Iterable[Unreadable] = (),
    selection: Selection | None = None,
    split: str = "table",
    convention: str = "paifu",
) -> Report:
    """The report of replayed games (``unreadable``: ``paifu.pipeline.Unreadable`` items), with the
    complete frames, flagged games and findings for a notebook. Its figures are those of the
    streamed report (``paifu.analysis.stream.ReportSink``), which renders the same HTML.

    Seats without a name are not one player "": they count in the field, never as a player.
    ``selection``: the games kept (``paifu.analysis.tables.Selection``; the frames hold those alone);
    ``split`` and ``convention`` as ``ReportSink`` takes them."""
    items = list(results)
    sink = ReportSink(scheme, player, selection=selection, split=split, convention=convention)
    for item in [*unreadable, *(r for r in items if isinstance(r, Unreadable))]:
        sink.add(item)
    games = [r for r in items if not isinstance(r, Unreadable)]
    for r in games:
        sink.add(r)
    sink.close()
    report = sink.report()
    if selection is not None:
        games = selection.apply(games)
    report.frames = build_frames(games, sink.spec.scheme)
    g = report.frames.games
    report.flagged = g.loc[
        ~g["valid"].fillna(False).astype(bool),
        ["source", "game_id", "game_index", "findings", "finding_codes"],
    ].reset_index(drop=True)
    report.findings = findings_frame(games)
    report.results = games
    return report


def write_html(report: Report, path: str | Path, viewer_links: bool = False) -> Path:
    """The HTML report (``paifu.analysis.html``) and its full tables beside it (those a ``ReportSink`` wrote
    as the games came are copied when the page goes elsewhere).

    Plot text is taken literally (no mathtext): a name or game id such as ``$x$`` or ``$\\foo$``
    would otherwise be parsed as TeX, and a bad one fails the whole report."""
    import matplotlib

    from paifu.analysis.plots import japanese_font

    japanese_font()  # before the context, which would undo it: every page is drawn alike, the first too
    with matplotlib.rc_context({"text.parse_math": False}):
        return _write(report, path, viewer_links=viewer_links)
