"""The game's end as the viewer and notebooks show it (``paifu.view.ending.end_table``): places,
scores, change, uma and oka, the record's rank points, and dan and R before and after, checked by
hand on a real phoenix game; a platform's own rank levels flow from the record's header facts."""

from __future__ import annotations

import json

import pytest
from conftest import SAMPLES, corpus_dir, platforms_dir

from paifu.analysis import ranks
from paifu.api import replay
from paifu.formats import read_bytes, read_path, tenhou_ranks
from paifu.formats.majsoul.names import level_name
from paifu.formats.tenhou_json.writer import write_tenhou_json
from paifu.view import GameView
from paifu.view.ending import end_table
from paifu.view.panels import end_html

PHOENIX = ("tenhou_xml", "mjx", "tests_py", "resources", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")


def test_a_phoenix_games_end_counted_by_hand() -> None:
    """2010081709gm-00a9-0000-fe3371ad: owari 20100/-20, 35800/+16, 5200/-45, 38900/+49; UN dan
    七段 八段 八段 八段 (16, 17, 17, 17), rate 2121 2181 2185 2177; a houou south game (GO type 169).
    R after, Tenhou's formula past 400 games: 0.2 x (place base + (table mean 2166 - own) / 40): デジタル仙人
    2177 + 0.2 x (30 - 11/40) = 2182.945; でこじ 2185 + 0.2 x (-30 - 19/40) = 2178.905. Dan points in
    the houou lobby: 1st +90, 2nd +45, 3rd 0, 4th at 八段 -(15 x 8 + 30) = -150."""
    table = end_table(replay(read_path(str(corpus_dir(*PHOENIX)))[0]))
    assert table is not None
    rows = [
        (r.place, r.name, r.score, r.change, r.points, r.points_text, r.rank, r.rank_change)
        for r in table.rows
    ]
    assert rows == [
        (1, "デジタル仙人", 38900, 13900, 49.0, "+49", "八段", 90),
        (2, "ASAPIN", 35800, 10800, 16.0, "+16", "八段", 45),
        (3, "反陽子さん", 20100, -4900, -20.0, "-20", "七段", 0),
        (4, "でこじ", 5200, -19800, -45.0, "-45", "八段", -150),
    ]
    assert all(r.stated for r in table.rows)  # the record's own
    assert [(r.uma, r.oka) for r in table.rows] == [(20, 20), (10, 0), (-10, 0), (-20, 0)]
    assert table.rows[0].rate_after == pytest.approx(2182.945, abs=0.006)
    assert table.rows[3].rate_after == pytest.approx(2178.905, abs=0.006)
    assert "uma +20/+10/-10/-20" in table.scheme and "oka +20 to the top" in table.scheme
    assert any("games factor 0.2" in n for n in table.notes) and any("houou" in n for n in table.notes)


def test_a_platforms_rank_levels_flow_from_the_record() -> None:
    """A reader that states a platform's rank levels and their points (Mahjong Soul's) puts them in the
    header facts; the panel shows them as they are, beside the scheme's rank points."""
    result = replay(read_path(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0])
    result.meta = (
        ("rank_level", (10301, 10302, 10401, 10303)),
        ("rank_level_name", ("雀傑1", "雀傑2", "雀豪1", "雀傑3")),
        ("rank_points", (400, 500, 300, 900)),
        ("rank_points_change", (-15, -75, 95, 25)),
    )
    table = end_table(result)
    assert table is not None
    by_seat = {r.seat: r for r in table.rows}
    assert (by_seat[2].rank, by_seat[2].rank_change) == ("雀豪1", 95)
    assert (by_seat[3].rank, by_seat[3].rank_change) == ("雀傑3", 25)
    assert by_seat[2].rate is None  # no rating stated
    assert "<td>雀豪1</td><td class='n'>+95</td>" in end_html(table)


def test_a_tenhou_json_records_dan_names_show_as_its_xmls_numbers_do() -> None:
    """tenhou.net/6 names each seat's dan (its kyu with full-width digits; other writers spell them
    with kanji, 九級): the panel shows the same dan as for the XML's numbers, read by the one reader
    of stated ranks (``analysis.ranks.stated_rank``)."""
    record = read_path(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0]
    doc = json.loads(write_tenhou_json(record))
    doc["dan"] = ["初段", "６級", "九級", "新人"]
    doc["rate"] = [1800.0, 1500.0, 1500.0, 1500.0]
    result = replay(read_bytes(json.dumps(doc, ensure_ascii=False).encode(), "dan.json")[0])
    table = end_table(result)
    assert table is not None
    by_seat = {r.seat: r for r in table.rows}
    assert [by_seat[s].rank for s in range(4)] == ["初段", "６級", "９級", "新人"]
    assert by_seat[0].rate == 1800.0 and by_seat[0].rate_after is not None
    assert "<td>初段</td>" in end_html(table) and "<td>９級</td>" in end_html(table)


def test_a_mahjong_soul_games_end_shows_its_levels_and_rank_point_changes() -> None:
    """The shared jade-room record: each seat's level as the game names it, with the server's own rank
    point change (``grading_score``), which the replay checks against the ladder's rule."""
    path = platforms_dir("majsoul_record", "majsoul-replay-editor", "products", "paipu_record.json")
    head = json.loads(path.read_bytes())["head"]
    result = replay(read_path(str(path))[0])
    table = end_table(result)
    assert table is not None and result.rank_points_checked
    by_seat = {r.seat: r for r in table.rows}
    for a in head["accounts"]:
        level = a["level"]["id"]
        assert by_seat[a["seat"]].rank == level_name(level) and level // 100 % 100 in range(1, 8)
    for place, p in enumerate(head["result"]["players"], 1):
        row = by_seat[p["seat"]]
        assert (row.place, row.score, row.rank_change) == (place, p["part_point_1"], p["grading_score"])


def test_the_end_in_the_viewer_and_in_notebooks() -> None:
    game = GameView.open(SAMPLES / "tenhou-xml" / "chankan.xml")
    last = game.tables[-1]
    assert last.kind == "GameEnd" and last.ending is game.ending is not None
    for shown in (last._repr_html_(), game._repr_html_(), game.ending._repr_html_(), game.to_html()):
        assert "class='end'" in shown and "Chie" in shown and "+65.7" in shown
    assert game.tables[-2].ending is None  # the end only at the end


def test_no_end_before_the_game_ends() -> None:
    record = read_path(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0]
    record.events = record.events[:-1]  # no game end
    game = GameView(record)
    assert game.ending is None and "does not reach its end" in game.to_html()


def test_one_table_of_tenhou_dans_reads_both_kyu_spellings() -> None:
    """The readers, the writers and the statistics share one table of Tenhou's dans
    (``paifu.formats.tenhou_ranks``): a kyu spelled with full-width or kanji digits is the same dan,
    and a dan written out is read back as itself."""
    assert ranks.DAN_NAMES is tenhou_ranks.DAN_NAMES and len(ranks.DAN_NAMES) == 21
    for i, name in enumerate(tenhou_ranks.DAN_NAMES):
        assert ranks.tenhou_dan(name) == ranks.tenhou_dan(i) == i
        assert tenhou_ranks.dan_numbers(tuple(tenhou_ranks.dan_names((i,)) or ())) == [i]
    assert ranks.tenhou_dan("九級") == ranks.tenhou_dan("９級") == 1
    assert tenhou_ranks.dan_numbers(("一級", "１級", "初段")) == [9, 9, 10]
