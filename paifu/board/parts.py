"""A hand's waits from its part keys: the engine's question on nearly every discard.

The engine keeps each part (man, pin, sou, honours) as one native integer, its counts as base-5
digits, with the part's tile count beside it, updated by ``DIGIT_OF`` on every tile in or out
(``SeatState``). Whether a part splits into melds, or into melds and a pair, is a byte of a table
indexed by its key (``_table``: a read from memory, where a dictionary of the keys seen was a hash, a
probe and a boxed key), and its waits are the kinds one more of which makes it split so: a byte each.
The table is made once per process, grown meld by meld (every part of at most 14 tiles that splits
into melds, or melds and a pair). A hand the table cannot answer (a part of 14 tiles or more, or a count
of four or more, whose fifth copy the shape counts as a wait) is answered from each part's digits as
before (``_irregular_info``), and those answers kept. (``paifu.board.shape`` answers the same from
count arrays.)
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from paifu.board.shape import _melds_and_pair, _melds_only, _part_waits
from paifu.tiles import YAOCHU_KINDS

#: part (0 man, 1 pin, 2 sou, 3 honors) and base-5 digit value of each kind
PART_OF: Final[tuple[int, ...]] = tuple(min(k // 9, 3) for k in range(34))
DIGIT_OF: Final[tuple[int, ...]] = tuple(5 ** (k % 9 if k < 27 else k - 27) for k in range(34))
# a part's answers packed in one int (``_irregular_info``; no tuples: compiled, ints stay unboxed):
# bits 0-1 its size mod 3, bit 2 it splits into melds only, bit 3 into melds and a pair, bits 4.. its
# local waits
_ONLY: Final = 4
_PAIRED: Final = 8
#: the answers of the parts the table cannot give (``_irregular_info``), kept by key
_SUIT_INFO: Final[dict[int, int]] = {}
_HONOR_INFO: Final[dict[int, int]] = {}
_INFO_LIMIT: Final = 1 << 17  # distinct part keys kept (a part has at most 14 tiles: about 40,000 occur)


class _Tables:
    """The suits' and the honors' tables (``_table``), made on first use. A native object held
    in a constant: compiled, reading its attribute is a load, where a module global that changes
    would be a dictionary lookup on every read."""

    def __init__(self) -> None:
        self.suit = b""
        self.honor = b""

    def made(self, honors: bool) -> bytes:
        table = _table(honors)
        if honors:
            self.honor = table
        else:
            self.suit = table
        return table


_T: Final = _Tables()


def part_keys(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The four part keys of a count array (the engine updates them tile by tile after this)."""
    keys = [0, 0, 0, 0]
    for k, c in enumerate(counts):
        if c:
            part = PART_OF[k]
            keys[part] = keys[part] + c * DIGIT_OF[k]  # native (``SeatState.add``)
    return keys


def _table(honors: bool) -> bytes:
    """A byte per part key: 1 where the part splits into melds only, 2 into melds and a pair, else 0
    (the two kinds of part have different sizes mod 3). Every multiset of up to four melds is grown meld
    by meld with its counts beside it, and marked with and without a pair (a few thousand parts of at
    most 14 tiles). Made in the first hand of every process, straight into the table."""
    n = 7 if honors else 9
    digit = [5**i for i in range(n)]
    runs = [False] * n + ([] if honors else [True] * 7)  # the melds: n triplets, then the suits' 7 runs
    table = bytearray(5**n)
    table[0] = 1
    _grow([0] * n, digit, runs, 0, 0, 0, table)
    return bytes(table)


def _grow(
    counts: list[int], digit: list[int], runs: list[bool], start: int, melds: int, key: int, table: bytearray
) -> None:
    """Marks ``key`` (``melds`` melds, whose kinds' ``counts``) with a pair, then ``key`` with one more
    meld, the ``start``-th or a later one (each multiset of melds is reached once)."""
    n = len(counts)
    for i in range(n):
        if counts[i] <= 2:
            table[key + 2 * digit[i]] = 2
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
        table[key + step] = 1
        _grow(counts, digit, runs, j, melds + 1, key + step, table)
        _raise(counts, i, run, -1)


