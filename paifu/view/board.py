"""The table as players know it: a square, each seat's hand along its edge facing it, its river
in rows of six in front of the centre, melds at the hand's right with the called tile turned
toward its giver, and the centre panel (round, honba, sticks, tiles left, dora, each seat's wind,
score and change at a result).

Each seat is drawn once as the bottom seat (``seat_part``, ``river_part``); the table turns it
to its side (``ANGLES``), so the seat under review can be any one at the bottom, in the viewer as
in a notebook. The parts are strings (single-quoted attributes: they travel inside the viewer's
JSON), cached: most events change one seat's part only.
"""

from __future__ import annotations

from functools import lru_cache

from paifu.view.faces import H, W
from paifu.view.glyphs import text
from paifu.view.model import WIND_KANJI, MeldView, RiverTileView, SeatData, TableData

S = 760  # the table's side
C = S / 2
P = 96  # half the centre panel
RIVER = 0.8  # river, meld and kita tiles, to hand tiles
HAND_X, HAND_Y = 92, S - 48
RIVER_X, RIVER_Y = C - 3 * W * RIVER, C + P + 10
ANGLES = (0, -90, 180, 90)  # bottom, right, top, left
#: the smallest text on the table, in its units: 11.7 px where the table is 640 px high (a 1280 x 720
#: window), the viewer's floor of 11 px on a laptop (``docs/viewer.md``)
MIN_SIZE = 14
NAME_SIZE = 15


def position(seat: int, bottom: int, n: int) -> int:
    """Where a seat sits (0 bottom, 1 right, 2 top, 3 left) with ``bottom`` at the bottom; three
    players leave the top (North's seat) empty."""
    rel = (seat - bottom) % n
    return (0, 1, 3)[rel] if n == 3 else rel


@lru_cache(maxsize=8192)
def _use(tile: str, x: float, y: float, cls: str = "", extra: str = "") -> str:
    """One tile (cached: a tile lies at the same few places all game long)."""
    c = f" class='{cls}'" if cls else ""
    return f"<use href='#pt-{tile}' x='{x:g}' y='{y:g}'{c}{extra}/>"


@lru_cache(maxsize=4096)
def _side(tile: str, x: float, y: float, cls: str = "", extra: str = "") -> str:
    """A tile turned on its side, its bottom on the row's baseline ``y + H`` (cached, as ``_use``)."""
    c = f" class='{cls}'" if cls else ""
    return f"<use href='#pt-{tile}' transform='translate({x:g},{y + H:g}) rotate(-90)'{c}{extra}/>"


def _meld(m: MeldView, x: float) -> tuple[str, float]:
    """One meld from ``x`` (in meld units), the called tile turned; a closed kan's ends face down."""
    out = [f"<g class='meld {m.kind}'>"]
    for i, t in enumerate(m.tiles):
        if i == m.turned:
            out.append(_side(t, x, 0))
            if m.added:
                out.append(_side(m.added, x, -W, "added"))
            x += H + 1
        else:
            down = m.kind == "ankan" and i in (0, len(m.tiles) - 1)
            out.append(_use("back", x, 0, "", f" data-tile='{t}'") if down else _use(t, x, 0))
            x += W + 1
    out.append("</g>")
    return "".join(out), x


def _meld_width(m: MeldView) -> float:
    turned = m.turned is not None
    return (len(m.tiles) - turned) * (W + 1) + turned * (H + 1)


@lru_cache(maxsize=8192)
def seat_part(sv: SeatData, won: bool = False) -> str:
    """One seat as the bottom seat: its hand, drawn tile, melds and kita (the winner's framed)."""
    s = sv.seat
    out = []
    if won:
        out.append(
            f"<rect class='winner' x='{HAND_X - 5}' y='{HAND_Y - 5}' width='{S - 2 * HAND_X + 10}' "
            f"height='{H + 10}' rx='6'/>"
        )
    out.append(f"<g class='hand' data-seat='{s}'><title>{sv.text}</title>")
    x = float(HAND_X)
    for t in sv.hand:
        out.append(_use(t, x, HAND_Y))
        x += W + 1
    out.append(f"</g><g class='drawn' data-seat='{s}'>")
    if sv.drawn:
        out.append(_use(sv.drawn, x + 8, HAND_Y))
        x += W + 9
    out.append("</g>")
    if sv.hand or sv.drawn:
        out.append(
            f"<rect class='cover' x='{HAND_X - 2}' y='{HAND_Y - 2}' width='{x - HAND_X + 4:g}' "
            f"height='{H + 4}' rx='4'/>"
        )
    widths = sum(_meld_width(m) + 4 for m in sv.melds)
    mx = max((S - HAND_X) / RIVER - widths, (x + 12) / RIVER)
    out.append(
        f"<g class='melds' data-seat='{s}' transform='translate(0,{HAND_Y + H * (1 - RIVER):g}) scale({RIVER})'>"
    )
    for m in sv.melds:
        part, mx = _meld(m, mx)
        out.append(part)
        mx += 4
    out.append("</g>")
    if sv.kita:
        out.append(
            f"<g class='kita' data-seat='{s}' transform='translate({C + P + 12:g},{C + P + 12:g}) scale(.7)'>"
        )
        out.extend(_use("4z", i * (W + 1), 0) for i in range(sv.kita))
        out.append("</g>")
    return f"<g class='seat-part' data-seat='{s}'>{''.join(out)}</g>"


