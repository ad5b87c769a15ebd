"""Attribute values of Tenhou XML tags: comma lists, tile ids, seats' names; each failure a
``ValueError`` naming the attribute (the game reader adds file, hand and event)."""

from __future__ import annotations

import re
from typing import Final

from lxml import etree

from paifu.limits import current

#: the small numbers Tenhou writes (scores and changes in hundreds, seeds, yaku ids and han) as
#: text -> value: a lookup is several times cheaper than ``int()``; anything else (meld codes, other
#: spellings) goes through ``int()``. Kept small: it is built at import, which every process pays
_NUMBER: Final = {str(i): i for i in range(-1000, 1000)}
_TILE_ID: Final = {str(i): i for i in range(136)}
_ESCAPED: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _ints(text: str, what: str) -> list[int]:
    if not text:
        return []
    try:
        return [_NUMBER[x] for x in text.split(",")]  # a native loop when compiled
    except KeyError:
        pass
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
    try:
        return tuple([_TILE_ID[x] for x in text.split(",")])  # each 0..135 as Tenhou writes it
    except KeyError:
        pass
    try:
        vals = tuple(map(int, text.split(",")))
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a comma list of tile ids") from None
    if min(vals) < 0 or max(vals) > 135:
        raise ValueError(f"{what}: tile id {max(vals) if max(vals) > 135 else min(vals)} is outside 0..135")
    return vals


def _need(el: etree._Element, name: str) -> str:
    v = el.get(name)
    if v is None:
        raise ValueError(f"missing attribute {name!r}")
    return v


def _int(text: str) -> int:
    """``int(text)``, looked up where Tenhou's usual spelling allows."""
    v = _NUMBER.get(text)
    return int(text) if v is None else v


def _int_attr(el: etree._Element, name: str) -> int:
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
