"""A three-player tsumo's payment (``Ruleset.sanma_tsumo``) that a record does not state is read from
its own tsumos (``paifu.rules.settings``), and the game's summary says so.

The hand-built games play riichicity-sanma, which leaves the setting open. East 1 (seat 0 deals):
seat 2 holds 123456789p 11p 55p and draws the red 5p: pure straight 2, full flush 6, tsumo 1, the
red five 1 = 10 han, a baiman (basic points 4,000). Its payers pay, by the setting: ``loss`` the dealer 8,000 and seat 1
4,000 (the absent share lost); ``split`` 10,000 and 6,000 (the absent 4,000 split, half each);
``even`` 8,000 each (half the 16,000 ron value).
"""

from __future__ import annotations

import pytest
from builders import GameBuilder
from conftest import platforms_dir
from test_seed_pin_records import _three

import paifu
from paifu.events import GameRecord
from paifu.findings import Code, Note
from paifu.pipeline import record_rules
from paifu.rules.settings import record_facts, settle_said

#: the baiman's payments by the setting: (dealer, the other payer) before honba and wareme
PAID = {"loss": (8000, 4000), "split": (10000, 6000), "even": (8000, 8000)}


def _game(*hows: str, honba: int = 0, hint: tuple[tuple[str, object], ...] = ()) -> GameRecord:
    """One hand per ``how``, each seat 2's baiman tsumo paid that way (every hand East 1 repeated:
    only the payments are read). ``wareme`` in ``hint``: the dice (3, 4) count to seat 0, the dealer,
    who then pays double."""
    g = GameBuilder(
        ("A", "B", "C"),
        go_type=None,
        hint=(("preset", "riichicity-sanma"), ("num_players", 3), *hint),
        start_points=35000,
    )
    wareme = dict(hint).get("wareme") is True
    for how in hows:
        h = _three([None, None, "123456789p1155p"], hand_number=0, honba=honba, g=g)
        h.auto(5)  # a first go round: no blessing of earth
        h.draw(2, "0p")
        value = sum(PAID[how])  # the hand's value, before honba and wareme
        dealer, other = (p + 100 * honba for p in PAID[how])
        if wareme:
            dealer *= 2
        h.tsumo(
            2,
            deltas=[-dealer, -other, dealer + other],
            fu=30,
            points=value,
            limit="baiman",
            yaku=[("menzen-tsumo", 1), ("ittsu", 2), ("chinitsu", 6), ("aka-dora", 1)],
        )
    return g.record(partial=True)


def _read(rec: GameRecord) -> tuple[str, list[str]]:
    result = paifu.replay(rec)
    notes = [n for n in result.notes if n.startswith(f"[{Note.RULE_FROM_PLAY}]")]
    return result.rules.sanma_tsumo, notes


@pytest.mark.parametrize("how", ["loss", "split", "even"])
def test_each_payment_is_read_from_the_tsumo_and_said(how: str) -> None:
    rec = _game(how)
    result = paifu.replay(rec)
    assert result.rules.sanma_tsumo == how
    assert not result.findings, [str(f) for f in result.findings]
    (note,) = [n for n in result.notes if n.startswith(f"[{Note.RULE_FROM_PLAY}]")]
    assert "read from the record's tsumo payments (E1-0)" in note and repr(how) in note


@pytest.mark.parametrize("how", ["loss", "split", "even"])
def test_honba_and_a_wareme_seat_are_counted(how: str) -> None:
    """Two honba add 200 to each payment (200 a honba, half from each payer); a wareme dealer pays
    double. Neither set of payments is any setting's without them."""
    assert _read(_game(how, honba=2))[0] == how
    assert _read(_game(how, hint=(("wareme", True),)))[0] == how
    assert not paifu.replay(_game(how, honba=2)).findings
    assert not paifu.replay(_game(how, hint=(("wareme", True),))).findings


def test_a_record_with_no_tsumo_keeps_the_tables_value_and_says_so() -> None:
    g = GameBuilder(("A", "B", "C"), go_type=None, hint=(("preset", "riichicity-sanma"), ("num_players", 3)))
    _three([None, None, None], hand_number=0, g=g).run_out()
    rules, notes = settle_said(record_rules(g.record(partial=True)), record_facts(g.events))
    assert rules.sanma_tsumo == "loss"
    (note,) = notes
    assert "no tsumo shows it" in note and "riichicity-sanma table's 'loss'" in note


def test_tsumos_that_contradict_each_other_are_a_finding() -> None:
    """The first tsumo is paid evenly, the second with the loss: the first chooses, the second is
    flagged where its numbers differ."""
    result = paifu.replay(_game("even", "loss"))
    assert result.rules.sanma_tsumo == "even"
    assert Code.SCORE_DELTA_MISMATCH in {f.code for f in result.findings}
    # whichever comes first chooses
    assert paifu.replay(_game("loss", "even")).rules.sanma_tsumo == "loss"


def test_a_stated_payment_is_not_read() -> None:
    """Where the record states the setting, that is the rule: an even tsumo under a stated split is
    flagged, and no note says the payment was read."""
    rec = _game("even", hint=(("sanma_tsumo", "split"),))
    sanma, notes = _read(rec)
    assert sanma == "split" and not notes
    assert Code.SCORE_DELTA_MISMATCH in {f.code for f in paifu.replay(rec).findings}


def test_the_friend_room_that_pays_evenly_is_read_so() -> None:
    """gameDataSample's room pays a tsumo evenly (E1: 3,900 from each payer for a 7,700 hand, the
    wareme dealer's doubled to 7,800), which the record does not state."""
    (record,) = paifu.read(platforms_dir("riichicity_json", "paifu-playground", "gameDataSample.json"))
    sanma, notes = _read(record)
    assert sanma == "even" and "(E1-0): 'even'" in notes[0]
    assert not paifu.replay(record).findings