@lru_cache(maxsize=4096)
def label_part(
    seat: int,
    name: str,
    wind: int,
    score: int,
    riichi: bool,
    turn: bool,
    dealer: bool,
    change: int | None,
    tenpai: bool,
) -> str:
    """A seat's name by its hand, and its wind, score (and change) at the centre panel's edge."""
    shown = f"{name}{'  riichi' if riichi else ''}{'  tenpai' if tenpai else ''}"
    out = [text(HAND_X, HAND_Y - 8, shown, NAME_SIZE, "#f4f1e6", class_="name")]
    colour = "#ffd54a" if turn else "#f4f1e6"
    out.append(f"<g class='wind{' turn' if turn else ''}{' dealer' if dealer else ''}'>")
    out.append(text(C - 56, C + P - 24, WIND_KANJI[wind], 19, colour) + "</g>")
    out.append(
        text(C + 12, C + P - 24, f"{score:,}", 17, colour, "middle", class_="score", data_score=str(score))
    )
    if change is not None:
        shade = "#7ee081" if change > 0 else "#ff8a80" if change < 0 else "#c9c9c9"
        out.append(
            text(
                C + 12,
                C + P - 7,
                f"{change:+,}",
                MIN_SIZE,
                shade,
                "middle",
                class_="change",
                data_change=str(change),
            )
        )
    if riichi:
        out.append(
            f"<g class='stick'><rect x='{C - 40:g}' y='{C + P + 1:g}' width='80' height='6' rx='3' fill='#fff'/>"
            f"<circle cx='{C:g}' cy='{C + P + 4:g}' r='2' fill='#c8161d'/></g>"
        )
    return f"<g class='label' data-seat='{seat}'>{''.join(out)}</g>"


@lru_cache(maxsize=8192)
def river_part(river: tuple[RiverTileView, ...], seat: int, last: bool) -> str:
    """A river in rows of six (the third row runs on): the riichi tile turned (the next one, when
    it was called), called tiles faded, tsumogiri tiles shaded, the tile just discarded outlined."""
    out = [
        f"<g class='river' data-seat='{seat}' transform='translate({RIVER_X:g},{RIVER_Y:g}) scale({RIVER})'>"
    ]
    x = row = 0.0
    turn_next = False
    for i, r in enumerate(river):
        if i and i % 6 == 0 and i <= 12:
            x, row = 0.0, row + 1
        y = row * (H + 2)
        sideways = (r.riichi or turn_next) and not r.called
        turn_next = (r.riichi or turn_next) and r.called
        cls = " ".join(
            c for c, on in (("tsumogiri", r.tsumogiri), ("riichi", sideways), ("called", r.called)) if on
        )
        extra = " opacity='.35'" if r.called else ""
        out.append(_side(r.tile, x, y, cls, extra) if sideways else _use(r.tile, x, y, cls, extra))
        w, h = (H, W) if sideways else (W, H)
        top = y + H - h
        if r.tsumogiri and not r.called:
            out.append(f"<rect class='shade' x='{x:g}' y='{top:g}' width='{w}' height='{h}' rx='3'/>")
        if last and i == len(river) - 1:
            out.append(
                f"<rect class='last' x='{x - 1:g}' y='{top - 1:g}' width='{w + 2}' height='{h + 2}' rx='3'/>"
            )
        x += w + 1
    out.append("</g>")
    return "".join(out)


def centre_part(tv: TableData) -> str:
    """Round, honba, sticks, tiles left and dora indicators (the part that does not turn)."""
    return _centre(tv.hand, tv.round_wind, tv.hand_number, tv.honba, tv.sticks, tv.tiles_left, tv.dora)


@lru_cache(maxsize=4096)
def _centre(
    hand: str,
    round_wind: int,
    hand_number: int,
    honba: int,
    sticks: int,
    left: int | None,
    dora: tuple[str, ...],
) -> str:
    out = [f"<rect x='{C - P:g}' y='{C - P:g}' width='{2 * P}' height='{2 * P}' rx='8' class='panel'/>"]
    if hand:
        out.append(
            text(
                C,
                C - 36,
                f"{WIND_KANJI[round_wind % 4]}{hand_number + 1}局",
                22,
                "#f4f1e6",
                "middle",
                class_="round",
            )
        )
        out.append(
            text(C, C - 16, f"{honba}本場  供託{sticks}", MIN_SIZE, "#f4f1e6", "middle", class_="sticks")
        )
        if left is not None:
            out.append(text(C, C + 38, f"残り {left}", MIN_SIZE, "#f4f1e6", "middle", class_="left"))
    out.append(f"<g class='dora' transform='translate({C - 2.5 * 19:g},{C - 10:g}) scale(.6)'>")
    for i in range(5):
        name = dora[i] if i < len(dora) else "back"
        out.append(_use(name, i * (W + 2), 0, "" if i < len(dora) else "hidden"))
    out.append("</g>")
    return f"<g class='centre'>{''.join(out)}</g>"
