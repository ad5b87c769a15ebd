"""The table drawn as SVG by our own code, for the viewer and for notebooks alike.

The table is a square (``paifu.view.board``); the panel beside it is HTML (``paifu.view.panels``).
Tiles are ``<use>`` of faces in ``defs`` (``paifu.view.faces``); text is real text, drawn by the
font subset the drawing carries (``paifu.view.glyphs.font_css``), so nothing depends on the fonts
of the machine that shows it. Groups are named by class (``hand``, ``drawn``, ``melds``, ``river``,
``dora``, ``label``) and ``data-seat``, so a test (or a script) reads the drawing back. ``layout``
gives the parts the HTML viewer shares between events; ``table_svg`` joins them, turned for the
seat at the bottom, and ``table_html`` puts the panel beside it, sized to its column.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from paifu.view.board import ANGLES, C, S, centre_part, label_part, position, river_part, seat_part
from paifu.view.faces import faces
from paifu.view.glyphs import font_css, glyph_defs
from paifu.view.glyphs import text as glyph_text
from paifu.view.model import SeatData, TableData
from paifu.view.panels import CSS as PANEL_CSS
from paifu.view.panels import side_html

_TILE_USE = re.compile(r"#pt-(\w+)'")

SVG_NS = "http://www.w3.org/2000/svg"
WIDTH = S
HEIGHT = S
FONT = "var(--pf-font,'DejaVu Sans'),'DejaVu Sans','Liberation Sans',Arial,sans-serif"
STYLE = (
    f".paifu-table text,.paifu-scores text,.paifu-hand text{{font-family:{FONT};white-space:pre}}"
    ".felt{fill:#1f5e43}.panel{fill:#173f2e;stroke:#0e2a1e;stroke-width:2}"
    ".shade{fill:#000;opacity:.22;pointer-events:none}.last{fill:none;stroke:#ff6a3d;stroke-width:2.5}"
    ".cover{display:none;fill:#d98a1e;stroke:#8a5a14}.closed .seat:not(.bottom) .cover{display:inline}"
    ".en{display:none}.english .en{display:inline}.english .ja{display:none}"
    ".hidden{opacity:.55}.winner{fill:#f4d35e;opacity:.35;stroke:#f4d35e;stroke-width:2}"
)


def tile_name(use: ET.Element) -> str:
    """The tile a ``<use>`` draws (a face-down tile of a closed kan says which in ``data-tile``)."""
    return use.get("data-tile") or use.get("href", "")[4:]


def layout(tv: TableData, seen: dict[tuple[int, bool, bool], Any] | None = None) -> tuple[list[str], float]:
    """The table's parts: the centre, the panel (HTML), then each seat's label, part and river
    (drawn as the bottom seat: ``seat_group`` turns them), and the drawing's height.

    ``seen`` (one dict for the tables of one game) keeps each seat's parts by the seat's identity: a
    seat an event left as it was is the same ``SeatData`` again (``table.snapshot``), found without
    hashing its hand and river as the parts' own caches must."""
    parts = [centre_part(tv), side_html(tv)]
    at_result = bool(tv.wins or tv.draw)
    winners = {w.seat for w in tv.wins}
    for sv in tv.seats:
        s = sv.seat
        change = tv.changes[s] if at_result and s < len(tv.changes) else None
        tenpai = bool(tv.tenpai and s < len(tv.tenpai) and tv.tenpai[s])
        turn = s == tv.turn
        parts.append(
            label_part(s, sv.name, sv.wind, sv.score, sv.riichi, turn, s == tv.dealer, change, tenpai)
        )
        won, last = s in winners, tv.kind == "Discard" and tv.actor == s
        key = (id(sv), won, last)
        known = seen.get(key) if seen is not None else None
        if known is None or known[0] is not sv:  # the seat is kept with its parts: its id stays its own
            known = (sv, seat_part(sv, won), river_part(sv.river, s, last))
            if seen is not None:
                seen[key] = known
        parts.append(known[1])
        parts.append(known[2])
    return parts, float(HEIGHT)


def seat_group(seat: int, pos: int, inner: str) -> str:
    """A seat's parts turned to its side of the table (``pos``: 0 bottom, 1 right, 2 top, 3 left)."""
    turn = f" transform='rotate({ANGLES[pos]} {C:g} {C:g})'" if pos else ""
    return f"<g class='seat{' bottom' if pos == 0 else ''}' data-seat='{seat}' data-pos='{pos}'{turn}>{inner}</g>"


def body(tv: TableData, bottom: int = 0, parts: list[str] | None = None) -> str:
    """Everything inside the table's ``<svg>`` but its defs."""
    parts = parts if parts is not None else layout(tv)[0]
    n = len(tv.seats)
    out = [f"<rect class='felt' x='0' y='0' width='{S}' height='{S}' rx='10'/>", parts[0]]
    for sv in tv.seats:
        k = 2 + 3 * sv.seat
        out.append(seat_group(sv.seat, position(sv.seat, bottom, n), "".join(parts[k : k + 3])))
    return "".join(out)


def defs(markup: str, font: str = "") -> str:
    """The ``<defs>`` a drawing needs: style (``font``: the ``@font-face`` of the subset its text
    needs, ``font_css``), the faces of the tiles it shows, the glyphs of the faces."""
    used = set(_TILE_USE.findall(markup))
    tiles = faces(used)
    return f"<defs><style>{font}{STYLE}</style>{tiles}{glyph_defs(tiles)}</defs>"


def _standalone(inner: str) -> tuple[str, str]:
    """(defs with the font, the root's style attribute naming the font) of a drawing of its own."""
    face, family = font_css(inner)
    return defs(inner, face), f" style=\"--pf-font:'{family}'\"" if family else ""


