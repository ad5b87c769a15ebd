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
