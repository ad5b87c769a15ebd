"""Tiles and the table drawn as SVG by our own code (rects and text; no image files).

Each tile kind is one ``<symbol id="pt-5m">``; a tile on the table is a ``<use>`` of it
with ``data-tile`` naming the tile, inside groups named by class (``hand``, ``drawn``,
``melds``, ``river``, ``dora``) and ``data-seat``, so a test (or a script) can read the
drawing back. The table is built from independent groups (a header, one per seat) so
the HTML viewer can share unchanged groups between events.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from paifu.view.model import WIND_KANJI, SeatData, TableData

SVG_NS = "http://www.w3.org/2000/svg"
W, H = 30, 40  # an upright tile
RIVER_SCALE = 0.72
WIDTH = 900
HEADER = 96
FONT = "'Noto Sans CJK JP','IPAexGothic','Hiragino Sans','Yu Gothic','Meiryo',sans-serif"
SUIT_CHAR = {"m": "萬", "p": "筒", "s": "索"}
SUIT_COLOUR = {"m": "#b3261e", "p": "#1857a6", "s": "#1a7f37"}
HONOR = {
    1: ("東", "#222"),
    2: ("南", "#222"),
    3: ("西", "#222"),
    4: ("北", "#222"),
    5: ("", "#1857a6"),
    6: ("發", "#1a7f37"),
    7: ("中", "#b3261e"),
}
ALL_TILES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
STYLE = (
    f".pt-t{{font-family:{FONT};text-anchor:middle}}.pt-l{{font-family:{FONT};font-size:13px;fill:#222}}"
    ".pt-f{fill:#b00020}"
)


def _el(tag: str, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
    a = {
        k.rstrip("_").replace("__", "-").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None
    }
    return ET.SubElement(parent, tag, a) if parent is not None else ET.Element(tag, a)


def _symbol(defs: ET.Element, tile: str) -> None:
    sym = _el("symbol", defs, id=f"pt-{tile}", viewBox=f"0 0 {W} {H}")
    if tile == "back":
        _el("rect", sym, x=0.5, y=0.5, width=W - 1, height=H - 1, rx=3, fill="#2f7d5a", stroke="#1d4d37")
        return
    _el("rect", sym, x=0.5, y=0.5, width=W - 1, height=H - 1, rx=3, fill="#fbf8ee", stroke="#8a8271")
    n, suit = int(tile[0]), tile[1]
    if suit == "z":
        char, colour = HONOR[n]
        if n == 5:  # haku: a blank tile with a blue frame
            _el(
                "rect", sym, x=6, y=7, width=W - 12, height=H - 14, fill="none", stroke=colour, stroke_width=2
            )
        else:
            t = _el("text", sym, x=W / 2, y=28, class_="pt-t", font_size=20, fill=colour)
            t.text = char
        return
    red = n == 0
    colour = "#d0021b" if red else SUIT_COLOUR[suit]
    if red:
        _el("rect", sym, x=2, y=2, width=W - 4, height=H - 4, rx=2, fill="#fde3e3")
    t = _el(
        "text",
        sym,
        x=W / 2,
        y=20,
        class_="pt-t",
        font_size=19,
        font_weight="bold",
        fill="#d0021b" if red else "#222",
    )
    t.text = "5" if red else str(n)
    t = _el("text", sym, x=W / 2, y=35, class_="pt-t", font_size=12, fill=colour)
    t.text = SUIT_CHAR[suit]


def defs_svg(tiles: Iterable[str] = ALL_TILES) -> ET.Element:
    """``<defs>`` with one symbol per tile kind (and the back), plus the shared style."""
    defs = _el("defs")
    style = _el("style", defs)
    style.text = STYLE
    for t in sorted(set(tiles) | {"back"}):
        _symbol(defs, t)
    return defs


def tile(
    parent: ET.Element,
    name: str,
    x: float,
    y: float,
    scale: float = 1.0,
    sideways: bool = False,
    cls: str | None = None,
) -> ET.Element:
    """One tile at (x, y) (its top-left corner; a sideways tile sits on the same baseline)."""
    w, h = W * scale, H * scale
    attrs: dict[str, Any] = {"href": f"#pt-{name}", "width": _n(w), "height": _n(h)}
    if sideways:
        attrs["transform"] = f"translate({_n(x)},{_n(y + h)}) rotate(-90)"  # face reads upwards, as Tenhou
    else:
        attrs.update(x=_n(x), y=_n(y))
    if cls:
        attrs["class"] = cls
    return ET.SubElement(parent, "use", attrs)


def _n(v: float) -> str:
    return f"{v:.1f}".removesuffix(".0")


def tile_name(use: ET.Element) -> str:
    """The tile a ``<use>`` draws (a face-down tile of a closed kan says which in ``data-tile``)."""
    return use.get("data-tile") or use.get("href", "")[4:]


def _text(parent: ET.Element, x: float, y: float, s: str, cls: str = "pt-l", **attrs: Any) -> ET.Element:
    t = _el("text", parent, x=x, y=y, class_=cls, **attrs)
    t.text = s
    return t


def seat_label(sv: SeatData, turn: bool, dealer: bool) -> str:
    bits = [f"{'▶ ' if turn else ''}{WIND_KANJI[sv.wind]} {sv.name}", f"{sv.score:,}"]
    if dealer:
        bits.append("dealer")
    if sv.riichi:
        bits.append("riichi")
    if sv.kita:
        bits.append(f"kita ×{sv.kita}")
    sh = sv.shanten
    if sh is not None:
        bits.append("complete" if sh < 0 else "tenpai" if sh == 0 else f"{sh}-shanten")
    if sv.waits:
        bits.append("waits " + " ".join(sv.waits))
    return "  ·  ".join(bits)


def seat_height(sv: SeatData) -> float:
    rows = max(1, -(-len(sv.river) // 24))
    return 20 + H + 8 + rows * (H * RIVER_SCALE + 2) + 10


def seat_group(sv: SeatData, y: float, turn: bool = False, dealer: bool = False) -> ET.Element:
    """One seat: its label, concealed hand, drawn tile, melds, kita and river."""
    g = _el("g", class_="seat", data_seat=sv.seat, transform=f"translate(0,{_n(y)})")
    if turn:
        _el("rect", g, x=2, y=0, width=WIDTH - 4, height=seat_height(sv) - 4, rx=6, fill="#fff7d6")
    _text(g, 10, 15, seat_label(sv, turn, dealer), font_weight="bold" if turn else None)
    hand = _el("g", g, class_="hand", data_seat=sv.seat)
    _el("title", hand).text = sv.text  # the hand as MPSZ text, on hover
    x = 10.0
    for t in sv.hand:
        tile(hand, t, x, 20)
        x += W + 1
    drawn = _el("g", g, class_="drawn", data_seat=sv.seat)
    if sv.drawn:
        x += 8
        tile(drawn, sv.drawn, x, 20)
        x += W + 1
    melds = _el("g", g, class_="melds", data_seat=sv.seat)
    kw = sv.kita * (W * RIVER_SCALE + 1) + (8 if sv.kita else 0)
    x = max(x + 16, WIDTH - 10 - kw - sum(_meld_width(m) + 6 for m in sv.melds))
    for m in sv.melds:
        x = _draw_meld(melds, m, x, 20) + 6
    kita = _el("g", g, class_="kita", data_seat=sv.seat)
    for _ in range(sv.kita):  # Norths set aside (3-player), small beside the melds
        tile(kita, "4z", x + 2, 20 + H - H * RIVER_SCALE, RIVER_SCALE)
        x += W * RIVER_SCALE + 1
    return g


def river_group(tiles: tuple[Any, ...], seat: int, y: float, last: bool = False) -> ET.Element:
    """A seat's river: tsumogiri tiles paler, the riichi tile turned, called tiles faded; ``last``
    outlines the tile just discarded."""
    river = _el("g", class_="river", data_seat=seat, transform=f"translate(0,{_n(y)})")
    rw, rh = W * RIVER_SCALE, H * RIVER_SCALE
    turn_next = False  # the riichi tile was called: the next one is turned instead
    x, yr = 10.0, 20.0 + H + 8
    for i, r in enumerate(tiles):
        if i and i % 24 == 0:
            x, yr = 10.0, yr + rh + 2
        sideways = (r.riichi or turn_next) and not r.called
        turn_next = (r.riichi or turn_next) and r.called
        cls = " ".join(
            c for c, on in (("tsumogiri", r.tsumogiri), ("riichi", sideways), ("called", r.called)) if on
        )
        u = tile(river, r.tile, x, yr, RIVER_SCALE, sideways, cls or None)
        if last and i == len(tiles) - 1:
            _el(
                "rect",
                river,
                x=_n(x - 1),
                y=_n(yr + (rh - rw if sideways else 0) - 1),
                width=_n((rh if sideways else rw) + 2),
                height=_n((rw if sideways else rh) + 2),
                rx=3,
                fill="none",
                stroke="#e0452b",
                stroke_width=2,
                class_="last",
            )
        if r.called:
            u.set("opacity", "0.35")
        elif r.tsumogiri:
            u.set("opacity", "0.7")
        x += (rh if sideways else rw) + 1
    return river


def _meld_width(m: Any) -> float:
    return (len(m.tiles) - (1 if m.turned is not None else 0)) * (W + 1) + (
        H + 1 if m.turned is not None else 0
    )


def _draw_meld(parent: ET.Element, m: Any, x: float, y: float) -> float:
    g = _el("g", parent, class_=f"meld {m.kind}")
    for i, t in enumerate(m.tiles):
        if i == m.turned:
            tile(g, t, x, y, sideways=True)
            if m.added:
                tile(g, m.added, x, y - W, sideways=True, cls="added")
            x += H + 1
        else:
            closed_end = m.kind == "ankan" and i in (0, len(m.tiles) - 1)
            u = tile(g, "back" if closed_end else t, x, y)
            if closed_end:
                u.set("data-tile", t)  # face down, but the drawing still says which tile
            x += W + 1
    return x


def header_group(tv: TableData) -> ET.Element:
    """Round, honba, sticks, tiles left, dora (and ura) indicators, the event and any result or finding."""
    g = _el("g", class_="header")
    _el("rect", g, x=0, y=0, width=WIDTH, height=HEADER - 6, fill="#eef3ef")
    left = f"  ·  {tv.tiles_left} tiles left" if tv.tiles_left is not None else ""
    _text(g, 10, 18, f"{tv.title}{left}", font_weight="bold")
    dora = _el("g", g, class_="dora")
    _text(g, WIDTH - 10 - 5 * 23 - 40, 18, "dora", font_size=11)
    for i in range(5):
        name = tv.dora[i] if i < len(tv.dora) else "back"
        tile(dora, name, WIDTH - 10 - (5 - i) * 23, 4, 0.72, cls=None if i < len(tv.dora) else "hidden")
    if tv.ura:
        ura = _el("g", g, class_="ura")
        _text(g, WIDTH - 10 - 5 * 23 - 40, 50, "ura", font_size=11)
        for i, name in enumerate(tv.ura[:5]):
            tile(ura, name, WIDTH - 10 - (5 - i) * 23, 36, 0.72)
    y = 58
    if tv.result:
        _text(g, 10, y, tv.result[:140], font_size=12)
        y += 16
    for f in tv.findings[:1]:
        _text(g, 10, y, f[:140], cls="pt-l pt-f", font_size=12)
    return g


def event_group(tv: TableData) -> ET.Element:
    g = _el("g", class_="event", data_event=tv.index)
    _text(g, 10, 38, f"event {tv.index}: {tv.event}")
    return g


def layout(tv: TableData) -> tuple[list[str], float]:
    """The table as independent serialized groups (header, event line, each seat and its river) and its
    height; a seat's groups are cached, as most events change one seat only."""
    y = float(HEADER)
    groups = [_str(header_group(tv)), _str(event_group(tv))]
    for sv in tv.seats:
        groups.append(_seat_str(sv, y, sv.seat == tv.turn, sv.seat == tv.dealer))
        groups.append(_river_str(sv.river, sv.seat, y, tv.kind == "Discard" and tv.actor == sv.seat))
        y += seat_height(sv)
    return groups, y


def _str(el: ET.Element) -> str:
    return ET.tostring(el, encoding="unicode")


@lru_cache(maxsize=4096)
def _seat_str(sv: SeatData, y: float, turn: bool, dealer: bool) -> str:
    return _str(seat_group(sv, y, turn, dealer))


@lru_cache(maxsize=4096)
def _river_str(river: tuple[Any, ...], seat: int, y: float, last: bool) -> str:
    return _str(river_group(river, seat, y, last))


@lru_cache(maxsize=256)
def _defs_str(used: frozenset[str]) -> str:
    return _str(defs_svg(used))


def _svg(width: float, height: float, cls: str) -> ET.Element:
    return _el(
        "svg",
        xmlns=SVG_NS,
        width=f"{width:.0f}",
        height=f"{height:.0f}",
        viewBox=f"0 0 {width:.0f} {height:.0f}",
        class_=cls,
    )


def _used(el: ET.Element) -> set[str]:
    return {u.get("href", "")[4:] for u in el.iter("use")}


def used_tiles(tv: TableData) -> frozenset[str]:
    """Every tile the table shows (for the symbols its SVG needs)."""
    used = {"back", *tv.dora, *tv.ura}
    for sv in tv.seats:
        if sv.kita:
            used.add("4z")
        used.update(sv.tiles)
        used.update(r.tile for r in sv.river)
        for m in sv.melds:
            used.update(m.tiles)
            if m.added:
                used.add(m.added)
    return frozenset(used)


