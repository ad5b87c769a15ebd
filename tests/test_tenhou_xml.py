"""Tenhou mjlog XML reader/writer: every corpus file, round trips, and every kind of bad input."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from conftest import corpus_dir, record_bytes

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Disconnect,
    Draw,
    GameEnd,
    GameStart,
    HandStart,
    Reconnect,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError
from paifu.formats.tenhou_xml import read_tenhou_xml, write_tenhou_xml

# A short hand-written game: East 1, a riichi, a pon, then an exhaustive draw ending the game.
HEADER = (
    '<mjloggm ver="2.3"><SHUFFLE seed="" ref=""/><GO type="169" lobby="0"/>'
    '<UN n0="%41" n1="%E3%81%82" n2="C" n3="D" dan="1,2,3,4" rate="1500.00,1500,1600.5,1700" sx="M,F,M,C"/>'
    '<TAIKYOKU oya="0"/>'
)
INIT = (
    '<INIT seed="0,0,0,2,4,135" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>'
)
PLAY = (
    '<T60/><REACH who="0" step="1"/><D60/><REACH who="0" ten="240,250,250,250" step="2"/>'
    '<U61/><E13/><V62/><F26/><BYE who="2"/><W63/><G39/><UN n2="C"/><T64/><D64/>'
)
END = '<RYUUKYOKU ba="0,1" sc="240,30,250,-10,250,-10,250,-10" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" owari="{owari}"/></mjloggm>'
OWARI = "270,37.0,240,-1.0,240,-16.0,240,-20.0"


def mini(play: str = PLAY, end: str = END, owari: str = OWARI) -> bytes:
    return (HEADER + INIT + play + end.format(owari=owari)).encode()


def _xml_files(sub: str) -> list[Path]:
    return sorted(p for p in corpus_dir(sub).rglob("*") if p.is_file())


def _count(data: bytes, pattern: bytes) -> int:
    return len(re.findall(pattern, data))


# ---------------------------------------------------------------- the hand-written game


def test_mini_game_events() -> None:
    [rec] = read_tenhou_xml(mini(), "x/2010091009gm-00a9-0000-83af2648&tw=2.mjlog")
    ev = rec.events
    gs = ev[0]
    assert isinstance(gs, GameStart)
    assert gs.players == ("A", "あ", "C", "D")
    assert gs.game_id == "2010091009gm-00a9-0000-83af2648"
    assert gs.rules_hint == (("tenhou_go_type", 169),)
    assert gs.wall_seed is None  # empty SHUFFLE seed
    meta = dict(gs.meta)
    assert meta["dan"] == (1, 2, 3, 4) and meta["rate"][3] == 1700.0 and meta["sx"][1] == "F"
    hs = ev[1]
    assert isinstance(hs, HandStart)
    assert (hs.round_wind, hs.hand_number, hs.dealer, hs.dice, hs.dora_indicator) == (0, 0, 0, (3, 5), 135)
    assert hs.scores == (25000,) * 4 and hs.hands[1][0] == 13
    assert ev[2] == Draw(0, 60) and ev[3] == RiichiDeclared(0)
    assert ev[4] == Discard(0, 60, True)
    assert ev[5] == RiichiAccepted(0, (24000, 25000, 25000, 25000))
    assert ev[7] == Discard(1, 13, False)  # not the drawn tile
    assert Disconnect(2) in ev and Reconnect(2) in ev
    ry = next(e for e in ev if isinstance(e, Ryuukyoku))
    assert ry.kind is RyuukyokuKind.EXHAUSTIVE and ry.tenpai == (0,)
    assert ry.deltas == (3000, -1000, -1000, -1000) and ry.scores_before == (24000, 25000, 25000, 25000)
    assert (ry.honba, ry.sticks) == (0, 1) and ry.shown[1] is None
    end = ev[-1]
    assert isinstance(end, GameEnd)
    assert end.final_scores == (27000, 24000, 24000, 24000)
    assert end.rank_points == (37.0, -1.0, -16.0, -20.0)
    assert end.rank_points_text == ("37.0", "-1.0", "-16.0", "-20.0")
    assert rec.issues == [] and rec.format == "tenhou-xml"


def test_tsumogiri_reset_by_call() -> None:
    # seat 1 draws 61, then pons seat 2's discard and discards 61: not tsumogiri
    play = '<T60/><D60/><U61/><E13/><V120/><F121/><N who="1" m="{m}"/><E61/><V64/><F64/>'
    from paifu.events import Meld
    from paifu.formats.tenhou_meld import encode_meld

    m = encode_meld(Meld(CallKind.PON, (120, 121, 122), 121, 2), 1)
    ev = read_tenhou_xml(mini(play.format(m=m)), "t.xml")[0].events
    calls = [e for e in ev if isinstance(e, Call)]
    assert calls[0].meld.kind is CallKind.PON and calls[0].meld.from_seat == 2
    discards = [e for e in ev if isinstance(e, Discard)]
    assert [d.tsumogiri for d in discards] == [True, False, False, False, True]


def test_gzip_and_comment_and_game_id() -> None:
    data = b"<!-- /0/?log=2009120221gm-0001-0000-8f264f66&tw=0 -->\n" + mini()
    plain = read_tenhou_xml(data, "dir/usual.xml")
    packed = read_tenhou_xml(gzip.compress(data), "dir/usual.xml")
    assert plain[0].events == packed[0].events
    assert plain[0].start.game_id == "2009120221gm-0001-0000-8f264f66"
    assert read_tenhou_xml(mini(), "dir/usual.xml")[0].start.game_id == "usual"


def test_duplicated_attribute_recovered() -> None:
    end = END.replace('owari="{owari}"', 'owari="{owari}" owari="1,2,3,4,5,6,7,8"')
    [rec] = read_tenhou_xml(mini(end=end), "old.xml")
    assert [i.code for i in rec.issues] == ["malformed-record"]
    assert "owari" in rec.issues[0].message
    assert rec.events[-1].final_scores == (27000, 24000, 24000, 24000)  # first value kept


def test_no_owari_means_no_game_end() -> None:
    [rec] = read_tenhou_xml(mini(end="</mjloggm>"), "cut.xml")
    assert not any(isinstance(e, GameEnd) for e in rec.events)


def test_mini_round_trip() -> None:
    [rec] = read_tenhou_xml(mini(), "x.xml")
    again = read_tenhou_xml(write_tenhou_xml(rec), "x.xml")[0]
    assert again.events == rec.events


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"this is not xml", "XML"),
        (gzip.compress(mini())[:-20], "gzip"),
        (mini(PLAY.replace("<T64/><D64/>", "<T200/>")), "tile id 200"),
        (mini(PLAY.replace("<U61/>", "<FOO/>")), "unknown tag <FOO>"),
        (mini(PLAY.replace('step="1"', 'step="x"')), "step"),
        (mini(PLAY.replace('<BYE who="2"/>', '<BYE who="7"/>')), "who=7"),
        (mini(owari="1,2,3"), "owari"),
        ((HEADER + "</mjloggm>").encode(), "no INIT"),
        (mini().replace(b'seed="0,0,0,2,4,135"', b'seed="0,0,0,2,4"'), "seed"),
        (mini().replace(b'hai1="13,', b'hai1="1x3,'), "hai1"),
        (mini(PLAY + '<N who="1" m="65536"/>'), "meld code"),
    ],
)
def test_bad_input_names_the_file(data: bytes, needle: str) -> None:
    with pytest.raises(RecordError) as err:
        read_tenhou_xml(data, "bad/file.mjlog")
    msg = str(err.value)
    assert msg.startswith("bad/file.mjlog"), msg
    assert needle in msg, msg


def test_error_names_hand_and_event() -> None:
    with pytest.raises(RecordError) as err:
        read_tenhou_xml(mini(PLAY.replace("<T64/><D64/>", "<T200/>")), "f.xml")
    e = err.value
    assert e.hand == "E1-0" and e.game == 0 and e.event is not None and e.event > 2


# ---------------------------------------------------------------- the corpus


def test_corpus_complete_games() -> None:
    files = _xml_files("tenhou_xml")
    assert files
    for path in files:
        data = record_bytes(path)
        [rec] = read_tenhou_xml(data, str(path))
        ev = rec.events
        kinds = [type(e) for e in ev]
        assert kinds.count(HandStart) == _count(data, rb"<INIT\b"), path
        assert kinds.count(Win) == _count(data, rb"<AGARI\b"), path
        assert kinds.count(Ryuukyoku) == _count(data, rb"<RYUUKYOKU\b"), path
        assert kinds.count(Call) == _count(data, rb"<N\b"), path
        assert kinds.count(Draw) == _count(data, rb"<[TUVW]\d+"), path
        assert kinds.count(Discard) == _count(data, rb"<[DEFG]\d+"), path
        assert kinds.count(Disconnect) == _count(data, rb"<BYE\b"), path
        assert kinds[-1] is GameEnd and kinds.count(GameEnd) == 1, path
        go = re.search(rb'<GO\s+type="(\d+)"', data)
        n = 3 if go and int(go.group(1)) & 0x10 else 4
        assert rec.start.num_players == n, path
        for e in ev:
            if isinstance(e, HandStart):
                assert len(e.scores) == n and len(e.hands) == n
                assert all(len(h) == 13 for h in e.hands)
        # rank points agree with the text they were read from
        end = ev[-1]
        assert tuple(float(t) for t in end.rank_points_text) == end.rank_points


def test_corpus_sanma() -> None:
    path = corpus_dir("tenhou_xml") / "tenhou" / "log" / "test_data" / "sanma2.xml"
    [rec] = read_tenhou_xml(path.read_bytes(), str(path))
    assert rec.start.num_players == 3
    kitas = [e for e in rec.events if isinstance(e, Call) and e.meld.kind is CallKind.KITA]
    assert kitas and all(e.meld.tiles[0] // 4 == 30 for e in kitas)
    assert all(len(e.final_scores) == 3 for e in rec.events if isinstance(e, GameEnd))


def test_corpus_truncated_have_no_game_end() -> None:
    files = _xml_files("tenhou_xml_truncated")
    assert files
    for path in files:
        data = record_bytes(path)
        [rec] = read_tenhou_xml(data, str(path))
        assert not any(isinstance(e, GameEnd) for e in rec.events), path
        assert sum(isinstance(e, HandStart) for e in rec.events) == _count(data, rb"<INIT\b")


@pytest.mark.slow
def test_corpus_round_trip() -> None:
    for path in _xml_files("tenhou_xml") + _xml_files("tenhou_xml_truncated"):
        recs = read_tenhou_xml(path.read_bytes(), str(path))
        for rec in recs:
            again = read_tenhou_xml(write_tenhou_xml(rec), str(path))
            assert len(again) == 1
            assert again[0].events == rec.events, path
