"""HTML pieces in the report's style: the page shell and its stylesheet, escaped text, inline
plots, tables, summary cards.

Shared by the report (``paifu.analysis.html``), the players' pages (``paifu.analysis.player_page``)
and the tournament page, none of which need each other to draw them. Every page carries the
glyphs of its Japanese text (``paifu.analysis.fonts``): it reads on a machine without a CJK font.
"""

from __future__ import annotations

import base64
import html as html_lib
from typing import Any

esc = html_lib.escape

CSS = """
body{font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif,'paifu-cjk';margin:0;color:#1d2430;background:#f6f7f9}
main{max-width:1080px;margin:0 auto;padding:1.2em 1.5em 3em}
h1{font-size:1.6em;margin:.2em 0 .1em}h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:2px solid #d9dde3}
h3{font-size:1.05em}.sub{color:#5b6575;margin:0 0 1em}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:.6em}
.card{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.55em .8em}
.card b{display:block;font-size:.75em;text-transform:uppercase;letter-spacing:.04em;color:#5b6575}
.card span{font-size:.95em}.card.flag span{color:#a4262c}
nav{margin:1em 0;font-size:.9em}nav a{margin-right:1.1em}
.scroll{overflow-x:auto;background:#fff;border:1px solid #d9dde3;border-radius:6px}
table{border-collapse:collapse;font-size:13px;width:100%}
th{background:#eef1f5;text-align:left;position:sticky;top:0}td,th{padding:4px 8px;border-bottom:1px solid #e6e9ee}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
td small,.few{color:#7a8494}.few{font-style:italic}
td.msg{min-width:300px}code{font-size:12px}td.code,td.nw,summary{white-space:nowrap}tr.me td{background:#fff6d6;font-weight:600}
.cmd{display:block;max-width:260px;overflow-wrap:anywhere;color:#5b6575}td.rec{overflow-wrap:anywhere;min-width:16em}summary{cursor:pointer;color:#2b5797}
.note{font-size:.88em;color:#5b6575}img{max-width:100%;background:#fff;border:1px solid #d9dde3;border-radius:6px}
tr.few td{color:#7a8494;font-style:italic}td a{color:#2b5797}
.bars{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.5em .8em}.bars h4{margin:.2em 0 .5em;font-size:.9em}
.bar{display:grid;grid-template-columns:2.5em 1fr 6.5em;align-items:center;gap:.4em;margin:.25em 0;font-size:.85em}.bar i{display:block;height:1em;border-radius:2px}.bar b{font-weight:400;color:#5b6575}
svg.chart{max-width:100%;height:auto;background:#f6f7f9}svg.chart text{fill:#1d2430;font-family:inherit}
.plots{display:grid;grid-template-columns:repeat(auto-fit,minmax(480px,1fr));gap:.8em}
"""


def page(title: str, heading: str, sub: str, body: list[str], font_text: str | None = None) -> str:
    """A whole self-contained page with the report's look (``CSS``): the report, the players' pages
    and the tournament bracket are all drawn in it. ``body``: HTML parts, in order. The page carries
    a font for its characters outside ASCII (``font_text``: text whose characters to carry instead,
    when several pages share one font)."""
    from paifu.analysis.fonts import font_face

    inner = [f"<h1>{esc(heading)}</h1>", f"<p class='sub'>{esc(sub)}</p>", *body]
    face = font_face(font_text if font_text is not None else "".join([title, *inner]))
    return "\n".join(
        [
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{esc(title)}</title>"
            + (f"<style>{face}</style>" if face else "")
            + f"<style>{CSS}</style></head><body><main>",
            *inner,
            "</main></body></html>",
        ]
    )


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
