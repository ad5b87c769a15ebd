"""Attribute values of Tenhou XML tags: comma lists, tile ids, seats' names; each failure a
``ValueError`` naming the attribute (the game reader adds file, hand and event)."""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

from paifu.formats.tenhou_xml.element import Element
from paifu.limits import current

#: the small numbers Tenhou writes (scores and changes in hundreds, seeds, yaku ids and han) as
#: text -> value: a lookup is several times cheaper than ``int()``; anything else (meld codes, other
#: spellings) goes through ``int()``. Kept small: it is built at import, which every process pays
_NUMBER: Final = {str(i): i for i in range(-1000, 1000)}
_ESCAPED: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _plain_ints(text: str, tiles: bool = False) -> list[int] | None:
    """A comma list of plain decimals (``-`` allowed, at most 18 digits each; ``tiles``: only
    0..135), read byte by byte: compiled, several times cheaper than splitting it and looking up
    or parsing each piece. None for anything else (a space, ``+``, an empty piece, another
    script's digits), which the callers then read with ``int()``, as before."""
    data = text.encode("utf-8", "replace")
    out: list[int] = []
    value: i64 = 0  # native integers: compiled, a tagged int's arithmetic was most of a byte's cost
    digits: i64 = 0
    negative = False
    size: i64 = len(data)
    i: i64 = 0
    while i < size:
        c: i64 = data[i]
        i += 1
        if 48 <= c <= 57 and digits < 18:
            value = value * 10 + c - 48
            digits += 1
        elif c == 44 and digits:
            if tiles and value > 135:
                return None
            out.append(-value if negative else value)
            value = 0
            digits = 0
            negative = False
        elif c == 45 and not digits and not negative and not tiles:
            negative = True
        else:
            return None
    if not digits or (tiles and value > 135):
        return None
    out.append(-value if negative else value)
    return out


def _ints(text: str, what: str) -> list[int]:
    if not text:
        return []
    plain = _plain_ints(text)
    if plain is not None:
        return plain
    try:
        return list(map(int, text.split(","))) if text else []
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a comma list of integers") from None


def _tile(t: int) -> int:
    if not 0 <= t < 136:
        raise ValueError(f"tile id {t} is outside 0..135")
    return t


def _tiles(text: str | None, what: str) -> tuple[int, ...]:
    if not text:
        return ()
    plain = _plain_ints(text, True)
    if plain is not None:
        return tuple(plain)
    try:
        vals = tuple(map(int, text.split(",")))
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a comma list of tile ids") from None
    if min(vals) < 0 or max(vals) > 135:
        raise ValueError(f"{what}: tile id {max(vals) if max(vals) > 135 else min(vals)} is outside 0..135")
    return vals


def _need(el: Element, name: str) -> str:
    v = el.get(name)
    if v is None:
        raise ValueError(f"missing attribute {name!r}")
    return v


def _int(text: str) -> int:
    """``int(text)``, looked up where Tenhou's usual spelling allows."""
    v = _NUMBER.get(text)
    return int(text) if v is None else v


def _int_attr(el: Element, name: str) -> int:
    v = _need(el, name)
    try:
        return _int(v)
    except ValueError:
        raise ValueError(f"{name}={v!r} is not an integer") from None


def _decode_name(raw: str) -> str:
    """A percent-encoded name; checked against ``--max-field`` before decoding (a 50 MB name
    would take gigabytes to unquote)."""
    limit = current().max_field
    if len(raw) > 3 * limit:
        raise ValueError(f"a name of {len(raw):,} characters, over the --max-field limit of {limit:,}")
    if _ESCAPED.fullmatch(raw):  # Tenhou's spelling, every byte escaped: what unquote gives, in C
        return bytes.fromhex(raw.replace("%", "")).decode("utf-8", errors="replace")
    from urllib.parse import unquote  # only here: it imports ipaddress, a tenth of a small run's imports

    return unquote(raw, encoding="utf-8", errors="replace")
