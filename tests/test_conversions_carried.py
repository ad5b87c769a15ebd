"""What a conversion used to change without a word, each now carried or warned: a hand-built record
that states the thing, written and read back (it comes back, or a warning names it), and its twin
(the record that does not state it, or the format that holds it: no warning).
"""

from __future__ import annotations

import dataclasses
import json
import re
import warnings

import pytest
from builders import GameBuilder, HandBuilder
from conftest import CORPUS, corpus_dir
from test_preset_records import PINFU, PINFU_23S, SANMA_FAR, _nagashi_hand, _triple

import paifu
from paifu.events import Call, GameRecord, HandStart, Ryuukyoku, RyuukyokuKind, Win
from paifu.formats import RecordError, read_bytes
from paifu.tiles import SANMA_REMOVED_KINDS

#: a 3-player Tenhou south table with red fives and open tanyao (三般南喰赤)
SANMA_GO_TYPE = 0x19


def _written(rec: GameRecord, fmt: str) -> tuple[bytes, list[str]]:
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        data = paifu.write(rec, fmt)
    return data, [str(w.message) for w in ws]


def _sanma_east1(winner_hand: str) -> HandBuilder:
    """East 1 of a 3-player Tenhou game (seat 0 deals); seats 0 and 1 far from tenpai."""
    g = GameBuilder(("A", "B", "C"), go_type=SANMA_GO_TYPE, start_points=35000)
    h = g.hand([SANMA_FAR[0], SANMA_FAR[1], winner_hand])
    h.fill_kinds = [k for k in h.fill_kinds if k not in SANMA_REMOVED_KINDS]
    return h


def _kita_ron() -> GameRecord:
    """Seat 2 (123p 456p 789s 111s, a lone North) declares riichi on its second draw; a go-around
    later the dealer pulls a North and seat 2 rons it: riichi 1 han, 20 + 10 (closed ron) + 2
    (single wait) + 8 (closed 111s) = 40 fu, 1,300, the stick to the winner (a robbed North is no
    kan: no chankan)."""
    h = _sanma_east1("123p456p789s111s4z")
    h.auto(5)
    h.draw(2, h.safe_tile())
    h.riichi(2)
    h.auto(3)
    h.draw(0, "4z")
    h.kita(0)
    h.ron(2, 0, deltas=[-1300, 0, 2300], fu=40, points=1300, yaku=[("riichi", 1)])
    return h.g.record(partial=True)


def test_a_ron_on_a_pulled_north_reads_back_from_tenhou_json() -> None:
    """tenhou.net/6 writes the pulled North as ``f44`` among the robbed seat's discards and the ron
    after it with no replacement draw; its reader took that for a ron on a tile that was not the
    last one out and refused the game. Read back, the ron is on the North, judged clean."""
    rec = _kita_ron()
    assert paifu.replay(rec).findings == []
    data, _ = _written(rec, "tenhou-json")
    assert b'"f44"' in data
    (back,) = read_bytes(data, "trip", "tenhou-json")
    win = back.events[-1]
    assert isinstance(win, Win) and (win.seat, win.from_seat, win.tile >> 2) == (2, 0, 30)
    assert paifu.replay(back).findings == []
    # its twin: a ron on a tile that truly was not the last one out is still refused
    bad = data.replace(b'[2,0,2,"40', b'[2,1,2,"40')
    with pytest.raises(RecordError, match="whose tile was not the last one out"):
        read_bytes(bad, "bad", "tenhou-json")


# ---------------------------------------------------------------- the header: players, title, rules


def _with_meta(rec: GameRecord, **meta: object) -> GameRecord:
    start = dataclasses.replace(rec.start, meta=tuple(meta.items()))
    return dataclasses.replace(rec, events=[start, *rec.events[1:]])


def _built() -> GameRecord:
    """East 1 of a Tenhou game (a general-lobby east table): seat 1 rons the dealer's 4s, pinfu."""
    g = GameBuilder()
    h = g.hand([None, PINFU_23S, None, None])
    h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU)  # type: ignore[arg-type]
    return g.record(partial=True)


def test_tenhou_json_carries_the_players_ranks_rates_and_sexes() -> None:
    """Tenhou's own tenhou.net/6 states each player's rank (by name), rate and sex, as its XML does
    (the rank by number): written as tenhou.net/6 they come back, and through it into XML again.
    mjai has no word for them and says so."""
    rec = _with_meta(
        _built(), dan=(13, 10, 20, 0), rate=(1912.87, 1525.0, 2104.6, 1500.0), sx=("F", "M", "M", "C")
    )
    data, said = _written(rec, "tenhou-json")
    doc = json.loads(data)
    assert doc["dan"] == ["四段", "初段", "天鳳位", "新人"]
    assert doc["rate"] == [1912.87, 1525.0, 2104.6, 1500.0] and doc["sx"] == ["F", "M", "M", "C"]
    assert not any("dan" in m or "rate" in m for m in said)
    (back,) = read_bytes(data, "trip", "tenhou-json")
    xml, _ = _written(back, "tenhou-xml")
    (again,) = read_bytes(xml, "trip", "tenhou-xml")
    assert dict(again.start.meta)["dan"] == (13, 10, 20, 0)
    assert dict(again.start.meta)["sx"] == ("F", "M", "M", "C")
    _, said = _written(rec, "mjai")
    assert any("the players' ranks (dan)" in m and "the players' rates (rate)" in m for m in said)


