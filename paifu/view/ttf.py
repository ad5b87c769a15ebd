"""A page's few glyphs read straight from a TrueType file: code point to glyph through the font's
full Unicode cmap (format 12), the outline from ``glyf``, the advance from ``hmtx``.

fontTools reads the same, but importing it and building its cmap and glyph set cost a fifth of a
second per process, more than the rest of the drawing's text; a page needs a few dozen glyphs.
The path data is what fontTools' ``SVGPathPen`` writes for the glyph (``ntos=round``), point for
point (``tests/test_view_text.py`` compares every glyph of the font). What this does not read (a
composite glyph, a cubic outline, a font without a format 12 cmap) says so with ``None``, and
``paifu.view.glyphs`` asks fontTools.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from pathlib import Path

MISSING = ("", -1.0)  # the font has no glyph for the code point


class TrueType:
    """One font file's tables, read once; ``outline(cp)`` per code point."""

    def __init__(self, path: str | Path) -> None:
        data = self.data = Path(path).read_bytes()
        count = struct.unpack_from(">H", data, 4)[0]
        tables = {}
        for i in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = (offset, length)
        self.tables = tables
        self.long_loca = struct.unpack_from(">h", data, tables["head"][0] + 50)[0] == 1
        self.metrics = struct.unpack_from(">H", data, tables["hhea"][0] + 34)[0]
        self.glyph_count = struct.unpack_from(">H", data, tables["maxp"][0] + 4)[0]
        self.groups = self._cmap12()
        self.starts = [g[0] for g in self.groups] if self.groups is not None else []

    def _cmap12(self) -> list[tuple[int, int, int]] | None:
        """The (start, end, first glyph) groups of the cmap fontTools' ``getBestCmap`` would use,
        when that is the Windows full-repertoire subtable (3, 10) in format 12; else None."""
        data, at = self.data, self.tables["cmap"][0]
        found = None
        for i in range(struct.unpack_from(">H", data, at + 2)[0]):
            platform, encoding, offset = struct.unpack_from(">HHI", data, at + 4 + 8 * i)
            if (platform, encoding) == (3, 10):
                found = at + offset
        if found is None or struct.unpack_from(">H", data, found)[0] != 12:
            return None
        n = struct.unpack_from(">I", data, found + 12)[0]
        return [struct.unpack_from(">III", data, found + 16 + 12 * i) for i in range(n)]

    def glyph_id(self, cp: int) -> int | None:
        """The glyph of a code point, or None where the cmap maps none."""
        assert self.groups is not None
        i = bisect_right(self.starts, cp) - 1
        if i < 0:
            return None
        start, end, first = self.groups[i]
        return first + cp - start if cp <= end else None

    def outline(self, cp: int) -> tuple[str, float] | None:
        """(path data in font units, y up; advance in font units) of a code point; ``MISSING``
        where the font has no glyph for it; None where this reader cannot tell (ask fontTools)."""
        if self.groups is None:
            return None
        gid = self.glyph_id(cp)
        if gid is None:
            return MISSING
        if gid >= self.glyph_count:
            return None
        data = self.data
        hmtx = self.tables["hmtx"][0]
        advance = struct.unpack_from(">H", data, hmtx + 4 * min(gid, self.metrics - 1))[0]
        if gid < self.metrics:
            lsb = struct.unpack_from(">h", data, hmtx + 4 * gid + 2)[0]
        else:
            lsb = struct.unpack_from(">h", data, hmtx + 4 * self.metrics + 2 * (gid - self.metrics))[0]
        loca = self.tables["loca"][0]
        if self.long_loca:
            start, end = struct.unpack_from(">II", data, loca + 4 * gid)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", data, loca + 2 * gid))
        if end <= start:  # no outline (a space)
            return "", float(advance)
        at = self.tables["glyf"][0] + start
        contours, x_min = struct.unpack_from(">hh", data, at)
        if contours < 0:  # a composite glyph
            return None
        points = _points(data, at, contours)
        if points is None:
            return None
        ends, xs, ys, on = points
        shift = lsb - x_min
        if shift:
            xs = [x + shift for x in xs]
        return _path(ends, xs, ys, on), float(advance)


