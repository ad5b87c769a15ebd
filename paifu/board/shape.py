"""Hand shape on 34-kind count arrays: complete hands and waits.

The replay asks "is this tenpai, on what?" after nearly every discard, so this is
the hot path. A hand is split into its three suits and honors; each part's
answers are cached by its count tuple, and a whole-hand answer is combined from
the parts by the residues of their sizes mod 3 (one part holds the pair, or the
wait). Seven pairs and thirteen orphans are checked separately (closed hands only).

The engine's own question, asked on every discard, is answered from the parts' keys
(``paifu.board.parts``); the functions here answer it from a count array.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from paifu.tiles import YAOCHU_KINDS

_EMPTY: Final[frozenset[int]] = frozenset()


@cache
def _melds_only(t: tuple[int, ...], honors: bool) -> bool:
    """Whether counts ``t`` split exactly into triplets and (suits only) runs."""
    i = next((j for j, c in enumerate(t) if c), -1)
    if i < 0:
        return True
    c = t[i]
    lst = list(t)
    if c >= 3:
        lst[i] -= 3
        if _melds_only(tuple(lst), honors):
            return True
        lst[i] += 3
    if not honors and i <= 6 and lst[i + 1] and lst[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        return _melds_only(tuple(lst), honors)
    return False


@cache
def _melds_and_pair(t: tuple[int, ...], honors: bool) -> bool:
    lst = list(t)
    for i, c in enumerate(t):
        if c >= 2:
            lst[i] -= 2
            if _melds_only(tuple(lst), honors):
                return True
            lst[i] += 2
    return False


def _complete_part(t: tuple[int, ...], honors: bool) -> bool:
    r = sum(t) % 3
    if r == 0:
        return _melds_only(t, honors)
    if r == 2:
        return _melds_and_pair(t, honors)
    return False


@cache
def _part_waits(t: tuple[int, ...], honors: bool) -> frozenset[int]:
    """Local indices i such that ``t + e_i`` is complete (melds, or melds and a pair).

    Counts of 4 are allowed here (a wait on a fifth copy); the caller decides
    what such a wait is worth under the ruleset.
    """
    out = []
    lst = list(t)
    n = len(t)
    for i in range(n):
        # a useful tile touches the part: held, or next to a held suit tile
        if not (
            t[i]
            or (
                not honors
                and (
                    (i > 0 and t[i - 1])
                    or (i < n - 1 and t[i + 1])
                    or (i > 1 and t[i - 2])
                    or (i < n - 2 and t[i + 2])
                )
            )
        ):
            continue
        lst[i] += 1
        if _complete_part(tuple(lst), honors):
            out.append(i)
        lst[i] -= 1
    return frozenset(out)


def _parts(counts: list[int] | tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))


def is_complete_regular(counts: list[int] | tuple[int, ...]) -> bool:
    """Four melds (minus open ones) and a pair."""
    pair_seen = False
    for idx, part in enumerate(_parts(counts)):
        s = sum(part)
        r = s % 3
        if r == 1:
            return False
        if r == 2:
            if pair_seen:
                return False
            pair_seen = True
            if not _melds_and_pair(part, idx == 3):
                return False
        elif s and not _melds_only(part, idx == 3):
            return False
    return pair_seen


def with_kind(counts: list[int], k: int) -> list[int]:
    """A copy of ``counts`` holding one more of kind ``k`` (the hand with a tile it may win on)."""
    c = list(counts)
    c[k] += 1
    return c


def is_chiitoitsu(counts: list[int] | tuple[int, ...]) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs, as on Tenhou)."""
    return sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: list[int] | tuple[int, ...]) -> bool:
    if sum(counts) != 14:
        return False
    if any(counts[k] == 0 for k in YAOCHU_KINDS):
        return False
    return sum(counts[k] for k in YAOCHU_KINDS) == 14


def is_complete(counts: list[int] | tuple[int, ...], closed: bool = True) -> bool:
    """A winning shape; seven pairs and thirteen orphans only for a closed 14-tile hand."""
    if is_complete_regular(counts):
        return True
    if closed and sum(counts) == 14:
        return is_chiitoitsu(counts) or is_kokushi(counts)
    return False


@lru_cache(maxsize=1 << 16)
def _regular_waits(parts: tuple[tuple[int, ...], ...]) -> frozenset[int]:
    res = [sum(p) % 3 for p in parts]
    ones = [i for i, r in enumerate(res) if r == 1]
    twos = [i for i, r in enumerate(res) if r == 2]
    waits: set[int] = set()
    if len(ones) == 1 and not twos:
        j = ones[0]
        if all(_melds_only(parts[i], i == 3) for i in range(4) if i != j and sum(parts[i]) > 0):
            waits.update(j * 9 + w for w in _part_waits(parts[j], j == 3))
    elif len(twos) == 2 and not ones:
        a, b = twos
        if all(_melds_only(parts[i], i == 3) for i in range(4) if i not in (a, b) and sum(parts[i]) > 0):
            for j, other in ((a, b), (b, a)):
                if _melds_and_pair(parts[other], other == 3):
                    waits.update(j * 9 + w for w in _part_waits(parts[j], j == 3))
    return frozenset(waits)


def shape_waits(counts: list[int] | tuple[int, ...], closed: bool = True) -> frozenset[int]:
    """Kinds that would complete a hand of 3m+1 tiles, ignoring how many copies remain."""
    waits = _regular_waits(_parts(counts))
    if closed and counts.count(0) >= 21 and sum(counts) == 13:
        # seven pairs (six distinct pairs and a single) or thirteen orphans: few kinds held
        extra: set[int] = set()
        if counts.count(2) == 6 and counts.count(1) == 1:
            extra.add(counts.index(1))
        if sum(counts[k] for k in YAOCHU_KINDS) == 13:
            missing = [k for k in YAOCHU_KINDS if counts[k] == 0]
            if not missing:
                extra.update(YAOCHU_KINDS)
            elif len(missing) == 1:
                extra.add(missing[0])
        if extra:
            return waits | extra
    return waits


def is_tenpai_shape(counts: list[int] | tuple[int, ...], closed: bool = True) -> bool:
    return bool(shape_waits(counts, closed))


def yaochu_kinds(counts: list[int] | tuple[int, ...]) -> int:
    """Distinct terminal and honor kinds held (nine terminals needs 9)."""
    return sum(1 for k in YAOCHU_KINDS if counts[k])
