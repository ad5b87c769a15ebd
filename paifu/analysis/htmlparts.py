"""HTML pieces in the report's style: escaped text, inline plots, tables, summary cards.

Shared by the report (``paifu.analysis.html``), its player section (``paifu.analysis.player_page``) and the
tournament page, none of which need each other to draw them.
"""

from __future__ import annotations

import base64
import html as html_lib
from typing import Any

esc = html_lib.escape


def img(ax: Any, alt: str) -> str:
    from paifu.analysis.plots import to_png

    data = base64.b64encode(to_png(ax)).decode("ascii")
    return f'<img alt="{esc(alt)}" src="data:image/png;base64,{data}">'


def html_table(head: list[str], rows: list[str], total: int | None = None, csv: str | None = None) -> str:
    """A table in the report's style (``rows``: ``<tr>`` HTML), saying how many of ``total`` rows it
    shows and naming the ``csv`` that has them all; "none" when there are no rows."""
    shown = len(rows)
    note = ""
    if total is not None and total > shown:
        note = f"<p class='note'>Showing {shown:,} of {total:,} rows" + (
            f"; all of them are in <a href='{esc(csv)}'>{esc(csv)}</a>.</p>" if csv else ".</p>"
        )
    elif csv:
        note = f"<p class='note'>Also as <a href='{esc(csv)}'>{esc(csv)}</a>.</p>"
    if not rows:
        return "<p>none</p>"
    th = "".join(f"<th>{esc(h)}</th>" for h in head)  # text, a player's name among them
    return f"<div class='scroll'><table><thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>{note}"


def cards(pairs: list[tuple[str, str]], flagged: str | None = None) -> str:
    """The summary cards at the top of a page: (label, value); the card labelled ``flagged`` in red."""
    return (
        "<div class='cards'>"
        + "".join(
            f"<div class='card{' flag' if label == flagged else ''}'><b>{esc(label)}</b><span>{esc(value)}</span></div>"
            for label, value in pairs
        )
        + "</div>"
    )
