"""Format detection: content decides (names only as a fallback), for every corpus file and
for files our own writers produce; unknown input names the formats tried."""

from __future__ import annotations

import gzip
import warnings
from pathlib import Path

import pytest
from conftest import corpus_dir

import paifu
from paifu import formats as F
from paifu.formats.base import RecordError

FOLDER_FORMAT = {
    "tenhou_xml": "tenhou-xml",
    "tenhou_xml_truncated": "tenhou-xml",
    "tenhou6_json": "tenhou-json",
    "mjai_jsonl": "mjai",
    "majiang_paipu": "majiang",
    "majiang_selfplay": "majiang",
}


@pytest.mark.slow
def test_every_corpus_file_is_detected_by_content() -> None:
    root = corpus_dir()
    seen = {f: 0 for f in FOLDER_FORMAT}
    for path in F.iter_record_files([root]):
        p = Path(path)
        folder = p.relative_to(root).parts[0]
        data = F.decompress(p.read_bytes())
        # content alone, without the name
        assert F.guess_format(data) == FOLDER_FORMAT[folder], p
        seen[folder] += 1
    assert all(seen.values()), seen


def test_iter_record_files_skips_docs_and_rule_objects(tmp_path: Path) -> None:
    rules = corpus_dir("majiang_selfplay", "rules")
    listed = list(F.iter_record_files([rules.parent]))
    assert not any(Path(x).parent == rules for x in listed)
    assert not any(Path(x).name.lower() == "readme.md" for x in listed)
    # a record-like name we cannot read is still listed (the caller reports it)
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / "notes.md").write_text("# notes")
    assert list(F.iter_record_files([tmp_path])) == [str(tmp_path / "broken.json")]
    with pytest.raises(RecordError, match="broken.json"):
        F.read_path(tmp_path / "broken.json")


def test_our_own_files_are_detected(tmp_path: Path) -> None:
    xml = next(p for p in sorted(corpus_dir("tenhou_xml").rglob("*.mjlog")))
    (rec,) = F.read_path(xml)
    for fmt in ("tenhou-json", "mjai", "majiang"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            data = paifu.write(rec, fmt)
        assert F.guess_format(data) == fmt
        # misleading name, gzip: content still wins
        out = tmp_path / f"game-{fmt}.xml.gz"
        out.write_bytes(gzip.compress(data))
        (back,) = F.read_path(out)
        assert back.format == fmt


def test_unknown_format_names_the_formats_tried() -> None:
    with pytest.raises(RecordError) as ei:
        F.read_bytes(b"hello, world", "mystery.bin")
    msg = str(ei.value)
    assert "mystery.bin" in msg
    for f in F.FORMATS:
        assert f in msg
    with pytest.raises(RecordError, match="unknown format"):
        F.read_bytes(b"{}", "x", fmt="nope")
    with pytest.raises(RecordError, match="corrupt gzip"):
        F.read_bytes(b"\x1f\x8bxx", "x.gz")


def _cuts(doc: bytes) -> list[bytes]:
    """The document's start cut at every few bytes past the sniff (as detection sees a long file)."""
    from paifu.formats.detect import SNIFF_BYTES

    pad = b" " * (SNIFF_BYTES + 1)
    return [doc[:n] + pad for n in range(1, len(doc), 7)]


@pytest.mark.parametrize(
    ("doc", "fmt"),
    [
        (b'{"title": "t", "player": ["a"], "qijia": 0, "log": [[{"qipai": {}}]]}', "majiang"),
        (b'[{"title": "t", "log": [[{"qipai": {}}, {"zimo": {}}]]}]', "majiang"),
        (
            b'{"title": ["", ""], "name": ["a"], "rule": {"disp": "x"}, "log": [[[0, 0, 0], [1]]]}',
            "tenhou-json",
        ),
        (b'{"log": [[[0, 0, 0], [25000]]], "x": 1}', "tenhou-json"),
        (b'[{"type": "start_game", "names": ["a", "b"]}, {"type": "end_game"}]', "mjai"),
        (b'{"log": 5, "name": ["a"]}', None),
        (b'{"a": {"log": [[[0]]]}}', None),
    ],
)
def test_a_long_json_record_is_told_by_its_start_alone(doc: bytes, fmt: str | None) -> None:
    """Past the sniff, detection reads keys, never the document: the answer is the whole parse's,
    or (cut before it can be told) none, never another format."""
    from paifu.formats.detect import detect_format

    assert detect_format(doc) == fmt
    answers = {detect_format(cut) for cut in _cuts(doc)}
    assert answers <= {fmt, None}
    assert detect_format(doc + b" " * (1 << 17)) == fmt


def test_detecting_a_long_document_reads_a_bounded_prefix() -> None:
    """A 30 MB document once took about six times its size to detect (the whole parse)."""
    import tracemalloc

    from paifu.formats.detect import detect_format

    hand = b"[[0, 0, 0], [25000, 25000, 25000, 25000], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]],"
    doc = b'{"name": ["a", "b", "c", "d"], "log": [' + hand * (30_000_000 // len(hand)) + b"[]]}"
    tracemalloc.start()
    try:
        assert detect_format(doc, keep=True) == "tenhou-json"
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak
