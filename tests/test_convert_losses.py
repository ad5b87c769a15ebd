"""Each loss a conversion used to make silently is now warned, naming the field, or carried.

Every test writes a record that states the field to a format that cannot hold it and checks the warning;
its twin writes one that does not state it (or a format that holds it) and checks there is none.
"""

from __future__ import annotations

import dataclasses
import warnings

import pytest
from conftest import SAMPLES

import paifu
from paifu.events import (
    Call,
    CallKind,
    ClaimedYaku,
    Draw,
    GameEnd,
    GameRecord,
    GameStart,
    NewDora,
    Ryuukyoku,
    Win,
)
from paifu.formats import read_bytes


def _sample(name: str) -> GameRecord:
    (rec,) = paifu.read(SAMPLES / "tenhou-xml" / name)
    return rec


def _warnings(rec: GameRecord, fmt: str) -> list[str]:
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        paifu.write(rec, fmt)
    return [str(w.message) for w in ws]


def _said(rec: GameRecord, fmt: str, words: str) -> bool:
    return any(words in m for m in _warnings(rec, fmt))


def _with_start(rec: GameRecord, **changes: object) -> GameRecord:
    start = dataclasses.replace(rec.start, **changes)  # type: ignore[arg-type]
    return dataclasses.replace(rec, events=[start, *rec.events[1:]])


@pytest.mark.parametrize("fmt", ["tenhou-json", "majiang", "mjai"])
def test_the_wall_seed_is_warned(fmt: str) -> None:
    rec = _sample("riichi-ippatsu-tsumo.xml")
    assert not _said(rec, fmt, "wall seed")
    assert _said(_with_start(rec, wall_seed="mt19937ar-sha512-n288-base64,AAAA"), fmt, "the wall seed")


@pytest.mark.parametrize("fmt", ["tenhou-json", "majiang", "mjai"])
def test_a_results_own_honba_and_sticks_are_warned(fmt: str) -> None:
    rec = _sample("double-ron-head-bump-free.xml")  # AGARI ba: the second winner takes 0,0
    assert any(isinstance(e, Win) and e.claimed.sticks is not None for e in rec.events)
    assert _said(rec, fmt, "own honba and riichi sticks")
    bare = dataclasses.replace(
        rec,
        events=[
            dataclasses.replace(e, claimed=dataclasses.replace(e.claimed, honba=None, sticks=None))
            if isinstance(e, Win)
            else dataclasses.replace(e, honba=None, sticks=None)
            if isinstance(e, Ryuukyoku)
            else e
            for e in rec.events
        ],
    )
    assert not _said(bare, fmt, "own honba and riichi sticks")


