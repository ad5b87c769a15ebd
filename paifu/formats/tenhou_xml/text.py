"""The text of a Tenhou XML tag's names and attribute values, made from the document's bytes for the
scan (``scan``): short names and values made once and kept, a value normalized as the tree gives it."""

from __future__ import annotations

import re
from typing import Final

from mypy_extensions import i64

#: what an attribute's value holds beyond its characters: a reference, or a space to normalize
_REFERENCE: Final = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|apos|quot);")
_ENTITY: Final = {"lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": '"'}
_SPACES: Final = {9: 32, 10: 32}  # a tab or line feed in a value reads as a space (XML 1.0, 3.3.3)


#: names read so far (a tag's or an attribute's, of seven bytes or fewer, nearly all that Tenhou
#: writes), each decoded once, by their bytes packed in one integer (``_name``): a slot per key
#: modulo the table's size, where a later name may take an earlier one's place
_SLOTS: Final = 509
_SLOT_KEYS: Final[list[int]] = [0] * _SLOTS
_SLOT_NAMES: Final[list[str]] = [""] * _SLOTS


def _name(raw: bytes, start: i64, end: i64) -> str | None:
    """The name in ``raw[start:end]``, made once per name (making a tag's names, a slice and a
    decoding or a dict lookup each, was most of a tag's cost)."""
    if end - start > 7:
        return _decoded(raw[start:end])
    key: i64 = 1  # a leading 1: names of different lengths never share a key
    i = start
    while i < end:
        key = key * 256 + raw[i]
        i += 1
    slot = key % _SLOTS
    if _SLOT_KEYS[slot] == key:
        return _SLOT_NAMES[slot]
    name = _decoded(raw[start:end])
    if name is not None:
        _SLOT_KEYS[slot] = key
        _SLOT_NAMES[slot] = name
    return name


#: short values read so far (a seat, a step, a tile id, a meld code: most of the tags' values), kept the
#: same way as names, in a table of their own (the meld codes would push the names out of theirs)
_VALUE_SLOTS: Final = 4093
_VALUE_KEYS: Final[list[int]] = [0] * _VALUE_SLOTS
_VALUE_TEXTS: Final[list[str]] = [""] * _VALUE_SLOTS


def _short_value(raw: bytes, start: i64, end: i64) -> str | None:
    """The value in ``raw[start:end]`` (seven bytes or fewer, with no reference or white space to
    normalize), made once per value while it keeps its slot: a slice and a decoding saved."""
    key: i64 = 1
    i = start
    while i < end:
        key = key * 256 + raw[i]
        i += 1
    slot = key % _VALUE_SLOTS
    if _VALUE_KEYS[slot] == key:
        return _VALUE_TEXTS[slot]
    text = _decoded(raw[start:end])
    if text is not None:
        _VALUE_KEYS[slot] = key
        _VALUE_TEXTS[slot] = text
    return text


def _decoded(piece: bytes) -> str | None:
    """``piece`` as UTF-8 text, or None (the scan then declines)."""
    try:
        return piece.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _value(text: str) -> str:
    """An attribute's value as the tree gives it: line ends read as line feeds, each tab or line feed
    as a space, then each reference as its character (XML 1.0, 2.11 and 3.3.3; with no DTD every
    attribute is CDATA and only the five entities exist)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_SPACES)
    return _REFERENCE.sub(_referenced, text)


def _referenced(m: re.Match[str]) -> str:
    name = m.group(1)
    if name[0] == "#":
        return chr(int(name[2:], 16) if name[1] == "x" else int(name[1:]))
    return _ENTITY[name]