def table_svg(tv: TableData) -> str:
    """The whole table after one event, as one self-contained SVG."""
    groups, height = layout(tv)
    h = f"{height:.0f}"
    return (
        f'<svg xmlns="{SVG_NS}" width="{WIDTH}" height="{h}" viewBox="0 0 {WIDTH} {h}" class="paifu-table" '
        f'data-event="{tv.index}">{_defs_str(used_tiles(tv))}{"".join(groups)}</svg>'
    )


def seat_svg(sv: SeatData) -> str:
    """One player's tiles: concealed hand, drawn tile and melds, with the label above."""
    g = seat_group(sv, 0)
    root = _svg(WIDTH, 20 + H + 8, "paifu-hand")
    root.append(defs_svg(_used(g)))
    root.append(g)
    return ET.tostring(root, encoding="unicode")


def score_curve_svg(game: Any, width: int = 640, height: int = 180) -> str:
    """Each seat's score at every hand start and at the end, as polylines (our own drawing)."""
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
    px0, px1, py0, py1 = 50, width - 110, 10, height - 30

    def xy(i: int, v: float) -> str:
        x = px0 + (px1 - px0) * (i / max(len(points) - 1, 1))
        y = py1 - (py1 - py0) * ((v - lo) / span)
        return f"{x:.1f},{y:.1f}"

    colours = ["#1857a6", "#b3261e", "#1a7f37", "#8a5a00"]
    # inline styles: the .pt-l class's fill and font-size would override presentation attributes
    _text(root, 4, py0 + 8, f"{hi:,}", style="font-size:10px")
    _text(root, 4, py1, f"{lo:,}", style="font-size:10px")
    for s, name in enumerate(game.result.players):
        _el(
            "polyline",
            root,
            points=" ".join(xy(i, p[s]) for i, p in enumerate(points) if s < len(p)),
            fill="none",
            stroke=colours[s % 4],
            stroke_width=2,
        )
        _text(root, px1 + 6, py0 + 12 + 14 * s, name[:14], style=f"font-size:11px;fill:{colours[s % 4]}")
    for i, h in enumerate(hands):
        link = _el("a", root, href=f"#e{h.start}", class_="hand-link", data_event=h.start)
        x = float(xy(i, lo).split(",")[0])
        _text(
            link, x, height - 2, h.label, style="font-size:9px", transform=f"rotate(-50 {x:.1f} {height - 2})"
        )
    return ET.tostring(root, encoding="unicode")
