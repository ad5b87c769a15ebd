"""The Tenhou XML reader's scan (``paifu.formats.tenhou_xml.scan``): draws and discards read from the
document's bytes give exactly the events of the tree walk, and wherever the bytes might not be the tree
(a comment, CDATA or instruction among the tags, a nested tag, a tag the tree has elsewhere or not at
all) the scan declines and the walk reads the game, with the same events or the same error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import CORPUS, SAMPLES
from lxml import etree

from paifu.formats.base import RecordError
from paifu.formats.gzipped import decompress
from paifu.formats.tenhou_xml.document import _parse_roots
from paifu.formats.tenhou_xml.game import _BY_LETTER, _HANDLERS, _GameReader
from paifu.formats.tenhou_xml.scan import scan_tags

CHANKAN = (SAMPLES / "tenhou-xml" / "chankan.xml").read_bytes()


def _scanned(raw: bytes) -> list[object] | None:
    """What the scan gives for the one root of ``raw``."""
    (root,) = _parse_roots(raw, "t.xml")
    first = root.find("INIT")
    before = list(root).index(first)
    elements = [first, *first.itersiblings(*_HANDLERS)]
    return scan_tags(raw, first, len(root) - before, elements, _BY_LETTER)


def _read(raw: bytes, scan: bool) -> tuple[object, ...]:
    """Events and the reader's fresh positions of every root, scanning the bytes or walking the tree."""
    out: list[object] = []
    roots = _parse_roots(raw, "t.xml")
    for gi, root in enumerate(roots):
        reader = _GameReader(root, "t.xml", gi, "id", raw if scan and len(roots) == 1 else None)
        try:
            rec = reader.read()
        except RecordError as e:
            out.append(("error", str(e)))
            continue
        out.append((rec.events, reader.fresh))
    return tuple(out)


def _corpus_xml() -> list[Path]:
    """The corpus's Tenhou XML files (none in a clone without ../shared)."""
    folder = CORPUS / "tenhou_xml"
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".xml", ".mjlog", ".gz"))


def _xml_files() -> list[Path]:
    return sorted(SAMPLES.rglob("*.xml")) + _corpus_xml()[::4]  # a quarter of the corpus: a fast test


@pytest.mark.parametrize("path", _xml_files(), ids=lambda p: p.name)
def test_the_scan_reads_what_the_walk_reads(path: Path) -> None:
    raw = decompress(path.read_bytes(), str(path))
    try:
        roots = _parse_roots(raw, str(path))
    except etree.XMLSyntaxError:
        pytest.skip("not well-formed: the reader repairs it or refuses it before any scan")
    if len(roots) != 1 or roots[0].find("INIT") is None:
        pytest.skip("several games or none: the walk reads them")
    assert _scanned(raw) is not None  # a producer's plain document: the scan answers
    assert _read(raw, True) == _read(raw, False)


def _after(raw: bytes, k: int, text: bytes) -> bytes:
    """``text`` after the ``k``-th empty-element tag."""
    ends = [m.end() for m in re.finditer(rb"/>", raw)]
    return raw[: ends[k]] + text + raw[ends[k] :]


def _first_tag(raw: bytes, name: bytes) -> tuple[int, int]:
    m = re.search(rb"<" + name + rb"/>", raw)
    assert m
    return m.start(), m.end()


@pytest.mark.parametrize(
    "change",
    [
        lambda r: _after(r, 6, b"<!-- <T5/> -->"),  # a comment among the tags
        lambda r: _after(r, 6, b"<![CDATA[<T5/>]]>"),
        lambda r: _after(r, 6, b"<?x <T5/>?>"),
        lambda r: r.replace(b"<T111/>", b"<T111><T5/></T111>", 1),  # a tag inside a draw
        lambda r: r.replace(b"<D111/>", b"<D0111/>", 1),  # a name no plays key writes
        lambda r: r.replace(b"<U114/>", b"<U114/><X1/>", 1),  # a tag with no handler
        lambda r: r.replace(b"<E44/>", b"<E136/>", 1),  # no tile
        lambda r: r.replace(b"<TAIKYOKU", b"<!-- <INIT/> --><TAIKYOKU", 1),  # an INIT the tree does not have
        lambda r: r.replace(b'<GO type="1"/>', b'<GO type="1"><INIT/></GO>', 1),  # an INIT inside the header
    ],
    ids=[
        "comment",
        "cdata",
        "instruction",
        "nested",
        "leading-zero",
        "unknown",
        "tile-136",
        "init-in-comment",
        "init-nested",
    ],
)
def test_the_scan_declines_where_the_bytes_may_not_be_the_tree(change: object) -> None:
    raw = change(CHANKAN)  # type: ignore[operator]
    assert raw != CHANKAN
    try:
        (root,) = _parse_roots(raw, "t.xml")
    except etree.XMLSyntaxError:
        pytest.fail("the changed document should still parse")
    assert root.find("INIT") is not None
    assert _scanned(raw) is None
    assert _read(raw, True) == _read(raw, False)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (b"<T111/>", b"<T111 />"),
        (b"<T111/>", b"<T111></T111>"),
        (b"<T111/>", b'<T111 x="a>b"/>'),  # a '>' in a value is no markup
        (b"<D111/>", b"<D111\n/>"),
        (b"</mjloggm>", b"</mjloggm><!-- after the root -->"),
        (b"<U114/>", b"<U114/>\n  "),
    ],
)
def test_the_scan_reads_a_tag_however_it_is_spelled(old: bytes, new: bytes) -> None:
    raw = CHANKAN.replace(old, new, 1)
    assert raw != CHANKAN
    assert _scanned(raw) is not None
    assert _read(raw, True) == _read(raw, False) == _read(CHANKAN, True)


def _three_player() -> bytes | None:
    """A three-player Tenhou XML game of the corpus (``GO type`` with the 3-player bit), decompressed."""
    for path in _corpus_xml():
        raw = decompress(path.read_bytes(), str(path))
        m = re.search(rb'<GO type="(\d+)"', raw[:4000])
        if m and int(m.group(1)) & 0x10 and raw.count(b"<mjloggm") == 1:
            return raw
    return None


def test_a_three_player_seat_three_tag_is_refused_as_before() -> None:
    raw = _three_player()
    if raw is None:
        pytest.skip("no three-player Tenhou XML (the corpus is not beside this clone)")
    assert _scanned(raw) is not None
    at = raw.index(b"<T", raw.index(b"<INIT"))
    changed = raw[:at] + b"<W12/>" + raw[at:]
    (result,) = _read(changed, True)
    assert result == _read(changed, False)[0]
    assert isinstance(result, tuple) and result[0] == "error" and "does not exist" in str(result[1])
