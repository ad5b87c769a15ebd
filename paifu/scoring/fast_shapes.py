"""The shapes of a complete hand for the fast valuation path (``fast``): blocks as small ints,
their properties as tables, and every way to split a hand's concealed tiles into sets and a pair.

A block is ``kind * 4 + type`` with the types of the ``mahjong`` package's divider in its order
(quad, triplet, pair, sequence), so a sorted list of blocks is the package's decomposition in the
package's order, and equal blocks are equal ints. Kinds are the 34 tile kinds (``tile_id >> 2``):
0-8 man, 9-17 pin, 18-26 sou, 27-30 winds, 31-33 dragons.
"""

from __future__ import annotations

from typing import Final

QUAD: Final = 0
TRIPLET: Final = 1
PAIR: Final = 2
SEQUENCE: Final = 3

FIRST_HONOR: Final = 27
FIRST_DRAGON: Final = 31
#: 2, 3, 4, 6, 8 sou and the green dragon
GREEN_KINDS: Final = frozenset({19, 20, 21, 23, 25, 32})


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= FIRST_HONOR or kind % 9 == 0 or kind % 9 == 8


def is_terminal(kind: int) -> bool:
    return kind < FIRST_HONOR and (kind % 9 == 0 or kind % 9 == 8)


def block_kinds(block: int) -> list[int]:
    """The tile kinds of a block, as the package lists them."""
    kind = block >> 2
    ty = block & 3
    if ty == SEQUENCE:
        return [kind, kind + 1, kind + 2]
    if ty == PAIR:
        return [kind, kind]
    if ty == TRIPLET:
        return [kind, kind, kind]
    return [kind, kind, kind, kind]


def is_set_of_one_kind(block: int) -> bool:
    """A triplet or a quad (the package's ``is_pon_or_kan``)."""
    return (block & 3) <= TRIPLET


# a block's flags (``BLOCK_FLAGS[block]``), as the package's yaku tests look at blocks
TERMINAL_OR_HONOR: Final = 1  # some tile is a terminal or an honor (no tanyao)
ALL_TERMINAL_OR_HONOR: Final = 2  # every tile is (honroutou)
ALL_HONOR: Final = 4  # tsuuiisou
ALL_TERMINAL: Final = 8  # chinroutou
ALL_GREEN: Final = 16  # ryuuiisou
TERMINAL_AT_AN_END: Final = 32  # the first or last tile is a terminal (chanta, junchan)
HONOR: Final = 64
DRAGON: Final = 128
WIND: Final = 256
SUIT_SHIFT: Final = 9  # then the suit's bit: man 1, pin 2, sou 4
ALL_FLAGS: Final = (1 << (SUIT_SHIFT + 3)) - 1