def test_tenhou_json_ranks_of_a_real_tenhou_game_survive_its_xml() -> None:
    """A corpus Tenhou XML game (example.xml) through tenhou.net/6 and back keeps its UN dan, rate
    and sx (all 450 XML games through JSON used to lose them, unwarned)."""
    path = corpus_dir("tenhou_xml", "tenhou", "log", "test_data", "example.xml")
    (rec,) = paifu.read(path)
    data, _ = _written(rec, "tenhou-json")
    (back,) = read_bytes(data, "trip", "tenhou-json")
    xml, _ = _written(back, "tenhou-xml")
    (again,) = read_bytes(xml, "trip", "tenhou-xml")
    for key in ("dan", "rate", "sx"):
        assert dict(again.start.meta)[key] == dict(rec.start.meta)[key], key


def test_a_title_in_parts_is_written_as_text_not_as_a_tuple() -> None:
    """tenhou.net/6's ``title`` is a list; Tenhou XML's GO title one text: the parts are joined by
    a line break (with a warning) and split again, never written as Python's ``('', '')``; a title
    that says nothing is left out."""
    rec = _with_meta(_built(), title=("第二期　天鳳名人戦", "第１節　Ａ卓　１戦目"))
    xml, said = _written(rec, "tenhou-xml")
    assert 'title="第二期　天鳳名人戦&#10;第１節　Ａ卓　１戦目"' in xml.decode()
    assert any("title" in m and "joined by a line break" in m for m in said)
    (back,) = read_bytes(xml, "trip", "tenhou-xml")
    data, _ = _written(back, "tenhou-json")
    assert json.loads(data)["title"] == ["第二期　天鳳名人戦", "第１節　Ａ卓　１戦目"]
    empty, said = _written(_with_meta(_built(), title=("", "")), "tenhou-xml")
    assert b"title=" not in empty and b"(" not in empty.split(b"<UN")[0]
    assert not any("title" in m for m in said)


def test_the_paipu_writer_keeps_a_games_own_title() -> None:
    """電脳麻将's ``title`` holds a game's own title (tenhou.net/6's parts on two lines, which it says);
    a Tenhou table's game keeps kobalab's convention (the table's name and log id) and says its own
    title is lost. A Mahjong Soul game as its converters write it (title 玉の間南喰 and a time) keeps it."""
    rec = _with_meta(_built(), title=("玉の間南喰", 1780333343))
    rec = dataclasses.replace(
        rec, events=[dataclasses.replace(rec.start, rules_hint=(("preset", "mahjongsoul"),)), *rec.events[1:]]
    )
    data, said = _written(rec, "majiang")
    assert json.loads(data)["title"] == "玉の間南喰\n1780333343"
    assert [m for m in said if "title" in m] == [
        "電脳麻将 paipu cannot carry the game's title (title) in parts: written as one text, its parts on "
        "lines of their own"
    ]
    tenhou = _with_meta(_built(), title=("第二期　天鳳名人戦", ""))
    data, said = _written(tenhou, "majiang")
    assert json.loads(data)["title"].startswith("四般東喰赤")
    assert any("the game's own title (title)" in m for m in said)
    path = CORPUS / "tenhou6_json" / "MajsoulPaipuConvert" / "tests" / "fixtures" / "sample_tenhou.json"
    if path.exists():
        (real,) = paifu.read(path)
        data, _ = _written(real, "majiang")
        assert json.loads(data)["title"] == "玉の間南喰\n1780333343"


def test_paifu_write_warns_when_the_rules_read_back_differ_naming_the_rules() -> None:
    """A RON2 game written as mjai is read back as Tenhou's 3-player table: ``paifu.write`` itself
    says so (the CLI alone did), naming the rules as a reader knows them, never a Ruleset field; a
    Tenhou game written as tenhou.net/6 reads back under its own rules and is not warned."""
    g = GameBuilder(
        ("A", "B", "C"), go_type=None, hint=(("preset", "ron2-sanma"), ("num_players", 3)), start_points=40000
    )
    far = iter(SANMA_FAR)
    h = g.hand([next(far), next(far), "11m123p456p789s23s"])
    h.fill_kinds = [k for k in h.fill_kinds if k not in SANMA_REMOVED_KINDS]
    h.run_out()
    _, said = _written(g.record(partial=True), "mjai")
    (rules,) = [m for m in said if "cannot carry this table's rules" in m]
    assert "read back it is judged under tenhou-sanma" in rules
    assert "the start points" in rules and "more; validate" in rules
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", rules.split("differs in", 1)[1].split(";  validate")[0])
    _, said = _written(_built(), "tenhou-json")
    assert not any("rules" in m for m in said)


