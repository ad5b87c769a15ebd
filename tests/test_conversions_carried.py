"""What a conversion used to change without a word, each now carried or warned: a hand-built record
that states the thing, written and read back (it comes back, or a warning names it), and its twin
(the record that does not state it, or the format that holds it: no warning).
"""

from __future__ import annotations

import warnings

import pytest
from builders import GameBuilder, HandBuilder
from test_preset_records import SANMA_FAR

import paifu
from paifu.events import GameRecord, Win
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
