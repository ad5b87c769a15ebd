"""A font subset a page carries: the glyphs of the characters it writes, so its text is real text
(selectable, searchable, copied as it reads) that draws the same on a machine without a CJK font.

The subset is a TrueType file of its own, built from IPAexGothic by our own few lines on top of
``paifu.view.ttf``: each glyph's outline is copied as the font stores it (its hinting
instructions left out, as the subset carries no ``fpgm``/``prep`` they would call), with the
tables a browser asks of a TrueType font (``head``, ``hhea``, ``maxp``, ``OS/2``, ``hmtx``,
``cmap``, ``loca``, ``glyf``, ``name``, ``post``). The font's own ``name`` table goes along, its
copyright and licence (the IPA Font License, which lets a document embed the font or a subset of
it) with it. fontTools' subsetter does the same in 0.4 s of CPU a page, most of ``paifu show``'s
budget; this takes a few milliseconds. ``tests/test_view_text.py`` reads our subsets back with
fontTools and compares every glyph with the font's.
"""

from __future__ import annotations

import base64
import hashlib
import re
import struct
from collections.abc import Iterable

from paifu.view.ttf import TrueType

_NOT_ASCII = re.compile(r"[^\x00-\x7e]+")
#: composite glyph flags (the OpenType ``glyf`` table)
_WORDS, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO, _INSTRUCTIONS = 0x1, 0x8, 0x20, 0x40, 0x80, 0x100


def _table(font: TrueType, tag: str) -> bytes:
    offset, length = font.tables[tag]
    return font.data[offset : offset + length]


def _glyph(font: TrueType, gid: int) -> bytes:
    """A glyph's bytes as ``glyf`` stores them ("" for one with no outline, such as a space)."""
    loca = font.tables["loca"][0]
    if font.long_loca:
        start, end = struct.unpack_from(">II", font.data, loca + 4 * gid)
    else:
        start, end = (2 * v for v in struct.unpack_from(">HH", font.data, loca + 2 * gid))
    if end <= start:
        return b""
    at = font.tables["glyf"][0]
    return font.data[at + start : at + end]


def _components(data: bytes) -> tuple[list[tuple[int, int]], int, int]:
    """Of a composite glyph: (offset of its glyph index, glyph index) of each component, the offset
    of the last component's flags, and where the components end."""
    out, p = [], 10
    while True:
        flags, gid = struct.unpack_from(">HH", data, p)
        out.append((p + 2, gid))
        last = p
        p += 4 + (4 if flags & _WORDS else 2)
        p += 2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
        if not flags & _MORE:
            return out, last, p


def _simple_end(data: bytes, contours: int) -> int:
    """Where a simple glyph's outline ends (the font may pad it): past its flags and coordinates."""
    p = 10 + 2 * contours
    points = struct.unpack_from(">H", data, p - 2)[0] + 1 if contours else 0
    p += 2 + struct.unpack_from(">H", data, p)[0]
    flags: list[int] = []
    while len(flags) < points:
        f = data[p]
        p += 1
        flags.append(f)
        if f & 8:  # repeated
            flags.extend([f] * data[p])
            p += 1
    for short, same in ((2, 16), (4, 32)):  # x, then y: a byte, nothing (the same) or a word
        p += sum(1 if f & short else 0 if f & same else 2 for f in flags[:points])
    return p


def _bare(data: bytes, remap: dict[int, int]) -> bytes:
    """A glyph without its hinting instructions, its components (a composite's) renumbered."""
    if not data:
        return b""
    contours = struct.unpack_from(">h", data, 0)[0]
    if contours >= 0:
        p = 10 + 2 * contours
        length = struct.unpack_from(">H", data, p)[0]
        return data[:p] + b"\0\0" + data[p + 2 + length : _simple_end(data, contours)]
    parts, last, end = _components(data)
    out = bytearray(data[:end])  # the instructions, if any, follow the last component: left out
    for at, gid in parts:
        struct.pack_into(">H", out, at, remap[gid])
    flags = struct.unpack_from(">H", out, last)[0]
    struct.pack_into(">H", out, last, flags & ~_INSTRUCTIONS)
    return bytes(out)


def _metrics(font: TrueType, gid: int) -> tuple[int, int]:
    hmtx = font.tables["hmtx"][0]
    advance = struct.unpack_from(">H", font.data, hmtx + 4 * min(gid, font.metrics - 1))[0]
    if gid < font.metrics:
        lsb = struct.unpack_from(">h", font.data, hmtx + 4 * gid + 2)[0]
    else:
        lsb = struct.unpack_from(">h", font.data, hmtx + 4 * font.metrics + 2 * (gid - font.metrics))[0]
    return advance, lsb


