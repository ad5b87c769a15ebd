"""Japanese text that reads without a CJK font on the reader's machine: a page carries the glyphs
it uses.

A browser without a CJK font draws a player's name or 安定段位 as boxes. The viewer draws such text
as paths (``paifu.view.glyphs``); the report's pages are tables of text, so they carry a font
instead: IPAexGothic (installed by ``matplotlib-fontja``, the font the plots use) cut down by
fontTools to the characters the page holds outside ASCII, inlined as an ``@font-face`` data URL (WOFF)
and named last in the page's font list, so a machine's own fonts still draw what they can and the
carried font draws the rest. The list names no ``system-ui``: Chromium on Linux drew the first run of
kanji after it as boxes even with the carried font behind it (seen on a screenshot of the phoenix
day's report; the same page without ``system-ui`` draws every name). The players' pages of one report share one font (every name's
characters and the pages' labels: 536 characters, 77 KB for the 326 players of a phoenix day)
while it stays under ``SHARED_LIMIT``; past that, each page carries its own characters only.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache

#: the family name the pages' font list ends with
FAMILY = "paifu-cjk"
#: the largest font the players' pages of one report share (bytes); past it each page cuts its own
SHARED_LIMIT = 512 * 1024


def characters(text: str) -> frozenset[str]:
    """The characters of ``text`` a carried font must draw: everything outside printable ASCII
    (whitespace excepted). A lone surrogate (a name whose bytes were no UTF-8) is written as U+FFFD
    (``paifu.outfiles.write_text``), so that is the character to carry."""
    out = set()
    for ch in text:
        if ord(ch) <= 0x7E or ch.isspace():
            continue
        out.add("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch)
    return frozenset(out)


def font_face(text: str) -> str:
    """The ``@font-face`` rule carrying the glyphs of ``text`` (``""`` when it needs none, or the
    font is missing)."""
    chars = characters(text)
    if not chars:
        return ""
    data = subset_font("".join(sorted(chars)))
    if not data:
        return ""
    b64 = base64.b64encode(data).decode("ascii")
    return f"@font-face{{font-family:'{FAMILY}';src:url(data:font/woff;base64,{b64}) format('woff')}}"


@lru_cache(maxsize=8)
def subset_font(chars: str) -> bytes:
    """IPAexGothic with only ``chars`` (and the glyph for a missing character), hinting dropped, as WOFF."""
    from paifu.view.glyphs import _font_path

    path = _font_path()
    if path is None:  # pragma: no cover - matplotlib-fontja is a dependency
        return b""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = [1, 2]  # the family and style names: a font without them is refused by some browsers
    options.notdef_outline = True
    # the font's own time stamp kept (saving would write the current time into it): the same
    # report written twice is the same bytes
    font = TTFont(str(path), lazy=True, recalcTimestamp=False)
    sub = subset.Subsetter(options)
    sub.populate(text=chars)
    sub.subset(font)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def shareable(text: str) -> bool:
    """Whether one font for ``text`` is small enough to carry in every page of a report."""
    chars = characters(text)
    return not chars or len(subset_font("".join(sorted(chars)))) <= SHARED_LIMIT


def covered(data: bytes) -> frozenset[str]:
    """The characters a carried font maps to a glyph (what a test checks a page against)."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(io.BytesIO(data)).getBestCmap()
    return frozenset(chr(cp) for cp in cmap)


def notebook_font(*frames: object) -> object:
    """For a notebook: an ``IPython.display.HTML`` carrying the glyphs of the text in ``frames``
    (DataFrames, or any text) for the output's tables, so Japanese names read without a CJK font on
    the machine that shows the notebook. Display it once, before the tables."""
    from IPython.display import HTML

    text = "".join(_text_of(f) for f in frames)
    face = font_face(text)
    style = (
        "<style>"
        + face
        + ".jp-RenderedHTMLCommon table,.rendered_html table,table.dataframe,.jp-OutputArea-output pre"
        + "{font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif,'"
        + FAMILY
        + "'}</style>"
    )
    return HTML(style)


def _text_of(obj: object) -> str:
    """The text of a frame (its column names and every cell) or of anything else."""
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - a dependency
        return str(obj)
    if isinstance(obj, pd.DataFrame):
        cells = [str(c) for c in obj.columns]
        for col in obj.columns:
            cells += [str(v) for v in obj[col].tolist()]
        return "".join(cells)
    return str(obj)
