"""The writers' one table of what each seat holds (``paifu.formats.seat_table``), event by event."""

from __future__ import annotations

from paifu.events import Call, CallKind, Discard, Draw, HandStart, Meld, RiichiDeclared
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