def table_svg(tv: TableData, bottom: int = 0, english: bool = False, closed: bool = False) -> str:
    """The whole table after one event, as one self-contained SVG that fills its container's width
    (``bottom``: the seat at the bottom; ``english``: yaku in English; ``closed``: the other seats'
    hands face down)."""
    inner = body(tv, bottom)
    cls = "paifu-table" + (" english" if english else "") + (" closed" if closed else "")
    head, font = _standalone(inner)
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'class="{cls}" data-event="{tv.index}"{font}>{head}{inner}</svg>'
    )


#: a notebook cell's layout: the table as wide as the column allows (up to 760 px), the panel
#: beside it where the column is wide enough, below it where not
NOTEBOOK_CSS = (
    ".pf-view{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
    ".pf-view>.pf-board{flex:1 1 420px;max-width:760px;min-width:280px}"
    ".pf-view>.pf-panel{flex:1 1 300px;min-width:260px}"
)


def table_html(tv: TableData, bottom: int = 0, english: bool = False, closed: bool = False) -> str:
    """The table and its panel as one HTML block, sized to the column it is shown in (a notebook's)."""
    inner = body(tv, bottom)
    panel = side_html(tv)
    markup = inner + panel
    face, family = font_css(markup)
    used = set(_TILE_USE.findall(markup))
    tiles = faces(used)
    cls = "paifu-table" + (" closed" if closed else "")
    svg = (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" class="{cls}" '
        f'data-event="{tv.index}"><defs>{tiles}{glyph_defs(tiles)}</defs>{inner}</svg>'
    )
    font = f" style=\"--pf-font:'{family}'\"" if family else ""
    return (
        f"<div class='pf pf-view{' english' if english else ''}'{font}><style>{face}{STYLE}{PANEL_CSS}{NOTEBOOK_CSS}</style>"
        f"<div class='pf-board'>{svg}</div><div class='pf-panel'>{panel}</div></div>"
    )


def seat_svg(sv: SeatData) -> str:
    """One player's tiles as the bottom seat: hand, drawn tile, melds, with the name above."""
    from paifu.view.board import HAND_Y

    label = label_part(sv.seat, sv.name, sv.wind, sv.score, sv.riichi, False, False, None, False)
    inner = seat_group(sv.seat, 0, seat_part(sv) + label)
    top = HAND_Y - 24
    head, font = _standalone(inner)
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 {top:g} {S} {S - top:g}" width="100%" '
        f'class="paifu-hand"{font}>{head}<rect class="felt" x="0" y="{top:g}" width="{S}" '
        f'height="{S - top:g}"/>{inner}</svg>'
    )


def _el(tag: str, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
    a = {
        k.rstrip("_").replace("__", "-").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None
    }
    return ET.SubElement(parent, tag, a) if parent is not None else ET.Element(tag, a)


def _text(parent: ET.Element, x: float, y: float, s: str, cls: str = "pt-l", **attrs: Any) -> ET.Element:
    t = _el("text", parent, x=x, y=y, class_=cls, **attrs)
    t.text = s
    return t


def _svg(width: float, height: float, cls: str) -> ET.Element:
    return _el(
        "svg",
        xmlns=SVG_NS,
        width="100%",
        viewBox=f"0 0 {width:.0f} {height:.0f}",
        class_=cls,
        style=f"max-width:{width:.0f}px",
    )


def score_curve_svg(game: Any, width: int = 640, height: int = 200) -> str:
    """Each seat's score at every hand start and at the end, as polylines (our own drawing), its
    text 12 units or more: 12 px where the curve is drawn at its own width."""
    hands = [h for h in game.hands if h.scores_start]
    points = [list(h.scores_start) for h in hands]
    final = game.result.final_scores or (
        game.tables[-1].seats and tuple(s.score for s in game.tables[-1].seats)
    )
    if final:
        points.append(list(final))
    root = _svg(width, height, "paifu-scores")
    style = _el("style", root)
    style.text = STYLE
    if len(points) < 1:
        return ET.tostring(root, encoding="unicode")
    lo = min(min(p) for p in points)
    hi = max(max(p) for p in points)
    span = max(hi - lo, 1)
    px0, px1, py0, py1 = 56, width - 110, 12, height - 40

    def xy(i: int, v: float) -> str:
        x = px0 + (px1 - px0) * (i / max(len(points) - 1, 1))
        y = py1 - (py1 - py0) * ((v - lo) / span)
        return f"{x:.1f},{y:.1f}"

    colours = ["#1857a6", "#b3261e", "#1a7f37", "#8a5a00"]
    # inline styles: a page's classes for text would override presentation attributes
    _text(root, 2, py0 + 8, f"{hi:,}", style="font-size:12px")
    _text(root, 2, py1, f"{lo:,}", style="font-size:12px")
    for s, name in enumerate(game.result.players):
        _el(
            "polyline",
            root,
            points=" ".join(xy(i, p[s]) for i, p in enumerate(points) if s < len(p)),
            fill="none",
            stroke=colours[s % 4],
            stroke_width=2,
        )
        label = glyph_text(px1 + 6, py0 + 12 + 16 * s, name[:12], 12, colours[s % 4])
        root.append(ET.fromstring(label))
    for i, h in enumerate(hands):
        link = _el("a", root, href=f"#e{h.start}", class_="hand-link", data_event=h.start)
        x = float(xy(i, lo).split(",")[0])
        _text(
            link,
            x,
            height - 2,
            h.label,
            style="font-size:12px",
            transform=f"rotate(-60 {x:.1f} {height - 2})",
        )
    return ET.tostring(root, encoding="unicode")
