"""Shanten of a concealed hand, cheap enough to count every deal of every game.

The ``mahjong`` package's calculator (``paifu.view.model.shanten_of``, the viewer's) costs about
0.2 ms a hand, which made counting a game twenty times slower when the statistics asked it for
every deal. Here each suit (and the honors) is searched once per count pattern for its best blocks,
and a hand joins its four parts from cached answers. ``tests/test_shanten.py`` checks it equals the
package's answer on every deal of the Tenhou corpus and on random hands.
"""

from __future__ import annotations

from functools import lru_cache

from paifu.tiles import YAOCHU_KINDS

YAOCHU = tuple(sorted(YAOCHU_KINDS))

Blocks = tuple[int, int, int]  # melds, partial blocks (pairs, runs missing a tile), a pair kept as the head


def _pareto(options: set[Blocks]) -> frozenset[Blocks]:
    """Drop every option another matches or beats in all three counts (the score grows with each)."""
    return frozenset(
        a
        for a in options
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in options)
    )


@lru_cache(maxsize=1 << 16)
def part_blocks(counts: tuple[int, ...], honors: bool) -> frozenset[Blocks]:
    """The best ways to split one suit's (or the honors') counts into blocks."""
    i = next((j for j, c in enumerate(counts) if c), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})

    def rest(*take: int) -> tuple[int, ...]:
        out = list(counts)
        for k in take:
            out[k] -= 1
        return tuple(out)

    options: set[Blocks] = set(part_blocks(rest(i), honors))  # the tile left on its own
    if counts[i] >= 3:
        options |= {(m + 1, t, h) for m, t, h in part_blocks(rest(i, i, i), honors)}
    if counts[i] >= 2:
        for m, t, h in part_blocks(rest(i, i), honors):
            options.add((m, t + 1, h))
            if not h:
                options.add((m, t, 1))
    if not honors:
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            options |= {(m + 1, t, h) for m, t, h in part_blocks(rest(i, i + 1, i + 2), honors)}
        for step in (1, 2):
            if i + step <= 8 and counts[i + step]:
                options |= {(m, t + 1, h) for m, t, h in part_blocks(rest(i, i + step), honors)}
    return _pareto(options)


@lru_cache(maxsize=1 << 16)
def _join(a: frozenset[Blocks], b: frozenset[Blocks]) -> frozenset[Blocks]:
    """The best blocks of two parts together (one head at most); the option sets repeat across hands,
    so this is a cache hit nearly always."""
    return _pareto({(x[0] + y[0], x[1] + y[1], min(1, x[2] + y[2])) for x in a for y in b})


def regular_shanten(counts: tuple[int, ...] | list[int], melds: int = 0) -> int:
    """Shanten towards four melds and a pair (``melds``: those already called)."""
    suits = [part_blocks(tuple(counts[s : s + 9]), False) for s in (0, 9, 18)]
    both = _join(_join(suits[0], suits[1]), _join(suits[2], part_blocks(tuple(counts[27:34]), True)))
    best = 8
    for m, t, h in both:
        m += melds
        best = min(best, 8 - 2 * m - min(t, 4 - m) - h)
    return best


def shanten(counts: tuple[int, ...] | list[int]) -> int:
    """Shanten of a closed 13- or 14-tile hand: the best of the regular shape, seven pairs and
    thirteen orphans (-1: complete)."""
    counts = tuple(counts)
    kinds = 34 - counts.count(0)
    pairs = kinds - counts.count(1)
    seven = 6 - pairs + max(0, 7 - kinds)
    yaochu = [counts[k] for k in YAOCHU]
    thirteen = 13 - (13 - yaochu.count(0)) - (max(yaochu) >= 2)
    return min(regular_shanten(counts), seven, thirteen)
