"""Text that reads on any machine, a browser without a CJK font included.

A browser without a CJK font shows 東, 萬 or a player's name as boxes; so a page never asks the
browser's fonts for them. The glyphs come from IPAexGothic, the font the ``matplotlib-fontja``
package (a dependency, for the report's plots) installs, read by our own reader
(``paifu.view.ttf``; fontTools where ours cannot tell). Text a person reads (names, events,
results, the review) is real text (``text``; HTML text is plain escaped text), drawn by a subset of the font that
the page carries (``font_css``, ``paifu.view.subset``), so it can be selected, searched and
copied. A tile's face is a picture: its kanji are paths (``drawn``: ``<path id="g6771">`` in
``defs``, ``<use href="#g6771">`` on the face). A character the font lacks is drawn by the
browser's own fonts in text, as a small framed box in a face.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import Any

EM = 2048  # the font's units per em
ADVANCE_ASCII = 0.56  # ASCII width per font size, about, for a sans-serif (for placing the next run)
_USE = re.compile(r"#g([0-9a-f]+)'")
_RUNS = re.compile(r"[\x20-\x7e]+|[^\x20-\x7e]")
BOX = "M200 -100H1800V1500H200ZM300 0V1400H1700V0Z"  # a character the font lacks


def _font_path() -> Any:
    """IPAexGothic's file, or None (``matplotlib-fontja`` missing)."""
    from importlib.util import find_spec
    from pathlib import Path

    # the package's folder, not the package: importing it imports matplotlib (half a second)
    spec = find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def _reader() -> Any:
    """Our own reader of the font's file (``paifu.view.ttf``), or None where it cannot read it."""
    import struct

    from paifu.view.ttf import TrueType

    path = _font_path()
    try:
        return TrueType(path) if path is not None else None
    except (OSError, KeyError, struct.error):  # pragma: no cover - not a TrueType file we read
        return None


@lru_cache(maxsize=1)
def _font() -> tuple[Any, dict[int, str]] | None:
    try:
        from fontTools.ttLib import TTFont
    except ImportError:  # pragma: no cover - it comes with paifu's dependencies
        return None
    path = _font_path()
    if path is None:  # pragma: no cover
        return None
    font = TTFont(str(path), lazy=True)
    return font, font.getBestCmap()


@lru_cache(maxsize=4096)
def glyph(cp: int) -> tuple[str, float]:
    """(path data in font units, y up; advance in ems) of one character: by our own reader of the
    font, or by fontTools where ours cannot tell (``paifu.view.ttf``)."""
    from paifu.view.ttf import MISSING

    reader = _reader()
    found = reader.outline(cp) if reader is not None else None
    if found is not None and found != MISSING:
        return found[0], found[1] / EM
    loaded = _font() if found is None else None
    if loaded is not None and cp in loaded[1]:
        from fontTools.pens.svgPathPen import SVGPathPen

        font, cmap = loaded
        name = cmap[cp]
        glyphs = font.getGlyphSet()
        pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
        glyphs[name].draw(pen)
        return pen.getCommands(), font["hmtx"][name][0] / EM
    # no outline: a framed box, as the missing glyph looks, but of our own drawing and sized
    return BOX, 1.0


@lru_cache(maxsize=4096)
def advance(cp: int) -> float:
    """A character's advance in ems."""
    return glyph(cp)[1]


def glyph_defs(markup: str) -> str:
    """``<path>`` defs of every glyph ``markup`` uses (to put inside a ``<defs>``)."""
    cps = sorted({int(h, 16) for h in _USE.findall(markup)})
    return "".join(f"<path id='g{cp:x}' d='{glyph(cp)[0]}'/>" for cp in cps)


def text(
    x: float, y: float, s: str, size: float, fill: str = "#222", anchor: str = "start", **attrs: str
) -> str:
    """SVG ``<text>`` for ``s`` with its baseline at ``y``: real text, which a person can select,
    search and copy; the page's font subset (``font_css``) draws what is not ASCII."""
    return _text(x, y, s, size, fill, anchor, tuple(attrs.items()))


@lru_cache(maxsize=16_384)
def _text(
    x: float, y: float, s: str, size: float, fill: str, anchor: str, attrs: tuple[tuple[str, str], ...]
) -> str:
    """``text``, cached: a table repeats its labels at every event (a name, a score, the round)."""
    cls = "txt"
    extra = []
    for name, v in attrs:
        if name == "class_":
            cls = f"txt {v}".strip()
        else:
            extra.append(f" {name.rstrip('_').replace('_', '-')}='{html.escape(v, quote=True)}'")
    where = "" if anchor == "start" else f" text-anchor='{anchor}'"
    return (
        f"<g class='{cls}' fill='{fill}'{''.join(extra)}><text x='{x:.1f}' y='{y:.1f}' "
        f"font-size='{size:g}'{where}>{html.escape(s)}</text></g>"
    )


def drawn(x: float, y: float, s: str, size: float, fill: str = "#222", anchor: str = "start") -> str:
    """``s`` drawn as glyph paths (ASCII as ``<text>``): a tile's face, a picture rather than text,
    which a search of the page must not find. ``anchor`` places the run by its estimated width."""
    return _drawn(x, y, s, size, fill, anchor)


@lru_cache(maxsize=1024)
def _drawn(x: float, y: float, s: str, size: float, fill: str, anchor: str) -> str:
    runs = _RUNS.findall(s)
    widths = [len(r) * ADVANCE_ASCII * size if r[0].isascii() else glyph(ord(r))[1] * size for r in runs]
    total = sum(widths)
    x0 = x - (total / 2 if anchor == "middle" else total if anchor == "end" else 0)
    out = [f"<g fill='{fill}'>"]
    k = size / EM
    for run, w in zip(runs, widths, strict=True):
        if run[0].isascii():
            out.append(f"<text x='{x0:.1f}' y='{y:.1f}' font-size='{size:g}'>{html.escape(run)}</text>")
        else:
            out.append(
                f"<use href='#g{ord(run):x}' transform='translate({x0:.1f},{y:.1f}) scale({k:.5f},{-k:.5f})'/>"
            )
        x0 += w
    out.append("</g>")
    return "".join(out)


def font_css(*markup: str) -> tuple[str, str]:
    """(the ``@font-face`` rule, its family) of a font subset with every character of ``markup``
    (one string or its parts) outside ASCII (``paifu.view.subset``); ("", "") when it has none or
    the font is missing."""
    from paifu.view.subset import font_face

    return font_face(_reader(), *markup)