def _raise(counts: list[int], i: int, run: bool, sign: int) -> None:
    """Adds (``sign`` 1) or takes back (-1) a meld's tiles: the run from kind ``i``, or its triplet."""
    if run:
        counts[i] += sign
        counts[i + 1] += sign
        counts[i + 2] += sign
    else:
        counts[i] += 3 * sign


def _made(honors: bool) -> bytes:
    """The suits' or the honors' table, made if it is not yet."""
    table = _T.honor if honors else _T.suit
    return table if len(table) else _T.made(honors)


def _flags(key: i64, honors: bool) -> i64:
    """The table's byte for a part key, 0 for a key beyond it: a count of five or more carries past the
    part's last digit, one below zero borrows below the first (a broken record's hand splits no way)."""
    table = _made(honors)
    if key < 0 or key >= len(table):
        return 0
    flags: i64 = table[key]
    return flags


def _waits(key: i64, flag: i64, honors: bool) -> i64:
    """The part's local waits: the kinds one more of which makes a part the table marks ``flag`` (a part
    of residue 1 waits to split into melds and a pair, of residue 2 into melds)."""
    mask: i64 = 0
    step: i64 = 1
    i: i64 = 0
    n: i64 = 7 if honors else 9
    while i < n:
        if _flags(key + step, honors) & flag:
            mask |= 1 << i
        step *= 5
        i += 1
    return mask


def _irregular_info(key: int, honors: bool) -> int:
    """The answers of a part the table cannot give, from its digits, computed on first sight and kept."""
    kept = _HONOR_INFO if honors else _SUIT_INFO
    info = kept.get(key)
    if info is not None:
        return info
    info = _new_part_info(key, honors)
    if len(kept) >= _INFO_LIMIT:
        kept.clear()
    kept[key] = info
    return info


def _new_part_info(key: int, honors: bool) -> int:
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
        if r:  # to split into melds and a pair, or into melds
            mask = _waits(key, 2 if r == 1 else 1, honors)
        only = r == 0 and _flags(key, honors) == 1
        paired = r == 2 and _flags(key, honors) == 2
    return r | (_ONLY if only else 0) | (_PAIRED if paired else 0) | mask << 4


def _digits(key: int, honors: bool) -> tuple[int, ...]:
    """A part key's counts, lowest kind first."""
    out = []
    for _ in range(7 if honors else 9):
        out.append(key % 5)
        key //= 5
    return tuple(out)


YAOCHU_MASK: Final = sum(1 << k for k in YAOCHU_KINDS)  # the terminal and honor kinds, as bits


def wait_mask(keys: list[int], counts: list[int], closed: bool) -> int:
    """``shape_waits`` as a mask (bit k: kind k completes the hand), from the part keys and the counts
    (a seat keeps the parts' sizes and asks ``regular_mask`` and ``closed_mask`` itself)."""
    irregular = False
    kinds = 0
    for c in counts:
        if c:
            kinds += 1
        if c < 0 or c > 3:
            irregular = True
    mask = regular_mask(
        keys[0],
        keys[1],
        keys[2],
        keys[3],
        sum(counts[0:9]),
        sum(counts[9:18]),
        sum(counts[18:27]),
        sum(counts[27:34]),
        irregular,
    )
    return mask | closed_mask(counts, kinds) if closed else mask


def closed_mask(counts: list[int], kinds: int) -> int:
    """The waits of seven pairs and thirteen orphans (a closed hand's), from the counts and the number
    of kinds held."""
    if kinds == 7:  # seven pairs: six pairs and a single
        if counts.count(2) == 6 and counts.count(1) == 1:
            return 1 << counts.index(1)
    # the thirteen terminal and honor tiles first: ``sum`` is a call through Python (1% of a
    # replay, where a hand of twelve kinds or more is common)
    elif kinds >= 12 and _yaochu_tiles(counts) == 13 and sum(counts) == 13:
        missing = [k for k in YAOCHU_KINDS if counts[k] == 0]  # thirteen orphans
        if not missing:
            return YAOCHU_MASK
        if len(missing) == 1:
            return 1 << missing[0]
    return 0


