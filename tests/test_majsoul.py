"""Mahjong Soul's own records: read in every layout players hold, replayed under the room they state,
every draw and indicator against the wall the server committed to, every number against the record's."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from conftest import platforms_dir

import paifu
from paifu import formats as F
from paifu.events import GameEnd, GameStart, HandStart
from paifu.formats.majsoul import schema
from paifu.formats.majsoul.names import level_name
from paifu.rank_points.majsoul import rank_change

JADE = ("majsoul_record", "majsoul-replay-editor", "products", "paipu_record.json")
GOLD = ("majsoul_record", "PyMajSoul", "records", "190503-dcd1287a-12f8-4c51-a2a2-0cb5cd284ca8")


def _path(parts: tuple[str, ...]) -> Path:
    return platforms_dir(*parts)


def _codes(data: bytes) -> list[str]:
    (rec,) = F.read_bytes(data, "twin.json")
    return sorted({f.code for f in paifu.replay(rec).findings})


@pytest.mark.parametrize("parts", [JADE, GOLD], ids=["jade-2021-actions", "gold-2019-base64"])
def test_each_shared_record_replays_clean_with_its_wall_and_rank_points_checked(
    parts: tuple[str, ...],
) -> None:
    (rec,) = F.read_path(_path(parts))
    result = paifu.replay(rec)
    assert rec.format == "majsoul"
    assert result.valid, [str(f) for f in result.findings]
    assert result.wall_checked and result.rank_points_checked
    assert result.rules.name in ("mahjongsoul[玉の間]", "mahjongsoul[金の間]")
    assert result.complete and len(result.hands) in (9, 10)


def _gold_layouts() -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]], bytes]:
    doc = json.loads(_path(GOLD).read_bytes())
    raw = base64.b64decode(doc["data"])
    body = schema.decode(".lq.GameDetailRecords", schema.decode("Wrapper", raw)["data"])
    records = []
    for item in body["records"]:
        inner = schema.decode("Wrapper", item)
        records.append((inner["name"], schema.decode(inner["name"], inner["data"])))
    return doc, records, raw


def _decoded_json(head: object, records: list[tuple[str, dict[str, Any]]]) -> bytes:
    """The downloaders' decoded layout (snake_case, ``records`` of ``{name, data}``)."""
    items = [{"name": name, "data": data} for name, data in records]
    doc = {"head": head, "data": {"name": ".lq.GameDetailRecords", "data": {"records": items}}}
    return json.dumps(doc, ensure_ascii=False).encode()


def test_the_same_game_reads_the_same_in_every_layout() -> None:
    doc, records, raw = _gold_layouts()
    (b64,) = F.read_bytes(json.dumps(doc).encode(), "gold.json")
    (decoded,) = F.read_bytes(_decoded_json(doc["head"], records), "gold-decoded.json")
    assert decoded.events == b64.events
    (bare,) = F.read_bytes(raw, "gold.bin")  # the body's bytes alone: no header, so no names or result
    assert F.guess_format(raw) == "majsoul"
    assert [e for e in bare.events if not isinstance(e, GameStart | GameEnd)] == [
        e for e in b64.events if not isinstance(e, GameStart | GameEnd)
    ]
    assert paifu.replay(bare).wall_checked


def _jade() -> dict[str, Any]:
    return json.loads(_path(JADE).read_bytes())


