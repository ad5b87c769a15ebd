"""The format registry: one entry per format (detect, read, write, what it carries), and what detection
says of files that are records in a form we do not read."""

from __future__ import annotations

import importlib
import json
import warnings
from pathlib import Path

import pytest
from conftest import SAMPLES, platforms_dir

import paifu
from paifu import formats as F
from paifu.formats.base import RecordError
from paifu.formats.detect import SNIFF_BYTES, detect_format
from paifu.formats.registry import ALIASES, BY_NAME, ENTRIES, FACTS


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_entry_names_a_reader_a_writer_and_what_it_carries(entry: F.registry.Format) -> None:
    module = importlib.import_module(entry.module)
    assert callable(module.read)
    if entry.writable:
        assert callable(module.write)
    assert set(entry.carries) == set(FACTS)
    assert entry.detect is not None or entry.detect_bytes is not None
    for alias in (entry.name, *entry.aliases):
        assert F.normalise_format(alias.upper()) == entry.name
    assert ALIASES[entry.name] == entry.name


def test_formats_md_has_the_registry_table() -> None:
    """docs/formats.md's table of what each format carries is the registry's, row for row."""
    from paifu.formats.registry import carries_table

    text = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text(encoding="utf-8")
    assert carries_table() in text


def test_a_read_only_format_is_refused_as_a_target() -> None:
    read_only = [e for e in ENTRIES if not e.writable]
    for e in read_only:
        with pytest.raises(RecordError, match="is read, not written"):
            F.normalise_format(e.name, writing=True)
    with pytest.raises(RecordError, match="unknown format"):
        F.normalise_format("nope")


def _sample_record() -> paifu.GameRecord:
    return paifu.read(SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml")[0]


def test_a_tenhou_json_whose_long_names_come_before_log_is_read(tmp_path: Path) -> None:
    """The signature past the sniff (names of 108 KB first): the read path parses the document
    whole rather than calling it no record."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = json.loads(paifu.write(_sample_record(), "tenhou-json"))
    names = [c * 9_000 for c in "東南西北"]  # 108 KB of UTF-8, each within --max-field
    long_first = {"name": names, **{k: v for k, v in doc.items() if k != "name"}}
    data = json.dumps(long_first, ensure_ascii=False).encode()
    assert data.index(b'"log"') > SNIFF_BYTES
    path = tmp_path / "long-names.json"
    path.write_bytes(data)
    (rec,) = F.read_path(path)
    assert rec.format == "tenhou-json" and rec.start.players == tuple(names)
    assert paifu.replay(rec).valid


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b'{"log": [[[0, 0, 0]]], // the first hand\n "name": ["a"]}', "// comments"),
        (b'name: ".lq.GameDetailRecords"\ndata: "\\n\\x12.lq.RecordNewRound"\n', "protobuf text dump"),
        (b'{"code": 1003, "message": "record not found", "data": null}', "Riichi City API answer"),
    ],
)
def test_a_record_in_a_form_we_do_not_read_is_named(data: bytes, says: str) -> None:
    with pytest.raises(RecordError) as e:
        F.read_bytes(data, "x")
    assert says in str(e.value) and "not a game record" not in str(e.value)


def test_a_comment_inside_a_string_is_no_comment() -> None:
    """A URL in a player's name is not a ``//`` comment: such a file is read, or refused as what it is."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        data = paifu.write(_sample_record(), "tenhou-json").replace(b'"name":["', b'"name":["http://x/')
    (rec,) = F.read_bytes(data, "x.json")
    assert rec.start.players[0].startswith("http://x/")


def _wrapped(record: paifu.GameRecord, places: list[int]) -> bytes:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        lines = paifu.write(record, "mjai").decode().splitlines()
    events = [json.loads(line) for line in lines]
    players = [{"screen_name": f"bot{i}", "rating": 1500 + i} for i in range(4)]
    return json.dumps({"events": events, "players": players, "seatRank": places, "penalty": None}).encode()


def test_mjai_wrapped_in_one_object_reads_as_mjai_with_the_servers_names_and_places() -> None:
    rec = _sample_record()
    finals = paifu.replay(rec).final_scores
    assert finals is not None
    places = [sorted(finals, reverse=True).index(s) + 1 for s in finals]
    data = _wrapped(rec, places)
    assert detect_format(data, keep=True) == "mjai"
    (read,) = F.read_bytes(data, "wrapped.json")
    assert read.start.players == ("bot0", "bot1", "bot2", "bot3")
    assert dict(read.start.meta)["rate"] == (1500, 1501, 1502, 1503)
    result = paifu.replay(read)
    assert result.valid and result.rank_points_checked
    # the twin: a server's places that the scores contradict
    (twin,) = F.read_bytes(_wrapped(rec, places[::-1]), "wrapped.json")
    codes = [f.code for f in paifu.replay(twin).findings]
    assert codes == ["rank-points-mismatch"]


def test_the_shared_wrapped_mjai_game_replays_clean() -> None:
    path = platforms_dir("mjai_wrapped", "mahjong-log-viewer", "src", "constants", "demo.json")
    (rec,) = F.read_path(path)
    result = paifu.replay(rec)
    assert rec.format == "mjai" and result.valid and result.rank_points_checked
    assert "dummy" not in rec.start.players


def test_every_platform_record_is_detected_by_content() -> None:
    """Each record of ../shared/platforms is told by its content alone, in the folder's format."""
    root = platforms_dir()
    folder_format = {
        "mjai_wrapped": "mjai",
        "tenhou6_lobby": "tenhou-json",
        "majsoul_record": "majsoul",
        "riichicity_json": "riichi-city",
    }
    seen = dict.fromkeys(folder_format, 0)
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix not in (".md", ".csv")):
        folder = path.relative_to(root).parts[0]
        if folder_format[folder] not in BY_NAME:
            continue  # a format whose reader is not in this build's registry yet
        data = path.read_bytes()
        assert detect_format(data) == folder_format[folder], path  # a file in a folder: its start
        assert detect_format(data, keep=True) == folder_format[folder], path  # the read path
        seen[folder] += 1
    assert seen["mjai_wrapped"] and seen["tenhou6_lobby"]