def _yaochu_tiles(counts: list[int]) -> int:
    n = 0
    for k in YAOCHU_KINDS:
        n += counts[k]
    return n


def regular_mask(m: i64, p: i64, s: i64, z: i64, nm: i64, np: i64, ns: i64, nz: i64, irregular: bool) -> i64:
    """Waits of four melds and a pair, from the four part keys and their sizes: one part short of a tile
    (the others complete), or two parts each holding a pair-or-wait (one is the pair, the other waits).
    ``irregular``: the hand holds a count other than 0 to 3, which the table does not answer, nor a part
    of 14 tiles or more: each part is then answered from its digits (``_irregular_info``)."""
    odd = irregular or nm >= 14 or np >= 14 or ns >= 14 or nz >= 14
    # a part of residue 0 must split into melds (bits 0-2 all clear: it does not, and the hand
    # waits on nothing: the parts after it are not looked up)
    mi = _part(m, nm, False, odd)
    if not mi & 7:
        return 0
    pi = _part(p, np, False, odd)
    if not pi & 7:
        return 0
    si = _part(s, ns, False, odd)
    if not si & 7:
        return 0
    zi = _part(z, nz, True, odd)
    if not zi & 7:
        return 0
    # residues counted at once: a residue 1 adds 1, a residue 2 adds 16
    code = _code(mi) + _code(pi) + _code(si) + _code(zi)
    if code == 1:  # one part short of a tile: its waits
        if mi & 3 == 1:
            return _local_waits(m, mi, False, odd)
        if pi & 3 == 1:
            return _local_waits(p, pi, False, odd) << 9
        if si & 3 == 1:
            return _local_waits(s, si, False, odd) << 18
        return _local_waits(z, zi, True, odd) << 27
    if code != 32:
        return 0
    # two parts of residue 2: each waits when the other holds the pair
    paired = _paired2(mi) + _paired2(pi) + _paired2(si) + _paired2(zi)
    if not paired:
        return 0
    mask: i64 = 0
    if mi & 3 == 2 and paired - _paired2(mi):
        mask |= _local_waits(m, mi, False, odd)
    if pi & 3 == 2 and paired - _paired2(pi):
        mask |= _local_waits(p, pi, False, odd) << 9
    if si & 3 == 2 and paired - _paired2(si):
        mask |= _local_waits(s, si, False, odd) << 18
    if zi & 3 == 2 and paired - _paired2(zi):
        mask |= _local_waits(z, zi, True, odd) << 27
    return mask


def _part(key: i64, size: i64, honors: bool, odd: bool) -> i64:
    """A part's size mod 3 (bits 0-1), whether it splits into melds (bit 2: ``_ONLY``) or into melds and
    a pair (bit 3: ``_PAIRED``); its waits are asked apart (``_local_waits``), only of the parts that
    wait. ``odd``: from the part's digits (``_irregular_info``), else the table (read for a residue 0 or 2
    only: a residue 1 part splits neither way)."""
    if odd:
        info: i64 = _irregular_info(key, honors)
        return info & 15
    r = size % 3
    return r if r == 1 else r | _flags(key, honors) << 2


def _local_waits(key: i64, info: i64, honors: bool, odd: bool) -> i64:
    """The local waits of a part of residue 1 (to split into melds and a pair) or 2 (into melds)."""
    if odd:
        found: i64 = _irregular_info(key, honors)
        return found >> 4
    return _waits(key, 2 if info & 3 == 1 else 1, honors)


def _code(info: i64) -> i64:
    """A part's residue counted: 1 adds 1, 2 adds 16."""
    r = info & 3
    return (r & 1) | (r & 2) << 3


def _paired2(info: i64) -> i64:
    """1 for a residue-2 part that splits into melds and a pair."""
    return 1 if info & 3 == 2 and info & _PAIRED else 0


def mask_kinds(mask: int) -> frozenset[int]:
    """The kinds of a waits mask."""
    return frozenset(k for k in range(34) if mask >> k & 1)
