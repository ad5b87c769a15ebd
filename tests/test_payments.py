"""Payments: who pays whom on ron, tsumo, pao, noten and nagashi, per ruleset."""

from __future__ import annotations

import pytest

from paifu.events import CallKind, Meld
from paifu.rules import preset
from paifu.scoring.payments import (
    abortive_deltas,
    liable_seat,
    nagashi_deltas,
    noten_deltas,
    pao_multiple,
    ron_deltas,
    tsumo_deltas,
    wareme_deltas,
)
from paifu.scoring.valuation import Valuation, base_points, shares

TENHOU = preset("tenhou")
SANMA = preset("tenhou-sanma")


def val(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool = False,
    rules=TENHOU,
    yaku: tuple[tuple[str, int], ...] = (),
    multiple: int = 0,
) -> Valuation:
    a, limit = base_points(han, fu, rules, multiple)
    ron, dp, op = shares(a, rules, dealer)
    return Valuation(
        ok=True,
        yaku=yaku,
        han=han,
        fu=fu,
        limit=limit,
        yakuman_multiple=multiple,
        base_points=a,
        ron_points=ron,
        tsumo_dealer_pays=dp,
        tsumo_nondealer_pays=op,
        tsumo=tsumo,
        is_dealer=dealer,
        num_players=rules.num_players,
    )


def test_ron_with_honba_and_sticks() -> None:
    v = val(3, 30, dealer=False)  # 3900
    assert ron_deltas(2, 0, v, honba=2, sticks=1, rules=TENHOU) == [-4500, 0, 5500, 0]
    # second winner of a double ron: no honba, no sticks
    assert ron_deltas(3, 0, v, honba=2, sticks=1, rules=TENHOU, take_bonus=False) == [-3900, 0, 0, 3900]


def test_tsumo_honba_is_100_per_payer_per_honba() -> None:
    v = val(1, 30, dealer=False, tsumo=True)  # 300/500
    assert tsumo_deltas(1, 0, v, honba=3, sticks=2, rules=TENHOU) == [-800, 4000, -600, -600]
    d = val(1, 30, dealer=True, tsumo=True)  # 500 all
    assert tsumo_deltas(0, 0, d, honba=1, sticks=0, rules=TENHOU) == [1800, -600, -600, -600]
    assert d.points == 1500 and v.points == 1100


def test_sanma_tsumo_loss_and_split() -> None:
    loss = val(3, 30, dealer=False, tsumo=True, rules=SANMA)  # 1000 / 2000, North's share lost
    assert tsumo_deltas(1, 0, loss, honba=0, sticks=0, rules=SANMA) == [-2000, 3000, -1000]
    split_rules = SANMA.replace(sanma_tsumo="split")
    split = val(3, 30, dealer=False, tsumo=True, rules=split_rules)
    d = tsumo_deltas(1, 0, split, honba=0, sticks=0, rules=split_rules)
    assert d == [-2400, 3900, -1500] and sum(d) == 0


def test_sanma_tsumo_even() -> None:
    """Each payer pays half the ron value, dealer or not (a Riichi City friend room, gameDataSample E1:
    4 han 30 fu, base 1,920, ron 7,700, each payer 3,900; E3: a dealer's tsumo, 3 times the base each)."""
    even = SANMA.replace(sanma_tsumo="even")
    v = val(4, 30, dealer=False, tsumo=True, rules=even)
    assert v.ron_points == 7700 and v.points == 7800
    assert tsumo_deltas(1, 0, v, honba=1, sticks=0, rules=even) == [-4000, 8000, -4000]
    d = val(4, 30, dealer=True, tsumo=True, rules=even)
    assert tsumo_deltas(0, 0, d, honba=0, sticks=0, rules=even) == [11600, -5800, -5800]


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ((), [0, 0, 0, 0]),
        ((0, 1, 2, 3), [0, 0, 0, 0]),
        ((2,), [-1000, -1000, 3000, -1000]),
        ((0, 3), [1500, -1500, -1500, 1500]),
        ((0, 1, 3), [1000, 1000, -3000, 1000]),
    ],
)
def test_noten_payments(tenpai: tuple[int, ...], expected: list[int]) -> None:
    assert noten_deltas(tenpai, TENHOU) == expected


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ((1,), [-1000, 2000, -1000]),  # one tenpai: 1,000 from each noten seat, as when shared
        ((0, 2), [2000, -4000, 2000]),  # two tenpai: each paid 2,000 (Riichi City's tournament records)
        ((0, 1, 2), [0, 0, 0]),
    ],
)
def test_noten_payments_per_tenpai_seat(tenpai: tuple[int, ...], expected: list[int]) -> None:
    rules = preset("riichicity-sanma").replace(noten_split="per-tenpai")
    assert noten_deltas(tenpai, rules) == expected
    assert noten_deltas((0, 2), preset("riichicity-sanma")) == [1000, -2000, 1000]  # shared