def _results(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [a["result"] for a in doc["data"]["data"]["actions"] if "result" in a]


def test_a_wall_that_does_not_match_its_hash_is_flagged() -> None:
    doc = _jade()
    first = _results(doc)[0]["data"]
    wall = first["paishan"]
    first["paishan"] = wall[:-4] + wall[-2:] + wall[-4:-2]  # two dead-wall tiles swapped
    codes = _codes(json.dumps(doc).encode())
    assert "wall-hash-mismatch" in codes


def test_a_draw_that_is_not_the_walls_next_tile_is_flagged() -> None:
    """The wall and its hash agree, but the hand's first draw is another tile: the wall's check."""
    doc = _jade()
    first = _results(doc)[0]["data"]
    wall = first["paishan"]
    first["paishan"] = wall[2:4] + wall[0:2] + wall[4:]  # the first two draws swapped
    first["md5"] = hashlib.md5(first["paishan"].encode()).hexdigest()
    assert _codes(json.dumps(doc).encode()) == ["wall-mismatch"]


def _first_win(doc: dict[str, Any]) -> dict[str, Any]:
    return next(r["data"] for r in _results(doc) if r["name"] == ".lq.RecordHule")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda h, r: h["fans"].__setitem__(0, {**h["fans"][0], "id": 27}), "yaku-mismatch"),
        (lambda h, r: h.__setitem__("count", h["count"] + 1), "han-mismatch"),
        (lambda h, r: h.__setitem__("fu", h["fu"] + 10), "fu-mismatch"),
        (lambda h, r: h.__setitem__("point_rong", h["point_rong"] + 1000), "points-mismatch"),  # a ron
        (
            lambda h, r: r.__setitem__(
                "delta_scores",
                [d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(r["delta_scores"])],
            ),
            "score-delta-mismatch",
        ),
    ],
    ids=["fan", "han", "fu", "points", "score-change"],
)
def test_a_changed_number_of_a_win_is_flagged(change: Any, code: str) -> None:
    doc = _jade()
    hule = _first_win(doc)
    change(hule["hules"][0], hule)
    assert code in _codes(json.dumps(doc).encode())


def test_a_changed_rank_point_change_is_flagged() -> None:
    doc = _jade()
    doc["head"]["result"]["players"][0]["grading_score"] += 1
    assert _codes(json.dumps(doc).encode()) == ["rank-points-mismatch"]


@pytest.mark.parametrize(
    ("scores", "levels", "mode_id", "changes"),
    [
        # the shared Jade (2021) and Gold (2019) records, and a Gold game of 2023 (InjusticeJudge's
        # example header): places 1..4 in order
        ((40500, 39500, 23600, -3600), (10401, 10402, 10401, 10402), 12, (141, 75, -6, -223)),
        ((36500, 33300, 20900, 9300), (10303, 10302, 10302, 10302), 9, (107, 54, -9, -130)),
        ((42100, 26600, 24100, 7200), (10301, 10302, 10303, 10303), 9, (113, 47, -5, -152)),
    ],
)
def test_rank_point_changes_follow_the_rooms_and_levels(
    scores: tuple[int, ...], levels: tuple[int, ...], mode_id: int, changes: tuple[int, ...]
) -> None:
    assert rank_change(scores, (1, 2, 3, 4), mode_id, levels) == changes


def test_level_names_read_as_players_read_them() -> None:
    assert [level_name(x) for x in (10402, 20301, 10601, 10705)] == ["雀豪★2", "雀傑★1", "魂天", "魂天 Lv5"]


def test_a_newer_wall_with_the_deal_and_a_salted_sha256_is_checked() -> None:
    """Since 2023 a hand's wall holds the deal too (blocks of four from the dealer) and is hashed with
    SHA-256 after a salt: the first hand rebuilt that way replays clean, and a wrong salt is flagged."""
    doc = _jade()
    acts = doc["data"]["data"]["actions"]
    results = [a for a in acts if "result" in a]
    first = results[0]["result"]["data"]
    dealer = first["ju"]
    hands = [list(first[f"tiles{s}"]) for s in range(4)]
    discard = next(a["result"]["data"] for a in results if a["result"]["name"] == ".lq.RecordDiscardTile")
    fourteenth = discard["tile"] if discard["moqie"] else hands[dealer][-1]
    hands[dealer].remove(fourteenth)
    deal = []
    for block in range(3):
        for k in range(4):
            deal += hands[(dealer + k) % 4][4 * block : 4 * block + 4]
    deal += [hands[(dealer + k) % 4][12] for k in range(4)] + [fourteenth]
    first["paishan"] = "".join(deal) + first["paishan"]
    first["salt"] = "3BTPHcg7hr3NXhMWuswVwC4F4TmBmguY"
    first["sha256"] = hashlib.sha256((first["paishan"] + first["salt"]).encode()).hexdigest()
    del first["md5"]
    (rec,) = F.read_bytes(json.dumps(doc).encode(), "new.json")
    start = next(e for e in rec.events if isinstance(e, HandStart))
    assert start.wall is not None and start.wall.deal is not None
    result = paifu.replay(rec)
    assert result.valid and result.wall_checked
    twin = copy.deepcopy(doc)
    twin["data"]["data"]["actions"][acts.index(results[0])]["result"]["data"]["salt"] = "x"
    assert _codes(json.dumps(twin).encode()) == ["wall-hash-mismatch"]


