"""The writers' one table of what each seat holds (``paifu.formats.seat_table``), event by event."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, SAMPLES, corpus_dir

from paifu.events import Call, CallKind, Discard, Draw, Event, GameStart, HandStart, Meld, RiichiDeclared
from paifu.formats import read_path
from paifu.formats.hand_walker import HandWalker
from paifu.formats.seat_table import SeatTable

_HANDS = (
    (0, 1, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44),
    (2, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 48),
    (52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 96, 100),
    (53, 57, 61, 65, 69, 73, 77, 81, 85, 89, 93, 97, 101),
)
_START = HandStart(0, 0, 0, 0, 1, (25000,) * 4, 120, _HANDS)


def _table(*events: object) -> SeatTable:
    t = SeatTable(4)
    for ev in (_START, *events):
        t.apply(ev)  # type: ignore[arg-type]
    return t


def test_a_draw_and_a_discard_move_the_tiles() -> None:
    t = _table(Draw(1, 108), Discard(1, 2))
    assert sorted(t.held(1)) == sorted([*_HANDS[1][1:], 108])
    assert t.drawn(1) is None and t.dealer == 1
    assert _table(Draw(1, 108)).drawn(1) == 108


def test_a_pon_and_its_added_kan_take_one_place() -> None:
    pon = Meld(CallKind.PON, (0, 1, 2), 2, 1)
    kan = Meld(CallKind.KAKAN, (0, 1, 2, 3), 2, 1)
    t = _table(Draw(1, 108), Discard(1, 2), Call(0, pon))
    assert t.melds(0) == [pon] and 0 not in t.held(0) and 1 not in t.held(0) and not t.after_kan
    t = _table(Draw(1, 108), Discard(1, 2), Call(0, pon), Discard(0, 4), Draw(0, 3), Call(0, kan))
    assert t.melds(0) == [kan] and 3 not in t.held(0) and t.after_kan
    t.apply(Draw(0, 132))
    assert not t.after_kan


def test_riichi_is_declared_then_made_by_its_discard() -> None:
    t = _table(Draw(1, 108), RiichiDeclared(1))
    assert t.declared(1) and t.riichi_discard(1) and not t.in_riichi(1)
    t.apply(Discard(1, 108))
    assert t.declared(1) and not t.riichi_discard(1) and t.in_riichi(1)
    t.apply(_START)  # a new hand starts afresh
    assert not t.declared(1) and t.melds(0) == []


def test_the_walker_shows_each_method_the_table_before_its_event() -> None:
    seen: list[tuple[str, list[int]]] = []

    class Spy(HandWalker):
        def hand_start(self, ev: HandStart) -> None:
            pass

        def draw(self, ev: Draw) -> None:
            seen.append(("draw", self.table.held(ev.seat)))

        def discard(self, ev: Discard) -> None:
            seen.append(("discard", self.table.held(ev.seat)))

    w = Spy(4)
    w.walk([_START, Draw(1, 108), Discard(1, 108), RiichiDeclared(1)])
    assert seen == [("draw", list(_HANDS[1])), ("discard", [*_HANDS[1], 108])]
    assert w.lost == {"RiichiDeclared events"}  # a kind with no method is a loss the writer names


def test_tenhou_json_reads_an_open_kans_indicator_before_the_next_discard() -> None:
    """What the tenhou.net/6 writer compares a record with to know a kan indicator's moment is lost."""
    from paifu.events import NewDora
    from paifu.formats.kan_dora import at_tenhou_json_read

    kan = Call(0, Meld(CallKind.DAIMINKAN, (0, 1, 2, 3), 2, 1))
    usual = [_START, Draw(1, 108), Discard(1, 2), kan, Draw(0, 132), NewDora(124), Discard(0, 132)]
    assert at_tenhou_json_read(usual) == usual
    immediate = [_START, Draw(1, 108), Discard(1, 2), kan, NewDora(124), Draw(0, 132), Discard(0, 132)]
    assert at_tenhou_json_read(immediate) == usual
    closed = [_START, Draw(0, 3), Call(0, Meld(CallKind.ANKAN, (0, 1, 3, 2))), NewDora(124), Draw(0, 132)]
    assert at_tenhou_json_read(closed) == closed


def test_a_writer_follows_a_record_past_where_the_table_would_end_the_hand() -> None:
    """The board ends a hand at four first East discards; a writer transcribes the record's draw
    after them (a record is written as it is, not as the table's rules would have played it)."""
    from paifu.board.follow import follow

    hands = tuple((*range(12 * s, 12 * s + 12), 108 + s) for s in range(4))
    events: list[Event] = [HandStart(0, 0, 0, 0, 0, (25000,) * 4, 120, hands)]
    for s in range(4):
        events += [Draw(s, 60 + s), Discard(s, 108 + s)]
    events.append(Draw(0, 64))
    *_, (_, board) = follow(events)
    assert board is not None and 64 not in (board.seats[0].ids or []) and board.seats[0].counts[16] == 0
    t = SeatTable(4)
    for ev in events:
        t.apply(ev)
    assert 64 in t.held(0) and t.drawn(0) == 64


def test_asking_whether_a_meld_can_be_taken_keeps_the_hands_ids_in_order() -> None:
    from paifu.board.calls import missing_tile
    from paifu.board.seat import SeatState
    from paifu.board.table import DEFAULT_RED

    seat = SeatState(ids=[])
    for t in (9, 0, 5, 1):
        seat.add(t, DEFAULT_RED[t])
    assert missing_tile(seat, (0, 1), DEFAULT_RED) is None
    assert missing_tile(seat, (0, 1, 2), DEFAULT_RED) == 2  # a third 1m is not held
    assert missing_tile(seat, (16,), DEFAULT_RED) == 16  # the red 5m is not held (5 is a plain 2m)
    assert seat.ids == [9, 0, 5, 1]


def _ids_faults(t: SeatTable, n: int) -> list[str]:
    """What the ids the writers read disagree with in the board's counts of kinds and red fives."""
    st = t._follow.table
    if st is None:
        return []
    faults = []
    for s in range(n):
        seat = st.seats[s]
        ids = t.held(s)
        kinds = [0] * 34
        for x in ids:
            kinds[x >> 2] += 1
        reds = [0, 0, 0]
        for x in ids:
            if st.red_of[x]:
                reds[(x >> 2) // 9] += 1
        if kinds != seat.counts or reds != seat.red:
            faults.append(f"seat {s}: ids {sorted(ids)} against counts {seat.counts}, red {seat.red}")
    return faults


def ids_agree_in(folder: Path) -> int:
    """Every event of every record under ``folder``: the writers' ids agree with the board."""
    checked = 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        try:
            records = read_path(str(path))
        except Exception:  # noqa: BLE001 - not a record (READMEs, rule objects, a broken file)
            continue
        for rec in records:
            first = rec.events[0] if rec.events else None
            n = (len(first.players) or 4) if isinstance(first, GameStart) else 4
            t = SeatTable(n)
            for i, ev in enumerate(rec.events):
                t.apply(ev)
                faults = _ids_faults(t, n)
                assert not faults, f"{path} event {i}: {faults}"
                checked += 1
    return checked


def test_the_writers_ids_agree_with_the_board_on_the_sample_logs() -> None:
    assert ids_agree_in(SAMPLES) > 250


@pytest.mark.slow
def test_the_writers_ids_agree_with_the_board_on_the_corpus() -> None:
    corpus_dir()
    assert ids_agree_in(CORPUS) > 300_000
