"""A hand's wall as Riichi City states it (``handCardEncode``), laid out into the parts the table
takes tiles from, and its hash.

The layout, derived from the records and proved on every hand of the shared ones (each deal, draw,
replacement draw, dora and ura indicator is the wall's, ``tests/test_riichi_city.py``):

- the deal is the wall's first ``13 n + 1`` tiles: three rounds of four tiles per seat from the
  dealer in turn order, then one tile per seat, then the dealer's fourteenth (its first draw);
- the live draws follow in order, from tile ``13 n + 1`` on;
- replacement draws (kan, and kita with three players) come from the wall's end backwards, one
  slot per kan and, with three players, one per kita: 4 or 8 slots;
- after those slots, still backwards, pairs of (dora indicator, ura indicator): the first pair is
  the hand's indicators, each kan turns the next.

Fourteen tiles stay behind the live wall as on every table (every exhaustive draw of the records
ends after 54 draws and replacement draws with three players), which the engine counts itself.
"""

from __future__ import annotations

import hashlib

from paifu.events import StatedWall


#: replacement-draw slots at the wall's end: four kans, and four kitas with three players
def rinshan_slots(n: int) -> int:
    return 8 if n == 3 else 4


#: indicator pairs behind the replacement slots: the first dora and one per kan
INDICATORS = 5
#: tiles behind the live wall that no live draw takes
DEAD_WALL = 14


def sha256_matches(text: str, stated: object) -> bool:
    """Whether ``stated`` is the SHA-256 (hex, either case) of the wall string."""
    return isinstance(stated, str) and hashlib.sha256(text.encode("utf-8")).hexdigest() == stated.lower()


def layout(tiles: tuple[int, ...], n: int, dealer: int) -> StatedWall:
    """The wall in its parts; ``ValueError`` where it is too short to hold them."""
    dealt_tiles = 13 * n + 1
    slots = rinshan_slots(n)
    if len(tiles) < dealt_tiles + DEAD_WALL + slots - 4 or len(tiles) < slots + 2 * INDICATORS:
        raise ValueError(f"a wall of {len(tiles)} tiles cannot hold a {n}-player deal and dead wall")
    hands: list[list[int]] = [[] for _ in range(n)]
    order = [(dealer + i) % n for i in range(n)]
    pos = 0
    for _ in range(3):
        for seat in order:
            hands[seat] += tiles[pos : pos + 4]
            pos += 4
    for seat in order:
        hands[seat].append(tiles[pos])
        pos += 1
    back = tiles[::-1]
    pairs = back[slots : slots + 2 * INDICATORS]
    return StatedWall(
        tiles=tiles,
        deal=tuple(tuple(h) for h in hands),
        draws=tiles[pos : len(tiles) - DEAD_WALL],
        rinshan=back[:slots],
        dora_indicators=pairs[0::2],
        ura_indicators=pairs[1::2],
    )
