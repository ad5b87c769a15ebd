"""The viewer's text: our own reader of the font's glyphs against fontTools', and the font subsets
a page carries read back by fontTools, glyph for glyph the font's."""

from __future__ import annotations

import io
import random

import pytest

from paifu.view import glyphs
from paifu.view.subset import font_face, subset
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


def test_a_subset_is_the_font_glyph_for_glyph() -> None:
    """A subset of the characters a page writes (names, kanji of the table, kana), read by fontTools:
    every character maps to a glyph with the font's outline and advance, nothing else is in it, the
    tables' checksums hold, and no glyph carries hinting instructions the subset has no program for."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    loaded = glyphs._font()
    path = glyphs._font_path()
    if loaded is None or path is None:
        pytest.skip("no IPAexGothic (matplotlib-fontja)")
    font, cmap = loaded
    rng = random.Random(5)
    text = "反陽子さんデジタル仙人東南西北白發中局本場供託残り聴牌ロンツモ満貫跳倍役萬" + "".join(
        chr(c) for c in rng.sample(sorted(cmap), 300)
    )
    data, covered = subset(TrueType(path), map(ord, text))
    assert covered == {ord(c) for c in text if ord(c) in cmap and cmap[ord(c)] != ".notdef"}
    ours = TTFont(io.BytesIO(data), checkChecksums=2)  # a wrong checksum raises
    ours_cmap, glyph_set, theirs = ours.getBestCmap(), ours.getGlyphSet(), font.getGlyphSet()
    assert set(ours_cmap) == covered and ours["maxp"].numGlyphs == len(set(ours_cmap.values())) + 1
    for cp in covered:
        mine, their = RecordingPen(), RecordingPen()
        glyph_set[ours_cmap[cp]].draw(mine)
        theirs[cmap[cp]].draw(their)
        assert mine.value == their.value, chr(cp)
        assert ours["hmtx"][ours_cmap[cp]] == font["hmtx"][cmap[cp]], chr(cp)
        glyph = ours["glyf"][ours_cmap[cp]]
        assert not hasattr(glyph, "program") or not glyph.program.getBytecode(), chr(cp)


def test_a_page_font_covers_what_is_not_ascii() -> None:
    """``font_face``: no rule for ASCII alone, a family named by the subset's digest otherwise (two
    subsets never share a name)."""
    reader = glyphs._reader()
    if reader is None:
        pytest.skip("no IPAexGothic (matplotlib-fontja)")
    assert font_face(reader, "plain ASCII 123") == ("", "")
    rule, family = font_face(reader, "東1局 Aoi")
    other = font_face(reader, "南2局")[1]
    assert family.startswith("paifu-") and family in rule and "base64," in rule and other != family
