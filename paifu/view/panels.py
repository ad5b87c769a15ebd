"""The panel beside the table: the event, and at a result the result as Tenhou shows one (winner
and from whom, the hand with the winning tile apart, yaku in Japanese or English, han, fu, limit,
points, ura dora, each seat's change), a draw (its kind, who was tenpai, the payments), and the
findings at the event. Values are the engine's (``TableData.wins``), in ``data-*`` attributes
too, so a test reads what a person sees."""

from __future__ import annotations

import textwrap

from paifu.view.board import S
from paifu.view.faces import H, W
from paifu.view.glyphs import text
from paifu.view.model import TableData, WinView
from paifu.view.words import DRAW_EN, DRAW_JA, LIMIT_JA, yaku_en, yaku_ja

X = S + 14  # the panel's left edge
WIDE = 330
INK, MUTED, BAD = "#1b1b1b", "#5d5d5d", "#b00020"


def _name(tv: TableData, seat: int) -> str:
    return tv.seats[seat].name if seat < len(tv.seats) and tv.seats[seat].name else f"seat {seat}"


def _both(x: float, y: float, ja: str, en: str, size: float, fill: str = INK) -> str:
    """One line in Japanese and in English; the viewer's switch shows one (``.en`` on the table)."""
    return f"<g class='ja'>{text(x, y, ja, size, fill)}</g><g class='en'>{text(x, y, en, size, fill)}</g>"


def _tiles(tiles: tuple[str, ...], x: float, y: float, scale: float = 0.7) -> tuple[str, float]:
    out = []
    for t in tiles:
        out.append(f"<use href='#pt-{t}' x='{x / scale:g}' y='{y / scale:g}'/>")
        x += (W + 1) * scale
    return f"<g transform='scale({scale})'>{''.join(out)}</g>", x


def win_panel(tv: TableData, w: WinView, y: float) -> tuple[str, float]:
    who, src = _name(tv, w.seat), _name(tv, w.from_seat)
    how_ja = "ツモ" if w.tsumo else f"ロン ← {src}"
    how_en = "tsumo" if w.tsumo else f"ron from {src}"
    out = [
        f"<g class='result win' data-seat='{w.seat}' data-from='{w.from_seat}' data-han='{w.han}' "
        f"data-fu='{w.fu}' data-points='{w.points}' data-limit='{w.limit or ''}'>",
        f"<rect x='{X - 6}' y='{y - 18}' width='{WIDE}' height='4' fill='#c8a24a'/>",
        _both(X, y, f"{who}  {how_ja}", f"{who}  {how_en}", 15),
    ]
    y += 10
    hand, x = _tiles(w.hand, X, y)
    out.append(f"<g class='win-hand' data-seat='{w.seat}'>{hand}</g>")
    for m in w.melds:
        part, x = _tiles(m.tiles, x + 5, y)
        out.append(f"<g class='win-meld'>{part}</g>")
    tile, _ = _tiles((w.tile,), x + 8, y)
    out.append(f"<g class='win-tile'>{tile}</g>")
    y += H * 0.7 + 20
    for name, han in w.yaku:
        out.append(f"<g class='yaku' data-name='{name}' data-han='{han}'>")
        out.append(_both(X + 4, y, yaku_ja(name), yaku_en(name), 13))
        out.append(text(X + WIDE - 24, y, f"{han}", 13, INK, "end") + "</g>")
        y += 17
    limit_ja = LIMIT_JA.get(w.limit or "", w.limit or "")
    fu_ja = f"{w.fu}符 " if w.fu else ""
    fu_en = f"{w.fu} fu " if w.fu else ""
    out.append(
        _both(
            X,
            y + 4,
            f"{fu_ja}{w.han}飜 {limit_ja} {w.points}点",
            f"{w.han} han {fu_en}{w.limit or ''} {w.points} points".replace("  ", " "),
            15,
        )
    )
    out.append("</g>")
    return "".join(out), y + 30


def draw_panel(tv: TableData, y: float) -> tuple[str, float]:
    out = [f"<g class='result draw' data-draw='{tv.draw}'>"]
    out.append(_both(X, y, DRAW_JA.get(tv.draw, tv.draw), DRAW_EN.get(tv.draw, tv.draw), 16))
    y += 22
    if tv.tenpai:
        ready = [_name(tv, s) for s, t in enumerate(tv.tenpai) if t]
        out.append(
            _both(
                X, y, "聴牌: " + (", ".join(ready) or "なし"), "tenpai: " + (", ".join(ready) or "none"), 13
            )
        )
        y += 18
    out.append("</g>")
    return "".join(out), y


def changes_panel(tv: TableData, y: float) -> tuple[str, float]:
    out = ["<g class='changes'>"]
    for s, d in enumerate(tv.changes):
        colour = "#1a7f37" if d > 0 else BAD if d < 0 else MUTED
        out.append(text(X, y, _name(tv, s), 13, INK))
        out.append(text(X + 200, y, f"{d:+,}", 13, colour, "end", class_="change", data_seat=str(s)))
        out.append(text(X + WIDE - 12, y, f"{tv.seats[s].score:,}", 13, INK, "end"))
        y += 17
    out.append("</g>")
    return "".join(out), y


def lines(s: str, width: int) -> list[str]:
    """``textwrap.wrap(s, width)``, at once for a text that fits on one line as it is (most events'
    text, for which the wrapper's chunking cost more than drawing it): no whitespace but inner spaces."""
    if s and len(s) <= width and s.isprintable() and s[0] != " " and s[-1] != " ":
        return [s]
    return textwrap.wrap(s, width)


def side_part(tv: TableData) -> str:
    """The panel for one event."""
    out = [f"<g class='event' data-event='{tv.index}'>"]
    y = 24.0
    out.append(text(X, y, f"event {tv.index}", 12, MUTED))
    for line in lines(tv.event, 46)[:3]:
        y += 17
        out.append(text(X, y, line, 14, INK))
    out.append("</g>")
    y += 34
    for w in tv.wins:
        part, y = win_panel(tv, w, y)
        out.append(part)
    if tv.draw:
        part, y = draw_panel(tv, y)
        out.append(part)
    if tv.ura and tv.wins:
        out.append(_both(X, y, "裏ドラ", "ura dora", 13))
        part, _ = _tiles(tv.ura, X + 70, y - 16, 0.6)
        out.append(f"<g class='ura'>{part}</g>")
        y += 26
    if tv.changes and (tv.wins or tv.draw):
        part, y = changes_panel(tv, y + 6)
        out.append(part)
    if tv.findings:
        out.append(f"<g class='finding'><rect x='{X - 6}' y='{y}' width='{WIDE}' height='3' fill='{BAD}'/>")
        y += 20
        for f in tv.findings[:3]:
            for line in lines(f, 46)[:4]:
                out.append(text(X, y, line, 13, BAD))
                y += 16
        out.append("</g>")
    return f"<g class='side header'>{''.join(out)}</g>"