@pytest.mark.parametrize("fmt", F.WRITABLE)
def test_each_converts_to_every_format_and_back_with_only_warned_losses(fmt: str) -> None:
    for parts in (JADE, GOLD):
        (rec,) = F.read_path(_path(parts))
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            data = paifu.write(rec, fmt)
        (back,) = F.read_bytes(data, f"back.{fmt}")
        result = paifu.replay(back, paifu.replay(rec).rules)
        assert result.valid, (parts, fmt, [str(f) for f in result.findings])
        assert result.final_scores == paifu.replay(rec).final_scores


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b'{"head": {"uuid": "x"}, "data_url": "https://example/x"}', "'data_url'"),
        (
            b'{"head": {"uuid": "x"}, "data": {"name": ".lq.GameDetailRecords", "data": {"records": '
            b'[{"name": ".lq.RecordSelectGap", "data": {}}]}}}',
            "event-mode game",
        ),
        (b"\n\x15.lq.GameDetailRecords\x12\x03\xff\xff\xff", "do not decode"),
    ],
    ids=["body-elsewhere", "event-mode", "broken-bytes"],
)
def test_what_cannot_be_read_is_named(data: bytes, says: str) -> None:
    with pytest.raises(F.RecordError) as e:
        F.read_bytes(data, "x")
    assert says in str(e.value)


@pytest.mark.parametrize(
    ("dealer", "n", "qin", "xian", "total"),
    [
        (True, 4, 0, 4000, 12000),
        (True, 3, 0, 4000, 8000),
        (False, 4, 4000, 2000, 8000),
        (False, 3, 4000, 2000, 6000),
    ],
    ids=["dealer-4p", "dealer-3p", "child-4p", "child-3p-tsumo-loss"],
)
def test_a_tsumos_value_is_what_the_others_pay(dealer: bool, n: int, qin: int, xian: int, total: int) -> None:
    """A mangan tsumo: each other seat pays ``point_zimo_xian``, the dealer ``point_zimo_qin``."""
    from paifu.formats.majsoul.reader import _points

    hule = {"zimo": True, "point_rong": 0, "point_zimo_qin": qin, "point_zimo_xian": xian}
    assert _points(hule, dealer, n) == total


def test_the_header_states_each_fact_once_and_every_reader_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels are under the rank keys only (no Tenhou ``dan`` copy) and the rank-point change is
    the game end's alone, the result read once; the viewer's game end, the stated standing
    (``paifu.analysis.ranks``) and a tenhou.net/6 copy still give each player's level and change."""
    from paifu.analysis.ranks import stated_rank
    from paifu.formats.majsoul import header
    from paifu.formats.tenhou_json.writer import write_tenhou_json
    from paifu.view.ending import end_table

    calls = []
    real = header.end
    monkeypatch.setattr(header, "end", lambda *a: calls.append(a) or real(*a))
    import paifu.formats.majsoul.reader as reader

    monkeypatch.setattr(reader, "end_of", header.end)
    (record,) = paifu.read(platforms_dir(*JADE))
    assert len(calls) == 1
    meta = dict(record.start.meta)
    assert "dan" not in meta and "rank_points_change" not in meta
    end = record.events[-1]
    assert isinstance(end, GameEnd) and end.rank_change is not None
    assert sorted(end.rank_change, reverse=True) == [141, 75, -6, -223]  # grading_score, by place
    result = paifu.replay(record)
    by_seat = {r.seat: r for r in end_table(result).rows}
    for s in range(4):
        assert by_seat[s].rank == meta["rank_level_name"][s]
        assert by_seat[s].rank_change == end.rank_change[s]
        stated = stated_rank(dict(result.meta), s, 4)
        assert stated is not None and stated.change == end.rank_change[s]
        assert stated.level_name == meta["rank_level_name"][s]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = json.loads(write_tenhou_json(record))
    assert doc["dan"] == list(meta["rank_level_name"])