# ---------------------------------------------------------------- draws and kans


def test_a_triple_ron_abort_as_paipu_shows_the_three_winners_hands() -> None:
    """電脳麻将 shows the hands of the three who would ron at a triple-ron abort (majiang-core
    lib/game.js, 三家和); a record that shows none (tenhou.net/6's 三家和了) used to be written with
    four blank hands. The discarder's stays blank. Real: triple_ron_draw.xml through tenhou.net/6."""
    g, (draw,) = _triple(abort=True)
    data, _ = _written(g.record(partial=True), "majiang")
    (pingju,) = [x["pingju"] for h in json.loads(data)["log"] for x in h if "pingju" in x]
    assert pingju["name"] == "三家和"
    assert pingju["shoupai"][0] == "" and all(pingju["shoupai"][1:])
    path = CORPUS / "tenhou_xml" / "pantheon" / "Mimir" / "tests" / "helpers" / "onlineLog" / "testdata"
    if not (path / "triple_ron_draw.xml").exists():
        return
    (real,) = paifu.read(path / "triple_ron_draw.xml")
    (viajson,) = read_bytes(_written(real, "tenhou-json")[0], "trip", "tenhou-json")
    data, _ = _written(viajson, "majiang")
    shown = [
        x["pingju"]["shoupai"]
        for h in json.loads(data)["log"]
        for x in h
        if "pingju" in x and x["pingju"]["name"] == "三家和"
    ]
    assert shown and sum(1 for s in shown[0] if s) == 3


def _no_scores() -> GameRecord:
    """The built game as mjai's original protocol gives it: no scores at the hand's start."""
    rec = _built()
    events = [dataclasses.replace(e, scores=None) if isinstance(e, HandStart) else e for e in rec.events]
    return dataclasses.replace(rec, events=events)


def test_mjai_states_the_start_scores_mortal_needs() -> None:
    """Mortal's start_kyoku requires ``scores``: a record that states none gets the table's start
    points, carried by its own score changes; a hand without score changes is warned about."""
    data, said = _written(_no_scores(), "mjai")
    kyoku = [json.loads(line) for line in data.splitlines() if b"start_kyoku" in line]
    assert kyoku[0]["scores"] == [25000, 25000, 25000, 25000]
    assert not any("carried unchanged" in m for m in said)
    rec = _no_scores()
    win = rec.events[-1]
    assert isinstance(win, Win)
    blind = dataclasses.replace(win, claimed=dataclasses.replace(win.claimed, deltas=None))
    two = dataclasses.replace(rec, events=[*rec.events[:-1], blind, *rec.events[1:]])
    _, said = _written(two, "mjai")
    assert any("carried unchanged" in m for m in said)


def test_a_draw_without_payments_is_not_written_as_no_change() -> None:
    """akochan's ryukyoku states no payments: written as mjai it states none (with a warning), not
    ``deltas [0,0,0,0]``, which says nobody paid. A draw that states its payments keeps them."""
    g = GameBuilder()
    h = g.hand([None, PINFU_23S, None, None])
    h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
    rec = g.record(partial=True)
    draw = rec.events[-1]
    assert isinstance(draw, Ryuukyoku)
    blind = dataclasses.replace(rec, events=[*rec.events[:-1], dataclasses.replace(draw, deltas=None)])
    for record, deltas in ((rec, [-1000, 3000, -1000, -1000]), (blind, None)):
        data, said = _written(record, "mjai")
        (line,) = [json.loads(x) for x in data.splitlines() if b'"ryukyoku"' in x]
        assert line.get("deltas") == deltas
        assert any("a draw without its score changes" in m for m in said) == (deltas is None)
    path = CORPUS / "mjai_jsonl" / "akochan_ui" / "log" / "haifu_log_1001_0.json"
    if path.exists():
        (real,) = paifu.read(path)
        data, _ = _written(real, "mjai")
        assert all("deltas" not in json.loads(x) for x in data.splitlines() if b'"ryukyoku"' in x)