def test_no_noten_payments_rule() -> None:
    assert noten_deltas((1,), TENHOU.replace(noten_payment=0)) == [0, 0, 0, 0]


def test_nagashi_is_a_mangan_tsumo() -> None:
    assert nagashi_deltas((2,), 3, TENHOU) == [-2000, -2000, 8000, -4000]
    assert nagashi_deltas((0,), 0, TENHOU) == [12000, -4000, -4000, -4000]
    both = nagashi_deltas((0, 2), 3, TENHOU)
    assert sum(both) == 0 and both[0] == 8000 - 2000


def test_abortive_draw_pays_nothing() -> None:
    assert abortive_deltas(TENHOU) == [0, 0, 0, 0]
    assert abortive_deltas(SANMA) == [0, 0, 0]


DAISANGEN = (("daisangen", 13),)


def test_pao_tsumo_liable_pays_all_with_honba() -> None:
    v = val(13, 0, dealer=False, tsumo=True, yaku=DAISANGEN, multiple=1)
    assert tsumo_deltas(2, 3, v, honba=1, sticks=0, rules=TENHOU, pao_seat=0) == [-32300, 0, 32300, 0]


def test_pao_ron_half_each_honba_per_rule() -> None:
    """Tenhou charges a pao ron's honba to the liable player (2010060416gm-0061 E2-1); RON2 to the discarder."""
    v = val(13, 0, dealer=False, yaku=DAISANGEN, multiple=1)
    assert TENHOU.pao_honba == "liable"
    assert ron_deltas(1, 2, v, honba=1, sticks=0, rules=TENHOU, pao_seat=3) == [0, 32300, -16000, -16300]
    on_discarder = TENHOU.replace(pao_honba="discarder")
    assert ron_deltas(1, 2, v, honba=1, sticks=0, rules=on_discarder, pao_seat=3) == [
        0,
        32300,
        -16300,
        -16000,
    ]
    all_on_liable = TENHOU.replace(pao_ron_split="all")
    assert ron_deltas(1, 2, v, honba=0, sticks=0, rules=all_on_liable, pao_seat=3) == [0, 32000, 0, -32000]


def test_pao_only_shifts_the_liable_yakuman() -> None:
    yaku = (("daisangen", 13), ("tsuuiisou", 13))
    v = val(26, 0, dealer=False, yaku=yaku, multiple=2)
    assert pao_multiple(v, TENHOU) == 1
    assert ron_deltas(1, 2, v, honba=0, sticks=0, rules=TENHOU, pao_seat=3) == [0, 64000, -48000, -16000]
    t = val(26, 0, dealer=False, tsumo=True, yaku=yaku, multiple=2)
    # pao_tsumo "liable-yakuman" (majiang-core's hule.js): the liable seat pays the daisangen as a
    # ron; the tsuuiisou is a normal tsumo (dealer 16000, others 8000)
    split = TENHOU.replace(pao_tsumo="liable-yakuman")
    assert tsumo_deltas(1, 0, t, honba=0, sticks=0, rules=split, pao_seat=3) == [-16000, 64000, -8000, -40000]


def test_tenhou_pao_tsumo_charges_the_whole_compound_yakuman_and_honba() -> None:
    """Tenhou (both of its formats): a pao tsumo of daisangen with tsuuiisou is paid
    whole by the liable seat, 64,000 and the honba (2 honba: 600), nothing by the others."""
    yaku = (("daisangen", 13), ("tsuuiisou", 13))
    t = val(26, 0, dealer=False, tsumo=True, yaku=yaku, multiple=2)
    assert TENHOU.pao_tsumo == "whole"
    assert tsumo_deltas(1, 0, t, honba=2, sticks=1, rules=TENHOU, pao_seat=3) == [0, 65600, 0, -64600]