def _cmap(mapping: list[tuple[int, int]]) -> bytes:
    """A Windows Unicode BMP subtable (format 4, one segment a character) and a full-repertoire one
    (format 12), of (code point, glyph) pairs in code point order."""
    bmp = [(cp, g) for cp, g in mapping if cp < 0xFFFF]
    segments = [*bmp, (0xFFFF, 0)]
    n = len(segments)
    search = 2 ** (n.bit_length() - 1)
    ends = b"".join(struct.pack(">H", cp) for cp, _ in segments)
    deltas = b"".join(struct.pack(">H", (g - cp) % 65536 if cp != 0xFFFF else 1) for cp, g in segments)
    body4 = (
        struct.pack(">HHH", 2 * n, 2 * search, search.bit_length() - 1)
        + struct.pack(">H", 2 * n - 2 * search)
        + ends
        + b"\0\0"
        + ends  # each segment starts where it ends: one character
        + deltas
        + b"\0\0" * n  # no range offsets: glyph = code point + delta
    )
    sub4 = struct.pack(">HHH", 4, 6 + len(body4), 0) + body4
    groups = b"".join(struct.pack(">III", cp, cp, g) for cp, g in mapping)
    sub12 = struct.pack(">HHIII", 12, 0, 16 + len(groups), 0, len(mapping)) + groups
    head = (
        struct.pack(">HH", 0, 2)
        + struct.pack(">HHI", 3, 1, 4 + 16)
        + struct.pack(">HHI", 3, 10, 20 + len(sub4))
    )
    return head + sub4 + sub12


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def subset(font: TrueType, code_points: Iterable[int]) -> tuple[bytes, frozenset[int]]:
    """A TrueType font of the glyphs of ``code_points`` the font has, and those code points."""
    mapping: list[tuple[int, int]] = []  # (code point, the font's glyph)
    for cp in sorted(set(code_points)):
        gid = font.glyph_id(cp) if font.groups is not None else None
        if gid is not None and 0 < gid < font.glyph_count:
            mapping.append((cp, gid))
    order = [0]  # .notdef first
    remap = {0: 0}
    pending = [g for _, g in mapping]
    while pending:
        gid = pending.pop(0)
        if gid in remap:
            continue
        remap[gid] = len(order)
        order.append(gid)
        data = _glyph(font, gid)
        if data and struct.unpack_from(">h", data, 0)[0] < 0:
            pending.extend(g for _, g in _components(data)[0])
    glyf, loca = bytearray(), [0]
    hmtx = bytearray()
    for gid in order:
        glyf += _bare(_glyph(font, gid), remap)
        glyf += b"\0" * (-len(glyf) % 4)
        loca.append(len(glyf))
        hmtx += struct.pack(">Hh", *_metrics(font, gid))
    head = bytearray(_table(font, "head"))
    struct.pack_into(">I", head, 8, 0)  # checkSumAdjustment, set below
    struct.pack_into(">h", head, 50, 1)  # long offsets in loca
    hhea = bytearray(_table(font, "hhea"))
    struct.pack_into(">H", hhea, 34, len(order))
    maxp = bytearray(_table(font, "maxp"))
    struct.pack_into(">H", maxp, 4, len(order))
    post = bytearray(_table(font, "post")[:32])
    struct.pack_into(">I", post, 0, 0x00030000)  # no glyph names
    tables = {
        "OS/2": _table(font, "OS/2"),
        "cmap": _cmap([(cp, remap[g]) for cp, g in mapping]),
        "glyf": bytes(glyf),
        "head": bytes(head),
        "hhea": bytes(hhea),
        "hmtx": bytes(hmtx),
        "loca": struct.pack(f">{len(loca)}I", *loca),
        "maxp": bytes(maxp),
        "name": _table(font, "name"),
        "post": bytes(post),
    }
    n = len(tables)
    search = 2 ** (n.bit_length() - 1)
    out = bytearray(
        struct.pack(">IHHHH", 0x00010000, n, 16 * search, search.bit_length() - 1, 16 * n - 16 * search)
    )
    offset = 12 + 16 * n
    body = bytearray()
    for tag in sorted(tables):
        data = tables[tag]
        out += struct.pack(">4sIII", tag.encode("latin-1"), _checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    whole = bytes(out + body)
    at = offset + sum(len(tables[t]) + (-len(tables[t]) % 4) for t in sorted(tables) if t < "head")
    adjusted = bytearray(whole)
    struct.pack_into(">I", adjusted, at + 8, (0xB1B0AFBA - _checksum(whole)) & 0xFFFFFFFF)
    return bytes(adjusted), frozenset(cp for cp, _ in mapping)


def font_face(font: TrueType | None, *texts: str) -> tuple[str, str]:
    """(CSS ``@font-face`` rule, its family name) for the characters of ``texts`` outside ASCII (the
    browser's own fonts draw ASCII); ("", "") when there are none or no font to take them from.
    The family is named by the subset's digest, so pages and notebook cells that carry different
    subsets never draw with each other's."""
    # a page's 3 MB are mostly ASCII: its parts that are (most, in C) are passed over whole
    cps = {ord(c) for c in set("".join(m for t in texts if not t.isascii() for m in _NOT_ASCII.findall(t)))}
    if font is None or not cps:
        return "", ""
    data, covered = subset(font, cps)
    if not covered:
        return "", ""
    family = "paifu-" + hashlib.sha1(data).hexdigest()[:10]
    src = base64.b64encode(data).decode("ascii")
    return (
        f"@font-face{{font-family:'{family}';src:url(data:font/ttf;base64,{src}) format('truetype')}}",
        family,
    )
