"""The panel beside the table, as HTML (real text: it wraps, reads at any size, can be selected):
the event, and at a result the result as Tenhou shows one (winner and from whom, the hand with
the winning tile apart, yaku in Japanese or English, han, fu, limit, points, ura dora, each seat's
change), a draw (its kind, who was tenpai), the game's end (``paifu.view.ending``), and the
findings at the event with the record's value, the rules' value, the rule and its source
(``paifu.view.reasons``). Values are the engine's, in ``data-*`` attributes too, so a test reads
what a person sees. Tiles are small SVGs of the page's tile faces (``<use href="#pt-5m">``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from paifu.view.faces import H, W
from paifu.view.model import TableData, WinView
from paifu.view.words import DRAW_EN, DRAW_JA, LIMIT_JA, yaku_en, yaku_ja

esc = html.escape

#: the panel's and the page's own styles, under ``.pf`` (a page's body, a notebook cell's block):
#: no text under 12 px, Japanese or English by the ``english`` class, tiles at the text's height
CSS = """
.pf{font-family:var(--pf-font,'DejaVu Sans'),'DejaVu Sans','Liberation Sans',Arial,sans-serif;color:#1b1b1b;font-size:14px;line-height:1.4}
.pf .en{display:none}.pf.english .en{display:inline}.pf.english .ja{display:none}
.pf svg.tl{height:2.2em;width:auto;vertical-align:middle;margin:0 .15em}
.pf-panel{font-size:15px}.pf-panel section{margin:0 0 .7em}
.pf-panel .ev{color:#333;overflow-wrap:anywhere}.pf-panel .evn{color:#666;font-size:13px;margin-right:.5em}
.pf-panel .result{border-top:4px solid #c8a24a;padding-top:.3em}.pf-panel .draw{border-color:#3d7ea6}
.pf-panel h4{font-size:16px;margin:.1em 0 .3em}.pf-panel table{border-collapse:collapse}
.pf-panel td,.pf-panel th{padding:1px 8px 1px 0;text-align:left;font-weight:normal}
.pf-panel td.n{text-align:right}.pf-panel .value{font-weight:bold;margin-top:.2em}
.pf-panel .up{color:#1a7f37}.pf-panel .down{color:#b00020}
.pf-panel .finding{border-top:3px solid #b00020;padding-top:.3em;color:#5a0010}
.pf-panel .finding .code{font-weight:bold;color:#b00020}.pf-panel .finding .vals{margin:.2em 0}
.pf-panel .finding .rec,.pf-panel .finding .rul{display:inline-block;border:1px solid #d9b8bf;border-radius:4px;padding:0 6px;margin:2px 4px 2px 0;background:#fff6f7;color:#1b1b1b}
.pf-panel .finding .why{color:#333;font-size:13px}
.pf .end{border-top:4px solid #6b4fa0;padding-top:.3em}.pf .end th{color:#555;font-size:13px;white-space:nowrap}
.pf .end .tw{overflow-x:auto}.pf .end table{font-size:13px}.pf .end td{white-space:nowrap;padding-right:6px}
.pf .end td.place{font-weight:bold}.pf .end .notes{color:#555;font-size:13px}
.pf-review{font-size:14px}.pf-review .worse{color:#b00020}.pf-review .safe{color:#1a5f2a}
"""


@lru_cache(maxsize=4096)
def both(ja: str, en: str) -> str:
    """One text in Japanese and in English; the page's switch shows one (cached: the review and the
    panels repeat their words at every discard)."""
    return f"<span class='ja'>{esc(ja)}</span><span class='en'>{esc(en)}</span>"


def tiles_html(*groups: Sequence[str]) -> str:
    """Tiles as one small SVG of the page's faces, a gap between ``groups`` (a hand, its melds, the
    winning tile)."""
    x, out, names = 0, [], []
    for g, tiles in enumerate(g for g in groups if g):
        if g:
            x += 8
        for t in tiles:
            out.append(f"<use href='#pt-{esc(t)}' x='{x}' y='0'/>")
            names.append(t)
            x += W + 1
    label = esc(" ".join(names))
    return f"<svg class='tl' viewBox='0 0 {max(x - 1, 1)} {H}' role='img' aria-label='{label}'>{''.join(out)}</svg>"


def _name(tv: TableData, seat: int) -> str:
    return tv.seats[seat].name if seat < len(tv.seats) and tv.seats[seat].name else f"seat {seat}"


def win_html(tv: TableData, w: WinView) -> str:
    who, src = esc(_name(tv, w.seat)), esc(_name(tv, w.from_seat))
    how = f"{both('ツモ', 'tsumo')}" if w.tsumo else f"{both('ロン', 'ron from')} {src}"
    hand = tiles_html(w.hand, *(m.tiles for m in w.melds), (w.tile,))
    yaku = "".join(
        f"<tr class='yaku' data-name='{esc(name)}' data-han='{han}'><td>{both(yaku_ja(name), yaku_en(name))}</td>"
        f"<td class='n'>{han}</td></tr>"
        for name, han in w.yaku
    )
    limit_ja = LIMIT_JA.get(w.limit or "", w.limit or "")
    fu_ja = f"{w.fu}符 " if w.fu else ""
    fu_en = f"{w.fu} fu " if w.fu else ""
    value = both(
        f"{fu_ja}{w.han}飜 {limit_ja} {w.points}点".replace("  ", " "),
        f"{w.han} han {fu_en}{w.limit or ''} {w.points} points".replace("  ", " "),
    )
    return (
        f"<section class='result win' data-seat='{w.seat}' data-from='{w.from_seat}' data-han='{w.han}' "
        f"data-fu='{w.fu}' data-points='{w.points}' data-limit='{esc(w.limit or '')}'>"
        f"<h4>{who} {how}</h4><div class='win-hand' data-seat='{w.seat}'>{hand}</div>"
        f"<table>{yaku}</table><div class='value'>{value}</div></section>"
    )


def draw_html(tv: TableData) -> str:
    out = [f"<section class='result draw' data-draw='{esc(tv.draw)}'>"]
    out.append(f"<h4>{both(DRAW_JA.get(tv.draw, tv.draw), DRAW_EN.get(tv.draw, tv.draw))}</h4>")
    if tv.tenpai:
        ready = ", ".join(_name(tv, s) for s, t in enumerate(tv.tenpai) if t)
        out.append(f"<div>{both('聴牌: ' + (ready or 'なし'), 'tenpai: ' + (ready or 'none'))}</div>")
    out.append("</section>")
    return "".join(out)


def changes_html(tv: TableData) -> str:
    rows = []
    for s, d in enumerate(tv.changes):
        cls = "up" if d > 0 else "down" if d < 0 else ""
        score = tv.seats[s].score if s < len(tv.seats) else 0
        rows.append(
            f"<tr><td>{esc(_name(tv, s))}</td><td class='n change {cls}' data-seat='{s}' data-change='{d}'>"
            f"{d:+,}</td><td class='n'>{score:,}</td></tr>"
        )
    return f"<section class='changes'><table>{''.join(rows)}</table></section>"


def finding_html(f: Any) -> str:
    """A finding (``paifu.view.reasons.FindingView``): where, what, the two values, the rule, why."""
    vals = ""
    if f.record is not None or f.rules is not None:
        label = f"{f.label} " if f.label else ""
        vals = (
            f"<div class='vals'><span class='rec' data-value='{esc(str(f.record))}'>the record says "
            f"{esc(label)}<b>{esc(str(f.record))}</b></span> <span class='rul' data-value='{esc(str(f.rules))}'>"
            f"{esc(f.who)} <b>{esc(str(f.rules))}</b></span></div>"
        )
    values = "; ".join(f"{esc(v.field)} = {esc(v.value)} ({esc(v.source)})" for v in f.values)
    rule = f"the rule: {esc(f.rule)}" if f.rule else ""
    where = f" under {esc(f.ruleset)}" if f.values else ""
    source = f"; {values}" if values else f" (source: {esc(f.source)})" if f.source else ""
    return (
        f"<div class='finding' data-code='{esc(f.code)}' data-event='{f.event}'>"
        f"<span class='code'>[{esc(f.code)}]</span> <span class='where'>{esc(f.where)}</span>: "
        f"{esc(f.message)}{vals}<div class='why'>{esc(f.meaning)}. {rule}{where}{source}</div></div>"
    )


def end_html(table: Any) -> str:
    """The game's end (``paifu.view.ending.EndTable``): a row per place."""
    rated = any(r.rate is not None for r in table.rows)
    ranked = any(r.rank is not None or r.rank_change is not None for r in table.rows)
    head = [both("順位", "place"), both("名前", "name"), both("持ち点", "score"), both("収支", "change")]
    head += [both("ウマ", "uma"), both("オカ", "oka"), both("順位点", "rank points")]
    if ranked:
        head += [both("段位", "rank"), both("段位pt", "rank pts")]
    if rated:
        head += [both("R", "R before"), both("R後", "R after")]
    rows = []
    for r in table.rows:
        cls = "up" if r.change > 0 else "down" if r.change < 0 else ""
        pcls = "up" if (r.points or 0) > 0 else "down" if (r.points or 0) < 0 else ""
        cells = [
            f"<td class='place'>{r.place}</td>",
            f"<td class='name'>{esc(r.name or f'seat {r.seat}')}</td>",
            f"<td class='n score'>{r.score:,}</td>",
            f"<td class='n {cls}'>{r.change:+,}</td>",
            f"<td class='n'>{_num(r.uma)}</td>",
            f"<td class='n'>{_num(r.oka) if r.oka else ''}</td>",
            f"<td class='n points {pcls}' data-points='{r.points if r.points is not None else ''}'>"
            f"{esc(r.points_text)}</td>",
        ]
        if ranked:
            moved = f"{r.rank_change:+g}" if r.rank_change is not None else ""
            cells += [f"<td>{esc(r.rank or '')}</td>", f"<td class='n'>{moved}</td>"]
        if rated:
            cells += [
                f"<td class='n'>{_rate(r.rate)}</td>",
                f"<td class='n'>{_rate(r.rate_after)}</td>",
            ]
        rows.append(f"<tr class='end-row' data-seat='{r.seat}' data-place='{r.place}'>{''.join(cells)}</tr>")
    notes = "".join(f"<div>{esc(n)}</div>" for n in table.notes)
    return (
        f"<section class='end'><h4>{both('終局', 'game end')}</h4><div class='tw'><table><tr>"
        f"{''.join(f'<th>{h}</th>' for h in head)}</tr>{''.join(rows)}</table></div><div class='notes'><div>{esc(table.scheme)}</div>{notes}</div></section>"
    )


def _num(v: float | None) -> str:
    """A signed value, whole where it is (``+20``, ``+7.5``)."""
    return "" if v is None else f"{v:+g}"


def _rate(v: float | None) -> str:
    """A rating as Tenhou writes it: ``R2177.00``'s number, two decimals."""
    return "" if v is None else f"{v:.2f}"


def event_html(tv: TableData) -> str:
    return (
        f"<section class='ev' data-event='{tv.index}'><span class='evn'>event {tv.index}</span>"
        f"<span class='evt'>{esc(tv.event)}</span></section>"
    )


def side_html(tv: TableData) -> str:
    """The panel for one event."""
    out = [f"<div class='header' data-event='{tv.index}'>", event_html(tv)]
    out.extend(win_html(tv, w) for w in tv.wins)
    if tv.draw:
        out.append(draw_html(tv))
    if tv.ura and tv.wins:
        out.append(f"<section class='ura'>{both('裏ドラ', 'ura dora')} {tiles_html(tv.ura)}</section>")
    if tv.changes and (tv.wins or tv.draw):
        out.append(changes_html(tv))
    if tv.ending is not None:
        out.append(end_html(tv.ending))
    out.extend(finding_html(f) for f in tv.finding_views)
    out.append("</div>")
    return "".join(out)