def test_pao_when_liable_is_discarder_is_plain_ron() -> None:
    v = val(13, 0, dealer=True, yaku=DAISANGEN, multiple=1)
    assert ron_deltas(0, 2, v, honba=0, sticks=1, rules=TENHOU, pao_seat=2) == [49000, 0, -48000, 0]


def test_pao_needs_the_ruleset() -> None:
    v = val(13, 0, dealer=False, tsumo=True, yaku=(("suukantsu", 13),), multiple=1)
    assert pao_multiple(v, TENHOU) == 0
    assert pao_multiple(v, TENHOU.replace(pao=frozenset({"suukantsu"}))) == 1  # RON2 and JPML: four kans


def _pon(kind: int, from_seat: int) -> Meld:
    tiles = (kind * 4, kind * 4 + 1, kind * 4 + 2)
    return Meld(CallKind.PON, tiles, tiles[0], from_seat)


def test_liable_seat_is_the_feeder_of_the_last_set() -> None:
    v = val(13, 0, dealer=False, yaku=DAISANGEN, multiple=1)
    melds = (_pon(31, 0), _pon(32, 3), _pon(33, 2))
    assert liable_seat(melds, 1, TENHOU, v) == 2
    assert liable_seat(melds[:2], 1, TENHOU, v) is None  # third dragon set concealed
    no_pao = TENHOU.replace(pao=frozenset())
    assert liable_seat(melds, 1, no_pao, v) is None
    kans = (
        Meld(CallKind.ANKAN, (0, 1, 2, 3)),
        Meld(CallKind.DAIMINKAN, (4, 5, 6, 7), 4, 0),
        Meld(CallKind.ANKAN, (8, 9, 10, 11)),
        Meld(CallKind.DAIMINKAN, (12, 13, 14, 15), 12, 2),
    )
    sk = val(13, 0, dealer=False, yaku=(("suukantsu", 13),), multiple=1)
    assert liable_seat(kans, 1, TENHOU.replace(pao=frozenset({"suukantsu"})), sk) == 2
    assert liable_seat(kans, 1, TENHOU, sk) is None


def test_deltas_always_balance() -> None:
    for han, fu in ((1, 30), (2, 40), (3, 70), (5, 30), (13, 0)):
        for dealer in (True, False):
            v = val(han, fu, dealer=dealer, tsumo=True)
            w = 0 if dealer else 1
            assert sum(tsumo_deltas(w, 0, v, honba=2, sticks=3, rules=TENHOU)) == 3000
            r = val(han, fu, dealer=dealer)
            assert sum(ron_deltas(w, 2, r, honba=2, sticks=3, rules=TENHOU)) == 3000


def test_wareme_doubles_the_wareme_seats_payments() -> None:
    """The wareme seat pays double when it pays, and every payer pays it double when it wins (a Riichi
    City friend room, gameDataSample: E1 the wareme dealer pays 7,800 for a 3,900 share, E2 a ron of
    7,700 to the wareme seat is paid 15,400, E3 the wareme dealer's tsumo 96,000 from each)."""
    even = SANMA.replace(sanma_tsumo="even", wareme=True)
    v = val(4, 30, dealer=False, tsumo=True, rules=even)
    d = tsumo_deltas(1, 0, v, honba=0, sticks=2, rules=even)
    assert d == [-3900, 9800, -3900]
    assert wareme_deltas(d, 1, 0) == [-7800, 13700, -3900]
    assert wareme_deltas(d, 1, 1) == [-7800, 17600, -7800]
    assert wareme_deltas(d, 1, 2) == [-3900, 13700, -7800]
    r = ron_deltas(2, 1, val(4, 30, dealer=False, rules=even), honba=0, sticks=1, rules=even)
    assert wareme_deltas(r, 2, 2) == [0, -15400, 16400]
    assert wareme_deltas(r, 2, 0) == r  # the wareme seat neither pays nor wins