def test_a_nagashi_mangan_comes_back_through_mjai() -> None:
    """mjai's ryukyoku names no reason: a nagashi mangan's payments (more than any noten payment
    moves) read back as the nagashi it was, no longer an exhaustive draw whose winner would be
    tenpai (a false tenpai-mismatch); a draw paid as noten stays exhaustive."""
    g, _ = _nagashi_hand(paid=True)
    (back,) = read_bytes(_written(g.record(partial=True), "mjai")[0], "trip", "mjai")
    draw = back.events[-1]
    assert isinstance(draw, Ryuukyoku) and draw.kind is RyuukyokuKind.NAGASHI_MANGAN
    # (an excerpt: mjai's missing end_game is its own note)
    assert [f.code for f in paifu.replay(back, "tenhou").findings if f.code != "truncated"] == []
    g = GameBuilder()
    g.hand([None, PINFU_23S, None, None]).run_out([-1000, 3000, -1000, -1000], tenpai=[1])
    (back,) = read_bytes(_written(g.record(partial=True), "mjai")[0], "trip", "mjai")
    draw = back.events[-1]
    assert isinstance(draw, Ryuukyoku) and draw.kind is RyuukyokuKind.EXHAUSTIVE


def _ron2_open_kan() -> GameRecord:
    """East 1 of a RON2 game: seat 2 makes an open kan of the dealer's 8p; RON2 turns its dora at once
    (002 「暗槓・明槓を問わず即めくります」: 3z), seat 2 draws its replacement and throws it, and the hand
    runs out, seat 2 alone tenpai (123p 456s 78s 11z: 3,000, 1,500 from each)."""
    g = GameBuilder(
        ("A", "B", "C"), go_type=None, hint=(("preset", "ron2-sanma"), ("num_players", 3)), start_points=40000
    )
    far = iter(SANMA_FAR)
    h = g.hand([next(far), next(far), "888p123p456s78s11z"])
    h.fill_kinds = [k for k in h.fill_kinds if k not in SANMA_REMOVED_KINDS]
    h.draw(0, "8p")
    h.discard(0)
    h.daiminkan(2, "888p")
    h.new_dora("3z")
    h.draw(2, h.safe_tile())
    h.discard(2)
    h.run_out([-1500, -1500, 3000], tenpai=[2])
    return g.record(partial=True)


def test_mjai_keeps_an_open_kans_dora_where_the_table_turns_it() -> None:
    """Mortal's mjai shows an open kan's new indicator after the discard that follows it (Tenhou's
    table); a RON2 game turns it at once, and moved there it read back as a kan-dora-timing finding.
    Where the table turns it at once, mjai (and 電脳麻将) keep it where the record gives it."""
    rec = _ron2_open_kan()
    assert paifu.replay(rec).findings == []
    for fmt in ("mjai", "majiang"):
        if fmt == "majiang":
            continue  # 電脳麻将 paipu are 4-player only
        (back,) = read_bytes(_written(rec, fmt)[0], "trip", fmt)
        found = paifu.replay(back, paifu.replay(rec).rules).findings
        assert [f.code for f in found if f.code != "truncated"] == []
    tenhou = _built()
    assert b'"dora"' not in _written(tenhou, "mjai")[0]


def _added_kan(from_seat: int | None) -> tuple[GameRecord, int]:
    """Seat 1 pons the dealer's 4s, and later adds the fourth 4s to it; its added kan names the
    discarder ``from_seat`` (None: the pon's own, seat 0). The hand then runs out, nobody tenpai."""
    g = GameBuilder()
    h = g.hand(["147m258p369s5667z", "44s19m258p9s1234z7z", "369m147p258s5567z", "258m369p147p1567z"])
    h.draw(0, "4s")
    h.discard(0)
    h.pon(1, "44s")
    h.discard(1, "1z")
    h.auto(3)
    h.draw(1, "4s")
    kan = h.kakan(1, "4s")
    h.draw(1, h.safe_tile())
    h.new_dora("9p")  # Tenhou turns an added kan's indicator after the replacement draw
    h.discard(1)
    h.run_out()
    rec = g.record(partial=True)
    if from_seat is not None:
        ev = rec.events[kan]
        assert isinstance(ev, Call)
        moved = dataclasses.replace(ev, meld=dataclasses.replace(ev.meld, from_seat=from_seat))
        rec = dataclasses.replace(rec, events=[*rec.events[:kan], moved, *rec.events[kan + 1 :]])
    return rec, kan


def test_an_added_kan_takes_its_pons_direction() -> None:
    """An added kan is its pon with a fourth tile: the tile it shows taken came from the pon's
    discarder. One that names another was accepted (and Tenhou XML and tenhou.net/6 wrote it each
    its own way); it is an illegal call now, and the twin that names the pon's is clean."""
    rec, kan = _added_kan(None)
    assert paifu.replay(rec, "tenhou").findings == []
    rec, kan = _added_kan(2)
    found = [(f.code, f.event_index, f.expected, f.actual) for f in paifu.replay(rec, "tenhou").findings]
    assert found == [("illegal-call", kan, 0, 2)]
