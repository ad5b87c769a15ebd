"""The report's findings as rows: one per finding (a wall mismatch's consequences folded into their
cause), with its text and the ``paifu show`` command and viewer page that open its game at its event.
The streamed sink and the HTML page read them; they know nothing of the report.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Any

import pandas as pd

from paifu.analysis.tabletypes import REPORT_FINDINGS
from paifu.engine.results import GameResult
from paifu.safety import display_path
from paifu.view.names import STDIN, game_label, page_name


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


def finding_rows(r: GameResult) -> list[dict[str, Any]]:
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


def findings_frame(results: Iterable[GameResult | dict[str, Any]]) -> pd.DataFrame:
    """One row per finding, a wall-mismatch's consequences folded into their cause (``count``), with
    its readable text and the ``paifu show`` command that opens the game at its event.
    ``results``: replayed games, or rows ``finding_rows`` made."""
    rows = [row for r in results for row in ([r] if isinstance(r, dict) else finding_rows(r))]
    cols = REPORT_FINDINGS
    df = pd.DataFrame(rows, columns=list(cols))
    for col, dtype in cols.items():
        df[col] = pd.array([pd.NA if v is None else v for v in df[col].tolist()], dtype=dtype)  # type: ignore[call-overload]
    return df
