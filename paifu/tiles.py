"""Tiles: 136-id and 34-kind forms, red fives, and the MPSZ text form.

A *tile id* is Tenhou's 0..135 (kind = id // 4, copy = id % 4); a *kind* is 0..33
(0-8 man, 9-17 pin, 18-26 sou, 27-30 winds ESWN, 31-33 dragons haku/hatsu/chun).
Every format is translated to ids at the reader, so the engine has one tile type.
Red fives are copy 0 of each five (ids 16, 52, 88) when the ruleset has them; a
ruleset with more red fives per suit marks copies 0..n-1 (see ``Ruleset.red_fives``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

NUM_KINDS = 34
NUM_IDS = 136
RED_IDS = (16, 52, 88)
FIVE_KINDS = (4, 13, 22)
SUITS = "mpsz"
WIND_KINDS = (27, 28, 29, 30)
DRAGON_KINDS = (31, 32, 33)
HONOR_KINDS = tuple(range(27, 34))
TERMINAL_KINDS = (0, 8, 9, 17, 18, 26)
YAOCHU_KINDS = TERMINAL_KINDS + HONOR_KINDS
EAST, SOUTH, WEST, NORTH = WIND_KINDS
HAKU, HATSU, CHUN = DRAGON_KINDS
#: kinds absent from a 3-player set (2m..8m)
SANMA_REMOVED_KINDS = tuple(range(1, 8))

WIND_NAMES = ("E", "S", "W", "N")


class TileError(ValueError):
    """A tile written in a form we cannot read."""


def kind(tile: int) -> int:
    return tile >> 2


def is_honor(k: int) -> bool:
    return k >= 27


def is_terminal(k: int) -> bool:
    return k < 27 and k % 9 in (0, 8)


def is_yaochu(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def suit_of(k: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honors."""
    return k // 9 if k < 27 else 3


def number_of(k: int) -> int:
    """1..9 for suited kinds, 1..7 for honors."""
    return k % 9 + 1 if k < 27 else k - 26


def is_red(tile: int, red_per_suit: tuple[int, int, int] = (1, 1, 1)) -> bool:
    """Whether a tile id is a red five under a ruleset's red-five counts per suit."""
    k = tile >> 2
    if k not in FIVE_KINDS:
        return False
    return (tile & 3) < red_per_suit[FIVE_KINDS.index(k)]


def dora_from_indicator(indicator_kind: int, sanma: bool = False) -> int:
    """The dora kind an indicator points at (wraps within suit, winds, dragons)."""
    k = indicator_kind
    if k < 27:
        if sanma and k == 0:
            return 8  # 1m -> 9m in 3-player: 2m..8m are out of the set
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def validate_id(tile: int) -> int:
    if not isinstance(tile, int) or not 0 <= tile < NUM_IDS:
        raise TileError(f"tile id {tile!r} is outside 0..135")
    return tile


# ---------------------------------------------------------------- text form

_GROUP = re.compile(r"([0-9]+)([mpsz])")
_SUIT_FIRST = re.compile(r"([mpsz])([0-9]+)")


def kind_to_str(k: int) -> str:
    return f"{number_of(k)}{SUITS[suit_of(k)]}"


def tile_to_str(tile: int, red_per_suit: tuple[int, int, int] = (1, 1, 1)) -> str:
    """One tile id in MPSZ form, ``0m`` for a red five."""
    k = tile >> 2
    if is_red(tile, red_per_suit):
        return f"0{SUITS[suit_of(k)]}"
    return kind_to_str(k)


def tiles_to_str(tiles: Iterable[int], red_per_suit: tuple[int, int, int] = (1, 1, 1)) -> str:
    """Sorted MPSZ text of tile ids, e.g. ``123m406p789s1122z`` (red 0 sorts as 5)."""
    groups: dict[str, list[str]] = {s: [] for s in SUITS}
    for t in sorted(tiles, key=lambda t: (t >> 2, not is_red(t, red_per_suit))):
        s = tile_to_str(t, red_per_suit)
        groups[s[1]].append(s[0])
    return "".join("".join(ds) + s for s, ds in groups.items() if ds)


def kinds_to_str(kinds: Iterable[int]) -> str:
    groups: dict[str, list[str]] = {s: [] for s in SUITS}
    for k in sorted(kinds):
        groups[SUITS[suit_of(k)]].append(str(number_of(k)))
    return "".join("".join(ds) + s for s, ds in groups.items() if ds)


def parse_kinds(text: str) -> list[tuple[int, bool]]:
    """MPSZ text -> [(kind, red)], accepting suit-first (``m123p406``) too."""
    text = text.replace(" ", "")
    if not text:
        return []
    pairs = _GROUP.findall(text)
    if "".join(d + s for d, s in pairs) != text:
        pairs = [(d, s) for s, d in _SUIT_FIRST.findall(text)]
        if "".join(s + d for d, s in pairs) != text:
            raise TileError(f"not an MPSZ tile string: {text!r}")
    out: list[tuple[int, bool]] = []
    for digits, suit in pairs:
        si = SUITS.index(suit)
        for d in digits:
            n = int(d)
            red = n == 0
            if red:
                if suit == "z":
                    raise TileError(f"no red honor tile in {text!r}")
                n = 5
            if suit == "z" and not 1 <= n <= 7:
                raise TileError(f"honor number {n} out of 1..7 in {text!r}")
            out.append((si * 9 + n - 1, red))
    return out


def parse_tiles(text: str) -> list[int]:
    """MPSZ text -> tile ids; red fives get copy 0, other copies are handed out in order.

    Raises TileError when the text asks for a fifth copy of a kind.
    """
    used = [0] * NUM_KINDS  # bitmask of copies handed out
    out: list[int] = []
    for k, red in parse_kinds(text):
        if red:
            copies = [0]
        elif k in FIVE_KINDS:
            copies = [1, 2, 3, 0]
        else:
            copies = [0, 1, 2, 3]
        for c in copies:
            if not used[k] >> c & 1:
                used[k] |= 1 << c
                out.append(k * 4 + c)
                break
        else:
            raise TileError(f"more than four (or two red) copies of {kind_to_str(k)} in {text!r}")
    return out


def counts34(tiles: Iterable[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t >> 2] += 1
    return c


def canonical_id(k: int, red: bool = False) -> int:
    """The id we use for a tile named only by kind (mjai, tenhou.net/6, 電脳麻将).

    The engine judges tiles by kind and red-ness, never by copy, so any id of the
    right kind and colour is equivalent: a red five is copy 0, any other tile copy 3.
    """
    return k * 4 + (0 if red else 3)


def same_tile(a: int, b: int, red_per_suit: tuple[int, int, int] = (1, 1, 1)) -> bool:
    """Equal as the engine sees them: same kind and same colour."""
    return a >> 2 == b >> 2 and is_red(a, red_per_suit) == is_red(b, red_per_suit)
