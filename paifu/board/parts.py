"""A hand's waits from its part keys: the engine's question on nearly every discard.

The engine keeps each part (man, pin, sou, honours) as one integer, its counts as base-5 digits,
updated by ``PART_OF``/``DIGIT_OF`` on every tile in or out, so ``wait_mask(keys, counts)``
costs at most four dictionary lookups and returns the waits as a 34-bit mask. A part's answers
come from two sets built once (every part of at most 14 tiles that splits into melds, or melds
and a pair), so a part seen for the first time costs a few set lookups, not a search
(``paifu.board.shape`` answers the same from count arrays).
"""

from __future__ import annotations

from typing import Final, cast

from paifu.board.shape import _melds_and_pair, _melds_only, _part_waits
from paifu.tiles import YAOCHU_KINDS

#: part (0 man, 1 pin, 2 sou, 3 honors) and base-5 digit value of each kind
PART_OF: Final[tuple[int, ...]] = tuple(min(k // 9, 3) for k in range(34))
DIGIT_OF: Final[tuple[int, ...]] = tuple(5 ** (k % 9 if k < 27 else k - 27) for k in range(34))
# per part key: (size mod 3, splits into melds, splits into melds and a pair, local waits mask)
# a part's answers packed in one int (no tuples: compiled, ints stay unboxed): bits 0-1 its size
# mod 3, bit 2 it splits into melds only, bit 3 into melds and a pair, bits 4.. its local waits
_ONLY: Final = 4
_PAIRED: Final = 8
#: keyed by the seat's own key objects (``_regular_mask``): a lookup boxes no int
_SUIT_INFO: Final[dict[object, int]] = {}
_HONOR_INFO: Final[dict[object, int]] = {}
_INFO_LIMIT: Final = 1 << 17  # distinct part keys kept (a part has at most 14 tiles: about 40,000 occur)


def part_keys(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The four part keys of a count array (the engine updates them tile by tile after this)."""
    keys = [0, 0, 0, 0]
    for k, c in enumerate(counts):
        if c:
            part = PART_OF[k]
            keys[part] = keys[part] + c * DIGIT_OF[k]  # native (``SeatState.add``)
    return keys


def _complete_keys(honors: bool) -> tuple[set[int], set[int]]:
    """Keys of every part of at most 14 tiles that splits into melds only, and into melds and a pair:
    every multiset of up to four melds, grown meld by meld with its counts beside it (a few thousand
    keys), so a part's answers are set lookups. Built in the first hand of every process: as sets of
    keys added to keys, with a test of each digit by division, it was a tenth of a small validate."""
    n = 7 if honors else 9
    digit = [5**i for i in range(n)]
    runs = [False] * n + ([] if honors else [True] * 7)  # the melds: n triplets, then the suits' 7 runs
    only = {0}
    paired: set[int] = set()
    _grow([0] * n, digit, runs, 0, 0, 0, only, paired)
    return only, paired


def _grow(
    counts: list[int],
    digit: list[int],
    runs: list[bool],
    start: int,
    melds: int,
    key: int,
    only: set[int],
    paired: set[int],
) -> None:
    """Adds the keys of ``key`` (``melds`` melds, whose kinds' ``counts``) with a pair, then of ``key``
    with one more meld, the ``start``-th or a later one (each multiset of melds is reached once)."""
    n = len(counts)
    for i in range(n):
        if counts[i] <= 2:
            paired.add(key + 2 * digit[i])
    if melds == 4:
        return
    for j in range(start, len(runs)):
        run = runs[j]
        i = j - n if run else j
        if run:
            if counts[i] > 3 or counts[i + 1] > 3 or counts[i + 2] > 3:
                continue
            step = digit[i] + digit[i + 1] + digit[i + 2]
        elif counts[i] > 1:
            continue
        else:
            step = 3 * digit[i]
        _raise(counts, i, run, 1)
        only.add(key + step)
        _grow(counts, digit, runs, j, melds + 1, key + step, only, paired)
        _raise(counts, i, run, -1)


def _raise(counts: list[int], i: int, run: bool, sign: int) -> None:
    """Adds (``sign`` 1) or takes back (-1) a meld's tiles: the run from kind ``i``, or its triplet."""
    if run:
        counts[i] += sign
        counts[i + 1] += sign
        counts[i + 2] += sign
    else:
        counts[i] += 3 * sign


_COMPLETE: Final[dict[bool, tuple[set[int], set[int]]]] = {}


def _part_info(held: object, honors: bool) -> int:
    """A part's packed answers (see ``_ONLY``), computed on first sight and kept. ``held``: the
    key as the seat's list holds it (an int), looked up as that object."""
    table = _HONOR_INFO if honors else _SUIT_INFO
    info = table.get(held)
    if info is not None:
        return info
    return _new_part_info(cast(int, held), honors, table)


def _new_part_info(key: int, honors: bool, table: dict[object, int]) -> int:
    size = 0
    four = False
    rest = key
    for _ in range(7 if honors else 9):
        c = rest % 5
        rest //= 5
        size += c
        four = four or c == 4
    r = size % 3
    mask = 0
    if size >= 14 or four:  # beyond the tables: a broken hand's part, or a wait on a fifth copy
        part = _digits(key, honors)
        if r:
            for i in _part_waits(part, honors):
                mask |= 1 << i
        only = r == 0 and _melds_only(part, honors)
        paired = r == 2 and _melds_and_pair(part, honors)
    else:
        complete = _COMPLETE.get(honors)
        if complete is None:
            complete = _COMPLETE[honors] = _complete_keys(honors)
        only_keys, paired_keys = complete
        if r:
            target = paired_keys if r == 1 else only_keys
            step = 1
            for i in range(7 if honors else 9):
                if key + step in target:
                    mask |= 1 << i
                step *= 5
        only = r == 0 and key in only_keys
        paired = r == 2 and key in paired_keys
    info = r | (_ONLY if only else 0) | (_PAIRED if paired else 0) | mask << 4
    if len(table) >= _INFO_LIMIT:
        table.clear()
    table[key] = info
    return info


def _digits(key: int, honors: bool) -> tuple[int, ...]:
    """A part key's counts, lowest kind first."""
    out = []
    for _ in range(7 if honors else 9):
        out.append(key % 5)
        key //= 5
    return tuple(out)


YAOCHU_MASK: Final = sum(1 << k for k in YAOCHU_KINDS)  # the terminal and honor kinds, as bits


def wait_mask(
    keys: list[int],
    counts: list[int],
    closed: bool,
    seen: list[object] | None = None,
    infos: list[int] | None = None,
) -> int:
    """``shape_waits`` as a mask (bit k: kind k completes the hand), from the part keys. ``seen``
    and ``infos``: the seat's last key object and answers per part (``SeatState``), so a part no
    tile entered or left since is not looked up again (a discard after a draw changes one or two)."""
    if seen is None or infos is None:
        seen, infos = [None, None, None, None], [0, 0, 0, 0]
    mask = _regular_mask(keys, seen, infos)
    if closed:
        kinds = 0  # a native loop: ``counts.count(0)`` compared each count as an object
        for c in counts:
            if c:
                kinds += 1
        if kinds == 7:  # seven pairs: six pairs and a single
            if counts.count(2) == 6 and counts.count(1) == 1:
                mask |= 1 << counts.index(1)
        # the thirteen terminal and honor tiles first: ``sum`` is a call through Python (1% of a
        # replay, where a hand of twelve kinds or more is common)
        elif kinds >= 12 and _yaochu_tiles(counts) == 13 and sum(counts) == 13:
            missing = [k for k in YAOCHU_KINDS if counts[k] == 0]  # thirteen orphans
            if not missing:
                mask |= YAOCHU_MASK
            elif len(missing) == 1:
                mask |= 1 << missing[0]
    return mask


def _yaochu_tiles(counts: list[int]) -> int:
    n = 0
    for k in YAOCHU_KINDS:
        n += counts[k]
    return n


def _regular_mask(keys: list[int], seen: list[object], infos: list[int]) -> int:
    """Waits of four melds and a pair: one part short of a tile (the others complete), or two
    parts each holding a pair-or-wait (one is the pair, the other waits)."""
    held = cast("list[object]", keys)  # the keys as objects: looked up without unboxing and boxing
    # a part of residue 0 must split into melds (bits 0-2 all clear: it does not, and the hand
    # waits on nothing: the parts after it are not looked up)
    m = _kept_info(held, 0, seen, infos)
    if not m & 7:
        return 0
    p = _kept_info(held, 1, seen, infos)
    if not p & 7:
        return 0
    s = _kept_info(held, 2, seen, infos)
    if not s & 7:
        return 0
    z = _kept_info(held, 3, seen, infos)
    if not z & 7:
        return 0
    # residues counted at once: a residue 1 adds 1, a residue 2 adds 16
    code = _code(m) + _code(p) + _code(s) + _code(z)
    if code == 1:  # one part short of a tile: its waits
        return _if_residue(m, 1, 0) | _if_residue(p, 1, 9) | _if_residue(s, 1, 18) | _if_residue(z, 1, 27)
    if code != 32:
        return 0
    # two parts of residue 2: each waits when the other holds the pair
    paired = _paired2(m) + _paired2(p) + _paired2(s) + _paired2(z)
    if not paired:
        return 0
    mask = 0
    if paired - _paired2(m):
        mask |= _if_residue(m, 2, 0)
    if paired - _paired2(p):
        mask |= _if_residue(p, 2, 9)
    if paired - _paired2(s):
        mask |= _if_residue(s, 2, 18)
    if paired - _paired2(z):
        mask |= _if_residue(z, 2, 27)
    return mask


def _kept_info(held: list[object], part: int, seen: list[object], infos: list[int]) -> int:
    """Part ``part``'s answers: kept while its key is the same object (a key that changed is a new
    int object, and the kept one is held alive, so no new key can be mistaken for it; small ints
    are shared, but an equal key has the same answers)."""
    key = held[part]
    if seen[part] is key:
        return infos[part]
    info = _part_info(key, part == 3)
    seen[part] = key
    infos[part] = info
    return info


def _code(info: int) -> int:
    r = info & 3
    return (r & 1) | (r & 2) << 3


def _if_residue(info: int, r: int, base: int) -> int:
    """The part's waits at their place in the 34-bit mask when its residue is ``r``, else 0."""
    return (info >> 4) << base if info & 3 == r else 0


def _paired2(info: int) -> int:
    """1 for a residue-2 part that splits into melds and a pair."""
    return 1 if info & 3 == 2 and info & _PAIRED else 0


def mask_kinds(mask: int) -> frozenset[int]:
    """The kinds of a waits mask."""
    return frozenset(k for k in range(34) if mask >> k & 1)