def _points(data: bytes, at: int, contours: int) -> tuple[list[int], list[int], list[int], list[bool]] | None:
    """A simple glyph's contour ends, coordinates and on-curve flags (None: a cubic outline)."""
    p = at + 10
    ends = list(struct.unpack_from(f">{contours}H", data, p))
    p += 2 * contours
    p += 2 + struct.unpack_from(">H", data, p)[0]  # the instructions
    n = ends[-1] + 1 if ends else 0
    flags: list[int] = []
    while len(flags) < n:
        f = data[p]
        p += 1
        flags.append(f)
        if f & 8:
            flags.extend([f] * data[p])
            p += 1
    if any(f & 0x80 for f in flags):  # fontTools reads this bit as a cubic curve's
        return None
    coords = []
    for short, same in ((2, 16), (4, 32)):
        v, out = 0, []
        for f in flags[:n]:
            if f & short:
                v += data[p] if f & same else -data[p]
                p += 1
            elif not f & same:
                v += struct.unpack_from(">h", data, p)[0]
                p += 2
            out.append(v)
        coords.append(out)
    return ends, coords[0], coords[1], [bool(f & 1) for f in flags[:n]]


class _Pen:
    """fontTools' ``SVGPathPen`` with ``ntos=round``: the same commands, joined the same way."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.last = ""
        self.at: tuple[float, float] | None = None

    def move(self, pt: tuple[float, float]) -> None:
        if self.last == "M":
            self.out.pop()
        self.out.append(f"M{round(pt[0])} {round(pt[1])}")
        self.last, self.at = "M", pt

    def line(self, pt: tuple[float, float]) -> None:
        x, y = pt
        if self.at is not None and (x, y) == self.at:
            return
        if self.at is not None and x == self.at[0]:
            self.out.append(f"V{round(y)}")
            self.last = "V"
        elif self.at is not None and y == self.at[1]:
            self.out.append(f"H{round(x)}")
            self.last = "H"
        elif self.last == "M":
            self.out.append(f" {round(x)} {round(y)}")
        else:
            self.out.append(f"L{round(x)} {round(y)}")
            self.last = "L"
        self.at = pt

    def curve(self, points: list[tuple[float, float]]) -> None:
        """A run of off-curve points and the on-curve end (``BasePen.qCurveTo``)."""
        for i in range(len(points) - 1):
            (x, y), end = points[i], points[i + 1]
            if i < len(points) - 2:  # the implied on-curve point between two off-curve ones
                end = (0.5 * (x + end[0]), 0.5 * (y + end[1]))
            self.out.append(f"Q{round(x)} {round(y)} {round(end[0])} {round(end[1])}")
            self.last, self.at = "Q", end

    def close(self) -> None:
        self.out.append("Z")
        self.last, self.at = "Z", None


def _path(ends: list[int], xs: list[int], ys: list[int], on: list[bool]) -> str:
    """The glyph drawn as fontTools' ``Glyph.draw`` draws a quadratic outline."""
    pen = _Pen()
    start = 0
    for end in ends:
        pts: list[tuple[float, float]] = list(zip(xs[start : end + 1], ys[start : end + 1], strict=True))
        flags = on[start : end + 1]
        start = end + 1
        if True not in flags:  # no on-curve point: start at the one implied between last and first
            (x, y), (nx, ny) = pts[-1], pts[0]
            implied = (0.5 * (x + nx), 0.5 * (y + ny))
            pen.move(implied)
            pen.curve([*pts, implied])
            pen.close()
            continue
        first = flags.index(True) + 1  # rotated to end on an on-curve point, where it starts
        pts, flags = pts[first:] + pts[:first], flags[first:] + flags[:first]
        pen.move(pts[-1])
        while pts:
            nxt = flags.index(True) + 1
            if nxt == 1:
                if len(pts) > 1:  # the last line is the close
                    pen.line(pts[0])
            else:
                pen.curve(pts[:nxt])
            pts, flags = pts[nxt:], flags[nxt:]
        pen.close()
    return "".join(pen.out)