def _flags(block: int) -> int:
    kind = block >> 2
    if block & 3 == SEQUENCE and (kind >= FIRST_HONOR or kind % 9 > 6):
        return 0  # no such block
    kinds = block_kinds(block)
    f = 0
    if any(is_terminal_or_honor(k) for k in kinds):
        f |= TERMINAL_OR_HONOR
    if all(is_terminal_or_honor(k) for k in kinds):
        f |= ALL_TERMINAL_OR_HONOR
    if kind >= FIRST_HONOR:
        f |= ALL_HONOR | HONOR | (DRAGON if kind >= FIRST_DRAGON else WIND)
    else:
        f |= 1 << (SUIT_SHIFT + kind // 9)
    if all(is_terminal(k) for k in kinds):
        f |= ALL_TERMINAL
    if all(k in GREEN_KINDS for k in kinds):
        f |= ALL_GREEN
    if is_terminal(kinds[0]) or is_terminal(kinds[-1]):
        f |= TERMINAL_AT_AN_END
    return f


BLOCK_FLAGS: Final = [_flags(b) for b in range(136)]


def decompositions(counts: list[int], with_seven_pairs: bool) -> list[list[int]]:
    """Every split of ``counts`` (tiles per kind) into sets and exactly one pair, plus seven pairs
    when ``with_seven_pairs``; each split a list of blocks, sorted."""
    out: list[list[int]] = []
    pair_group = -1
    parts: list[list[list[int]]] = []
    for g in range(4):
        start = g * 9
        n = sum(counts[start : start + 9 if g < 3 else 34])
        if n % 3 == 1 or (n % 3 == 2 and pair_group >= 0):
            parts = []
            break
        if n % 3 == 2:
            pair_group = g
        if g < 3:
            options = _suit_splits(tuple(counts[start : start + 9]), start)
        else:
            options = _honor_splits(counts, 1 if n % 3 == 2 else 0)
        if not options:
            parts = []
            break
        parts.append(options)
    if parts and pair_group >= 0:
        for a in parts[0]:
            for b in parts[1]:
                for c in parts[2]:
                    for d in parts[3]:
                        out.append(a + b + c + d)
    if with_seven_pairs and _seven_pairs(counts):
        out.append([k * 4 + PAIR for k in range(34) if counts[k] == 2])
    return out


def _seven_pairs(counts: list[int]) -> bool:
    """Seven kinds held twice, none other (``count(2) == 7 and count(0) == 27`` in a native loop:
    ``list.count`` compares the counts as objects)."""
    twos = 0
    for c in counts:
        if c == 2:
            twos += 1
        elif c:
            return False
    return twos == 7 and len(counts) == 34


def _honor_splits(counts: list[int], pairs: int) -> list[list[int]]:
    """The one split of the honors (pairs and triplets only), if it has ``pairs`` pairs."""
    blocks: list[int] = []
    for k in range(FIRST_HONOR, 34):
        c = counts[k]
        if c == 2:
            blocks.append(k * 4 + PAIR)
            pairs -= 1
        elif c == 3:
            blocks.append(k * 4 + TRIPLET)
        elif c != 0:
            return []
    return [blocks] if pairs == 0 else []


#: each suit's splits by the counts of its ranks 1..9 (hands repeat the same suit patterns)
_SUIT_SPLITS: list[dict[tuple[int, ...], list[list[int]]]] = [{}, {}, {}]


def _suit_splits(counts: tuple[int, ...], start: int) -> list[list[int]]:
    """Every split of one suit's tiles into sets (and a pair if their number asks for one), each
    sorted; remembered (up to a bound)."""
    memo = _SUIT_SPLITS[start // 9]
    found = memo.get(counts)
    if found is None:
        found = []
        _split(list(counts), 0, sum(counts) % 3 != 2, [], found, start)
        for f in found:
            f.sort()
        if len(memo) < 50_000:
            memo[counts] = found
    return found


def _split(
    counts: list[int], i: int, has_pair: bool, blocks: list[int], out: list[list[int]], start: int
) -> None:
    """Blocks for ranks ``i``.. of one suit: at each rank, a pair or not, a triplet or not, and runs
    starting there for the rest of its tiles (so each split is found once)."""
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        if has_pair:
            out.append(list(blocks))
        return
    n = counts[i]
    base = (start + i) * 4
    for pair in range(2):
        if pair == 1 and (has_pair or n < 2):
            continue
        for triplet in range(2):
            runs = n - 2 * pair - 3 * triplet
            if runs < 0:
                continue
            if runs > 0 and (i > 6 or counts[i + 1] < runs or counts[i + 2] < runs):
                continue
            added = pair + triplet + runs
            if pair == 1:
                blocks.append(base + PAIR)
            if triplet == 1:
                blocks.append(base + TRIPLET)
            for _ in range(runs):
                blocks.append(base + SEQUENCE)
            counts[i] = 0
            if runs > 0:  # ``x[i] = x[i] - n``: native, where an item's ``-=`` is generic
                counts[i + 1] = counts[i + 1] - runs
                counts[i + 2] = counts[i + 2] - runs
            _split(counts, i + 1, has_pair or pair == 1, blocks, out, start)
            counts[i] = n
            if runs > 0:
                counts[i + 1] = counts[i + 1] + runs
                counts[i + 2] = counts[i + 2] + runs
            del blocks[len(blocks) - added :]


def win_groups(hand: list[int], win_kind: int, open_blocks: list[int]) -> list[int]:
    """The blocks the winning tile may have completed (the package's ``_find_win_groups``): each
    open meld's block is set aside once, the rest that hold the tile, distinct, in hand order."""
    unused = list(open_blocks)
    out: list[int] = []
    for b in hand:
        if unused and b in unused:
            unused.remove(b)
            continue
        kind = b >> 2
        if (kind == win_kind or (b & 3 == SEQUENCE and kind < win_kind <= kind + 2)) and b not in out:
            out.append(b)
    return out
