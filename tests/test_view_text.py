"""The viewer's text: our own reader of the font's glyphs against fontTools', and the event panel's
line wrapping against ``textwrap``."""

from __future__ import annotations

import random
import textwrap

import pytest

from paifu.view import glyphs
from paifu.view.panels import lines
from paifu.view.ttf import MISSING, TrueType

pytest.importorskip("fontTools")


def their_glyph(font: object, cmap: dict[int, str], cp: int) -> tuple[str, float]:
    from fontTools.pens.svgPathPen import SVGPathPen

    name = cmap[cp]
    glyph_set = font.getGlyphSet()  # type: ignore[attr-defined]
    pen = SVGPathPen(glyph_set, ntos=lambda v: str(round(v)))
    glyph_set[name].draw(pen)
    return pen.getCommands(), float(font["hmtx"][name][0])  # type: ignore[index]


def check_glyphs(every: int) -> int:
    loaded = glyphs._font()
    path = glyphs._font_path()
    if loaded is None or path is None:
        pytest.skip("no IPAexGothic (matplotlib-fontja)")
    font, cmap = loaded
    ours = TrueType(path)
    drawn = set(map(ord, "東南西北白發中一二三四五六七八九萬局本場供託残聴牌裏ドラツモロン←符飜点満貫跳倍役"))
    checked = 0
    for i, cp in enumerate(sorted(cmap)):
        if i % every == 0 or cp in drawn:
            assert ours.outline(cp) == their_glyph(font, cmap, cp), chr(cp)
            checked += 1
    rng = random.Random(3)
    for cp in rng.sample(range(0x30000), 3000):  # what the font lacks, ours says so too
        if cp not in cmap:
            assert ours.outline(cp) == MISSING, hex(cp)
    return checked


def test_our_glyphs_are_fonttools_glyphs() -> None:
    """A sample of the font's glyphs and every character the table draws: the same path data and
    advance as fontTools' pen writes (lines, curves, implied on-curve points, rounding)."""
    assert check_glyphs(every=37) > 300


@pytest.mark.slow
def test_every_glyph_of_the_font() -> None:
    assert check_glyphs(every=1) > 10_000


def test_a_character_the_font_lacks_is_a_box() -> None:
    glyphs.glyph.cache_clear()
    assert glyphs.glyph(0xE000) == (glyphs.BOX, 1.0)  # a private-use code point
    assert glyphs.glyph(ord("東"))[0].startswith("M")


def test_lines_wrap_as_textwrap() -> None:
    """The one-line shortcut gives what ``textwrap.wrap`` gives, on texts that fit and that do not,
    with spaces at either end, runs of spaces, tabs, newlines and wide spaces."""
    rng = random.Random(7)
    pieces = ["ab", "東南", " ", "  ", "\t", "\n", "\u3000", "discards", "5m", "-", "x" * 30]
    for _ in range(3000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        assert lines(s, 46) == textwrap.wrap(s, 46), repr(s)
