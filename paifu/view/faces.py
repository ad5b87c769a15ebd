"""The tiles' faces, drawn by our own code: pins as circles, bamboo as sticks, characters and
honours by their kanji as glyph paths (``paifu.view.glyphs``), red fives red. Each face is one
``<g id="pt-5m">`` in ``defs``, 30 x 40 units; a tile on the table is a ``<use>`` of it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from paifu.view.glyphs import drawn

W, H = 30, 40
ALL_TILES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
NUMERALS = "一二三四五六七八九"
BLUE, GREEN, RED, INK = "#1d4f9c", "#17804a", "#c8161d", "#1b1b1b"
PINS: dict[int, Sequence[tuple[float, float, float]]] = {
    1: [(15, 20, 9)],
    2: [(15, 11, 5.5), (15, 29, 5.5)],
    3: [(8, 9, 4.5), (15, 20, 4.5), (22, 31, 4.5)],
    4: [(9, 11, 5), (21, 11, 5), (9, 29, 5), (21, 29, 5)],
    5: [(9, 10, 4.6), (21, 10, 4.6), (15, 20, 4.6), (9, 30, 4.6), (21, 30, 4.6)],
    6: [(9, 8, 4.2), (21, 8, 4.2), (9, 20, 4.2), (21, 20, 4.2), (9, 32, 4.2), (21, 32, 4.2)],
    7: [(7, 6, 3.6), (15, 10, 3.6), (23, 14, 3.6), (9, 24, 3.6), (21, 24, 3.6), (9, 33, 3.6), (21, 33, 3.6)],
    8: [(9, y, 3.7) for y in (7, 16, 25, 34)] + [(21, y, 3.7) for y in (7, 16, 25, 34)],
    9: [(x, y, 3.8) for y in (8, 20, 32) for x in (7, 15, 23)],
}
STICKS: dict[
    int, Sequence[tuple[float, float]]
] = {  # centres of the bamboo sticks (two rows of 9 units, three rows of 8)
    2: [(15, 11), (15, 29)],
    3: [(15, 11), (9, 29), (21, 29)],
    4: [(9, 11), (21, 11), (9, 29), (21, 29)],
    5: [(8, 11), (22, 11), (15, 20), (8, 29), (22, 29)],
    6: [(x, y) for y in (11, 29) for x in (7, 15, 23)],
    7: [(15, 7)] + [(x, y) for y in (20, 32) for x in (7, 15, 23)],
    8: [(x, y) for y in (11, 29) for x in (6, 12, 18, 24)],
    9: [(x, y) for y in (8, 20, 32) for x in (7, 15, 23)],
}
HONOURS = {1: ("東", INK), 2: ("南", INK), 3: ("西", INK), 4: ("北", INK), 6: ("發", GREEN), 7: ("中", RED)}


def _pins(n: int, red: bool) -> str:
    out = []
    for i, (x, y, r) in enumerate(PINS[n]):
        colour = RED if red or (n == 1) or (n == 5 and i == 2) or (n == 7 and i < 3) else BLUE
        if n in (6, 9) and not red:
            colour = GREEN if (n == 6 and i < 2) else (RED if n == 9 and i in (3, 4, 5) else BLUE)
        out.append(
            f"<circle cx='{x}' cy='{y}' r='{r}' fill='{colour}'/><circle cx='{x}' cy='{y}' r='{r * 0.45:.2f}' fill='#fbf8ee'/>"
        )
    return "".join(out)


def _sticks(n: int, red: bool) -> str:
    if n == 1:  # one large stick with a red node, as the bird would be too fine to read this small
        return f"<rect x='12' y='6' width='6' height='28' rx='3' fill='{RED if red else GREEN}'/><circle cx='15' cy='20' r='3' fill='{RED}'/>"
    tall = 8 if n in (7, 9) else 9
    out = []
    for i, (x, y) in enumerate(STICKS[n]):
        colour = (
            RED if red or (n == 5 and i == 2) or (n == 7 and i == 0) or (n == 9 and i in (1, 4, 7)) else GREEN
        )
        out.append(
            f"<rect x='{x - 1.7:.1f}' y='{y - tall / 2:.1f}' width='3.4' height='{tall}' rx='1.5' fill='{colour}'/>"
        )
    return "".join(out)


@lru_cache(maxsize=64)
def face(tile: str) -> str:
    """The ``<g id="pt-...">`` of one tile (``back`` for a face-down one)."""
    if tile == "back":
        return (
            "<g id='pt-back'><rect x='.5' y='.5' width='29' height='39' rx='3' fill='#e8a33d' stroke='#8a5a14'/>"
            "<rect x='3' y='3' width='24' height='34' rx='2' fill='#d98a1e'/></g>"
        )
    n, suit = int(tile[0]), tile[1]
    red = n == 0
    n = n or 5
    body = [
        f"<rect x='.5' y='.5' width='29' height='39' rx='3' fill='{'#fde8e6' if red else '#fbf8ee'}' stroke='#8a8271'/>"
    ]
    if suit == "p":
        body.append(_pins(n, red))
    elif suit == "s":
        body.append(_sticks(n, red))
    elif suit == "m":
        body.append(drawn(15, 18, NUMERALS[n - 1], 15, RED if red else INK, "middle"))
        body.append(drawn(15, 36, "萬", 15, RED, "middle"))
    elif n == 5:  # haku: a blank tile with a blue frame
        body.append(
            f"<rect x='6' y='7' width='18' height='26' fill='none' stroke='{BLUE}' stroke-width='2'/>"
        )
    else:
        char, colour = HONOURS[n]
        body.append(drawn(15, 29, char, 22, colour, "middle"))
    if red:
        body.append(f"<circle cx='25' cy='5' r='2.5' fill='{RED}'/>")
    return f"<g id='pt-{tile}'>{''.join(body)}</g>"


def faces(tiles: set[str] | frozenset[str]) -> str:
    """The faces of ``tiles`` (and the back), for a ``<defs>``."""
    return "".join(face(t) for t in sorted(set(tiles) | {"back"}) if t in ALL_TILES or t == "back")