def test_a_draws_counts_are_carried_into_tenhou_xml() -> None:
    """Every real RYUUKYOKU has ``ba``: a draw from a format without it gets the hand's counts."""
    rec = _sample("exhaustive-draw-tenpai.xml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (there,) = read_bytes(paifu.write(rec, "mjai"), "t", "mjai")
        (back,) = read_bytes(paifu.write(there, "tenhou-xml"), "t", "tenhou-xml")
    draws = [(e.honba, e.sticks) for e in rec.events if isinstance(e, Ryuukyoku)]
    assert draws and [(e.honba, e.sticks) for e in back.events if isinstance(e, Ryuukyoku)] == draws


@pytest.mark.parametrize("fmt", ["majiang", "mjai"])
def test_limit_names_are_warned(fmt: str) -> None:
    rec = _sample("riichi-ippatsu-tsumo.xml")
    assert any(isinstance(e, Win) and e.claimed.limit for e in rec.events)
    assert _said(rec, fmt, "limit names")
    assert not _said(rec, "tenhou-json", "limit names")  # its score text names the limit (満貫)


@pytest.mark.parametrize("fmt", ["tenhou-json", "majiang"])
def test_scores_after_a_riichi_stick_are_warned(fmt: str) -> None:
    rec = _sample("riichi-ippatsu-tsumo.xml")
    assert _said(rec, fmt, "scores after a riichi stick")
    assert not _said(rec, "mjai", "scores after a riichi stick")  # reach_accepted carries them


def test_a_game_end_without_final_scores_is_warned_as_paipu() -> None:
    """A paipu without ``defen`` reads back as an excerpt: a game end without final scores is a loss."""
    rec = _sample("riichi-ippatsu-tsumo.xml")
    assert isinstance(rec.events[-1], GameEnd) and not _said(rec, "majiang", "without final scores")
    bare = dataclasses.replace(rec, events=[*rec.events[:-1], GameEnd()])
    assert _said(bare, "majiang", "a game end without final scores")


def test_a_moved_kan_indicator_and_the_dealing_order_are_warned_as_paipu() -> None:
    rec = _sample("kan-then-rinshan.xml")
    said = _warnings(rec, "majiang")
    assert any("dealing order" in m for m in said)
    assert any("new indicator was revealed" in m for m in said)  # majiang-core reveals a closed kan's later
    assert not any("new indicator was revealed" in m for m in _warnings(rec, "tenhou-xml"))
    start = rec.events[1]
    sorted_hands = tuple(tuple(sorted(h)) for h in start.hands)  # type: ignore[union-attr]
    in_order = dataclasses.replace(
        rec, events=[rec.events[0], dataclasses.replace(start, hands=sorted_hands), *rec.events[2:]]
    )  # type: ignore[arg-type]
    assert not any("dealing order" in m for m in _warnings(in_order, "majiang"))


def test_no_loss_is_warned_where_the_target_carries_it() -> None:
    """Tenhou XML to itself carries every field: none of these warnings."""
    rec = _with_start(_sample("double-ron-head-bump-free.xml"), wall_seed="mt19937ar-sha512-n288-base64,AAAA")
    assert isinstance(rec.start, GameStart)
    said = _warnings(rec, "tenhou-xml")
    for words in ("wall seed", "own honba", "limit names", "riichi stick", "dealing order"):
        assert not any(words in m for m in said), (words, said)


def test_pulled_norths_are_written_among_the_dora_in_tenhou_xml() -> None:
    """Tenhou XML has no id for 抜きドラ: a record that names them (tenhou.net/6) gets them in its dora."""
    rec = _sample("riichi-ippatsu-tsumo.xml")
    win = next(e for e in rec.events if isinstance(e, Win))
    yaku = (
        *(y for y in win.claimed.yaku or () if y.name != "dora"),
        ClaimedYaku("dora", 1),
        ClaimedYaku("kita", 2),
    )
    kita = dataclasses.replace(win, claimed=dataclasses.replace(win.claimed, yaku=yaku))
    rec = dataclasses.replace(rec, events=[kita if e is win else e for e in rec.events])
    assert _said(rec, "tenhou-xml", "pulled Norths")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (back,) = read_bytes(paifu.write(rec, "tenhou-xml"), "t", "tenhou-xml")
    won = next(e for e in back.events if isinstance(e, Win))
    assert ("dora", 3) in [(y.name, y.han) for y in won.claimed.yaku or ()]


def test_a_kan_indicator_elsewhere_than_tenhou_json_reads_it_is_warned() -> None:
    """tenhou.net/6 has no place for a kan indicator: its reader puts a closed kan's right after the kan
    (an open kan's before the next discard), so one revealed elsewhere comes back moved."""
    rec = _sample("kan-then-rinshan.xml")
    assert not _said(rec, "tenhou-json", "new indicator was revealed")
    events = list(rec.events)
    kan = next(i for i, e in enumerate(events) if isinstance(e, Call) and e.meld.kind is CallKind.ANKAN)
    assert isinstance(events[kan + 1], NewDora) and isinstance(events[kan + 2], Draw)
    events[kan + 1], events[kan + 2] = events[kan + 2], events[kan + 1]  # after the rinshan draw (電脳麻将's)
    assert _said(dataclasses.replace(rec, events=events), "tenhou-json", "new indicator was revealed")
