"""tenhou.net/6 as other programs write it, each spelling read off the program's own source:

- three-player calls counted on four seats (Tenhou's own records; tensoul convert.js
  ``relativeseating``: ``(seat0 - seat1 + 4 - 1) % 4``, tensoul-py-ng utils.py ``(a - b + 3) % 4``),
  so seats 0 and 2 are each other's toimen; and tensoul-py-ng's three-player hands, which list
  three seats and then the result (``Kyoku.dump``: 14 elements, not 17);
- tensoul's score texts (convert.js ``RUNES``: ``Mangan 2000-4000点``, ``30Fu3Han...``, with
  ``SHOWFU`` the fu and han before the limit), its draw names, and Mahjong Soul's yaku names
  (tensoul data.json ``name_jp`` / ``name_en``: ``役牌:場風牌``, ``Prevalent Wind``, ...);
- a closed kan robbed by thirteen orphans (Mahjong Soul; tensoul writes the ``a`` string and the
  ron, and no replacement draw).

Each record is written by hand below (tile codes 11-47; results worked out in the comments).
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

import paifu
from paifu.events import Call, CallKind, GameRecord, Win
from paifu.formats import read_bytes
from paifu.formats.base import RecordError
from paifu.formats.tenhou_json.names import DRAW_NAMES, YAKU_NAMES, limit_name, yaku_from_name
from paifu.pipeline import replay_record
from paifu.rules import preset
from tests.conftest import corpus_dir

FAR_SANMA = [31, 32, 33, 34, 35, 36, 37, 38, 39, 21, 29, 45, 46]  # 123456789s19p56z


def _doc(hand: list[Any], n: int = 4, disp: str = "四般東喰赤") -> dict[str, Any]:
    names = ["A", "B", "C", ""] if n == 3 else ["A", "B", "C", "D"]
    return {"name": names, "rule": {"disp": disp, "aka": 1}, "log": [hand]}


def _read(doc: dict[str, Any]) -> GameRecord:
    (rec,) = read_bytes(json.dumps(doc, ensure_ascii=False).encode(), "producer.json", "tenhou-json")
    return rec


def _codes(rec: GameRecord, rules: str | None = None) -> list[str]:
    res = replay_record(rec, preset(rules) if rules else None)
    return [f.code for f in res.findings]


# ---------------------------------------------------------------- three players, four seats


def _sanma_pon(pon_by: int, four_seats: bool) -> dict[str, Any]:
    """East 1 at a three-player table: a pon of 中 between seats 0 and 2, then a ron on 9s.

    ``pon_by`` 2: seat 2 pons the dealer's 中 and rons the dealer's 9s (123456789s 99p + 中 pon:
    ittsu 1 + chun 1 = 2 han, 20 + 4 (open honor triplet) = 24 -> 30 fu: 2,000).
    ``pon_by`` 0: the dealer pons seat 2's 中 and rons seat 1's 9s (2 han 30 fu dealer: 2,900).
    Four-seat counting spells either pon from toimen (``47p4747``); three-seat counting from the
    shimocha (seat 2's pon of seat 0) or the kamicha (seat 0's pon of seat 2).
    """
    toimen, three = "47p4747", ("4747p47" if pon_by == 2 else "p474747")
    pon = toimen if four_seats else three
    ittsu_hand = [47, 47, 31, 32, 33, 34, 35, 36, 37, 38, 29, 29, 41]
    if pon_by == 2:
        seats = [
            ([11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 47], [43, 39], [47, 60]),
            (FAR_SANMA, [], []),
            (ittsu_hand, [pon], [41]),
        ]
        result = ["和了", [-2000, 0, 2000, 0], [2, 0, 2, "30符2飜2000点", "一気通貫(1飜)", "役牌 中(1飜)"]]
    else:
        seats = [
            (ittsu_hand, [21, pon], [60, 41]),
            ([11, 11, 19, 19, 21, 21, 43, 43, 44, 45, 45, 46, 46], [42, 39], [60, 60]),
            ([47, 11, 19, 22, 23, 24, 25, 26, 27, 28, 31, 32, 33], [43], [47]),
        ]
        result = ["和了", [2900, -2900, 0, 0], [0, 1, 0, "30符2飜2900点", "一気通貫(1飜)", "役牌 中(1飜)"]]
    hand: list[Any] = [[0, 0, 0], [35000, 35000, 35000, 0], [45], []]
    for haipai, takes, discards in seats:
        hand += [haipai, takes, discards]
    hand += [[], [], [], result]
    return _doc(hand, 3, "三鳳東喰赤")


@pytest.mark.parametrize("pon_by", [0, 2])
def test_three_player_call_between_seats_0_and_2_spelled_from_toimen(pon_by: int) -> None:
    rec = _read(_sanma_pon(pon_by, four_seats=True))
    (call,) = [e for e in rec.events if isinstance(e, Call)]
    assert (call.seat, call.meld.kind, call.meld.from_seat) == (pon_by, CallKind.PON, 2 - pon_by)
    assert _codes(rec) == []
    # three-seat counting (some converters) reads as the very same game
    assert _read(_sanma_pon(pon_by, four_seats=False)).events == rec.events
    # and our writer counts on four seats, as Tenhou and tensoul do
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        written = json.loads(paifu.write(rec, "tenhou-json"))
    takes = written["log"][0][5 + 3 * pon_by]
    assert takes[-1] == "47p4747", takes


def test_three_player_toimen_of_seat_1_names_no_seat() -> None:
    doc = _sanma_pon(0, four_seats=True)
    doc["log"][0][8] = ["47p4747"]  # seat 1's toimen would be seat 3: there is none
    doc["log"][0][9] = [41]
    with pytest.raises(RecordError, match="cannot come from toimen"):
        _read(doc)


def test_three_player_hands_of_three_seats_read_as_tenhous_padded_ones() -> None:
    doc = _sanma_pon(2, four_seats=True)
    padded = _read(doc)
    hand = doc["log"][0]
    doc["log"][0] = [*hand[:13], hand[16]]  # tensoul-py-ng: three seats, then the result
    assert _read(doc).events == padded.events


# ---------------------------------------------------------------- score texts


def _mangan_tsumo(text: str, yaku: list[str]) -> dict[str, Any]:
    """The dealer's menzen tsumo, pinfu, tanyao, sanshoku: 5 han, a mangan of 4,000 all.

    234m 234p 234s 67s 55p, drawing 5s on the second turn (after 1z, and the others' 9m 9p 9s)."""
    dealer = [12, 13, 14, 22, 23, 24, 32, 33, 34, 36, 37, 25, 25]
    hand: list[Any] = [[0, 0, 0], [25000] * 4, [41], []]
    hand += [dealer, [41, 35], [60]]
    orphans = [11, 15, 19, 21, 29, 31, 39, 42, 43, 44, 45, 46, 47]
    for haipai, draw in ((orphans, 19), (orphans, 29), ([16, 17, 18, 26, 27, 28, 38, *orphans[7:]], 39)):
        hand += [haipai, [draw], [60]]
    hand.append(["和了", [12000, -4000, -4000, -4000], [0, 0, 0, text, *yaku]])
    return _doc(hand)


JA_YAKU = ["門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)", "三色同順(2飜)"]
EN_YAKU = ["Fully Concealed Hand(1飜)", "Pinfu(1飜)", "All Simples(1飜)", "Mixed Triple Sequence(2飜)"]


@pytest.mark.parametrize(
    "text",
    [
        "満貫4000点∀",
        "Mangan 4000点∀",
        "20符5飜満貫4000点∀",
        "20Fu5HanMangan 4000点∀",
        "Rounded Mangan 4000点∀",
    ],
)
def test_tensouls_score_texts_and_english_yaku_read_as_tenhous(text: str) -> None:
    tenhou = [e for e in _read(_mangan_tsumo("満貫4000点∀", JA_YAKU)).events if isinstance(e, Win)]
    rec = _read(_mangan_tsumo(text, EN_YAKU))
    (win,) = [e for e in rec.events if isinstance(e, Win)]
    assert win.claimed is not None and tenhou[0].claimed is not None
    assert (win.claimed.points, win.claimed.limit, win.claimed.yaku) == (
        12000,
        "mangan",
        tenhou[0].claimed.yaku,
    )
    assert win.claimed.fu == (20 if "20" in text else None)
    assert _codes(rec) == []


def test_a_wrong_english_score_text_is_still_a_finding() -> None:
    rec = _read(_mangan_tsumo("Haneman 6000点∀", EN_YAKU))
    assert "points-mismatch" in _codes(rec)


def test_every_tensoul_limit_and_draw_word_has_its_japanese_meaning() -> None:
    # convert.js RUNES: [japanese, romaji, english] for each limit and each round ender
    limits = {
        "満貫": ["Mangan", "Mangan"],
        "跳満": ["Haneman", "Haneman"],
        "倍満": ["Baiman", "Baiman"],
        "三倍満": ["Sanbaiman", "Sanbaiman"],
        "役満": ["Yakuman", "Yakuman"],
        "数え役満": ["Kazoe Yakuman", "Counted Yakuman"],
        "切り上げ満貫": ["Kiriage Mangan", "Rounded Mangan"],
    }
    for ja, others in limits.items():
        assert {limit_name(w) for w in others} == {limit_name(ja)}, ja
    draws = {
        "流局": ["Ryuukyoku", "Exhaustive Draw"],
        "流し満貫": ["Nagashi Mangan", "Mangan at Draw"],
        "四開槓": ["Suukaikan", "Four Kan Abortion"],
        "三家和": ["Sanchahou", "Three Ron Abortion"],
        "九種九牌": ["Kyuushu Kyuuhai", "Nine Terminal Abortion"],
        "四風連打": ["Suufon Renda", "Four Wind Abortion"],
        "四家立直": ["Suucha Riichi", "Four Riichi Abortion"],
        "全員聴牌": ["All tempai"],  # tensoul-py-ng constants.py
        "全員不聴": ["All noten"],
    }
    for ja, others in draws.items():
        assert {DRAW_NAMES[w] for w in others} == {DRAW_NAMES[ja]}, ja


# ---------------------------------------------------------------- Mahjong Soul's yaku names

#: tensoul data.json ``fan.fan.map_`` ids 1-45, 47-50, 59 (46 八連荘 is a local yakuman paifu does not
#: score; 10 and 11 name no wind): (name_jp, name_en)
MAHJONG_SOUL_YAKU = [
    ("門前清自摸和", "Fully Concealed Hand"),
    ("立直", "Riichi"),
    ("槍槓", "Robbing a Kan"),
    ("嶺上開花", "After a Kan"),
    ("海底摸月", "Under the Sea"),
    ("河底撈魚", "Under the River"),
    ("役牌 白", "White Dragon"),
    ("役牌 發", "Green Dragon"),
    ("役牌 中", "Red Dragon"),
    ("断幺九", "All Simples"),
    ("一盃口", "Pure Double Sequence"),
    ("平和", "Pinfu"),
    ("混全帯幺九", "Half Outside Hand"),
    ("一気通貫", "Pure Straight"),
    ("三色同順", "Mixed Triple Sequence"),
    ("ダブル立直", "Double Riichi"),
    ("三色同刻", "Triple Triplets"),
    ("三槓子", "Three Quads"),
    ("対々和", "All Triplets"),
    ("三暗刻", "Three Concealed Triplets"),
    ("小三元", "Little Three Dragons"),
    ("混老頭", "All Terminals and Honors"),
    ("七対子", "Seven Pairs"),
    ("純全帯幺九", "Fully Outside Hand"),
    ("混一色", "Half Flush"),
    ("二盃口", "Twice Pure Double Sequence"),
    ("清一色", "Full Flush"),
    ("一発", "Ippatsu"),
    ("ドラ", "Dora"),
    ("赤ドラ", "Red Five"),
    ("裏ドラ", "Ura Dora"),
    ("抜きドラ", "Kita"),
    ("天和", "Blessing of Heaven"),
    ("地和", "Blessing of Earth"),
    ("大三元", "Big Three Dragons"),
    ("四暗刻", "Four Concealed Triplets"),
    ("字一色", "All Honors"),
    ("緑一色", "All Green"),
    ("清老頭", "All Terminals"),
    ("国士無双", "Thirteen Orphans"),
    ("小四喜", "Four Little Winds"),
    ("四槓子", "Four Quads"),
    ("九蓮宝燈", "Nine Gates"),
    ("純正九蓮宝燈", "True Nine Gates"),
    ("四暗刻単騎", "Single-wait Four Concealed Triplets"),
    ("国士無双十三面待ち", "Thirteen-wait Thirteen Orphans"),
    ("大四喜", "Four Big Winds"),
    ("人和", "Hand of Man"),
]


def test_every_mahjong_soul_yaku_name_means_one_of_ours_in_both_languages() -> None:
    for ja, en in MAHJONG_SOUL_YAKU:
        assert YAKU_NAMES[ja] == YAKU_NAMES[en], (ja, en)
    for name in ("役牌:場風牌", "Prevalent Wind"):
        assert yaku_from_name(name, 1, 2) == "bakaze-south", name
        assert yaku_from_name(name).startswith("unknown:")  # no hand, no wind
    for name in ("役牌:自風牌", "Seat Wind"):
        assert yaku_from_name(name, 1, 2) == "jikaze-west", name


def _double_east(yaku: list[str], kyoku: int = 0) -> dict[str, Any]:
    """The dealer's closed East triplet, 234m 234p 678s, waiting on 9p alone; seat 1 lets 9p go.

    Double East (round and seat wind): 2 han; 20 + 10 (closed ron) + 8 (closed honor triplet)
    + 2 (single wait) = 40 fu; a dealer's 40 fu 2 han ron: 3,900. ``kyoku`` 4 plays it in the
    South round, where East is the dealer's seat wind only."""
    dealer = [41, 41, 41, 12, 13, 14, 22, 23, 24, 36, 37, 38, 29]
    hand: list[Any] = [[kyoku, 0, 0], [25000] * 4, [47], []]
    others = [11, 15, 19, 21, 25, 31, 35, 39, 43, 44, 45, 46, 47]
    hand += [dealer, [45], [60], others, [29], [60], others, [], []]
    hand += [[16, 17, 18, 26, 27, 28, 32, 33, 34, 43, 44, 46, 47], [], []]
    hand.append(["和了", [3900, -3900, 0, 0], [0, 1, 0, "40符2飜3900点", *yaku]])
    return _doc(hand)


@pytest.mark.parametrize(
    "names",
    [("場風 東", "自風 東"), ("役牌:場風牌", "役牌:自風牌"), ("Prevalent Wind", "Seat Wind")],
)
def test_wind_yaku_that_name_no_wind_take_the_hands_winds(names: tuple[str, str]) -> None:
    rec = _read(_double_east([f"{names[0]}(1飜)", f"{names[1]}(1飜)"]))
    (win,) = [e for e in rec.events if isinstance(e, Win)]
    assert win.claimed is not None and win.claimed.yaku is not None
    assert sorted(y.name for y in win.claimed.yaku) == ["bakaze-east", "jikaze-east"]
    assert _codes(rec) == []
    if names[0].endswith("東"):
        return  # Tenhou's own names state the wind: the South round below is about the others
    # in the South round the round wind is South's: the same words claim a yaku the hand lacks
    wrong = _read(_double_east([f"{names[0]}(1飜)", f"{names[1]}(1飜)"], kyoku=4))
    (win,) = [e for e in wrong.events if isinstance(e, Win)]
    assert win.claimed is not None and win.claimed.yaku is not None
    assert sorted(y.name for y in win.claimed.yaku) == ["bakaze-south", "jikaze-east"]
    assert "yaku-mismatch" in _codes(wrong)


def test_real_mahjong_soul_conversion_with_other_converters_spellings() -> None:
    """MajsoulPaipuConvert's game, re-spelt as tensoul writes Mahjong Soul's wind yaku and as its
    English settings write limits: the same game, judged the same."""
    folder = corpus_dir("tenhou6_json", "MajsoulPaipuConvert")
    text = next(folder.rglob("*.json")).read_text(encoding="utf-8")
    assert "場風 南(1飜)" in text and "満貫" in text
    respelt = (
        text.replace("場風 南(1飜)", "役牌:場風牌(1飜)")
        .replace("自風 南(1飜)", "役牌:自風牌(1飜)")
        .replace("満貫", "Mangan ")
    )
    (a,) = read_bytes(text.encode(), "a.json")
    (b,) = read_bytes(respelt.encode(), "b.json")
    assert b.events == a.events
    assert replay_record(b).valid


# ---------------------------------------------------------------- a robbed closed kan


def _kokushi_robs_closed_kan() -> dict[str, Any]:
    """The dealer draws a fourth East and makes a closed kan; seat 1, thirteen orphans waiting
    on East alone, robs it (Mahjong Soul): a yakuman, 32,000 from the dealer. No replacement
    draw and no new indicator follow (tensoul reads indicators from draws and discards)."""
    dealer = [41, 41, 41, 12, 13, 14, 22, 23, 24, 32, 33, 34, 36]
    kokushi = [11, 19, 21, 29, 31, 39, 42, 43, 44, 45, 46, 47, 47]
    hand: list[Any] = [[0, 0, 0], [25000] * 4, [25], []]
    hand += [dealer, [41], ["414141a41"], kokushi, [], []]
    hand += [[15, 16, 17, 18, 26, 27, 28, 35, 37, 38, 45, 46, 46], [], []]
    hand += [[15, 16, 17, 18, 26, 27, 28, 35, 37, 38, 42, 43, 44], [], []]
    hand.append(["和了", [-32000, 32000, 0, 0], [1, 0, 1, "役満32000点", "国士無双(役満)"]])
    return _doc(hand, disp="玉の間南喰赤")


def test_a_closed_kan_robbed_by_thirteen_orphans_reads_as_a_ron_on_the_kan() -> None:
    rec = _read(_kokushi_robs_closed_kan())
    call, win = [e for e in rec.events if isinstance(e, Call | Win)]
    assert isinstance(call, Call) and call.seat == 0 and call.meld.kind == CallKind.ANKAN
    assert isinstance(win, Win) and (win.seat, win.from_seat) == (1, 0)
    assert win.tile >> 2 == 27 and win.claimed is not None and win.claimed.hand is not None
    assert sorted(t >> 2 for t in win.claimed.hand) == sorted(
        [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33]
    )
    assert not any(type(e).__name__ == "NewDora" for e in rec.events)
    res = replay_record(rec)  # Mahjong Soul's rules ("玉の間"), which let thirteen orphans rob it
    assert res.rules.name == "mahjongsoul" and res.valid, [str(f) for f in res.findings]
    assert res.hands[0].wins[0].yaku == (("kokushi", 13),)
    # the same record judged under Tenhou's rules, where no hand may rob a closed kan
    assert "chankan-closed-kan" in _codes(rec, "tenhou")


def _four_concealed_triplets(text: str) -> dict[str, Any]:
    """The dealer's four closed triplets (111m 999m 111p 999p) waiting on East alone; seat 1 lets
    its East go: four concealed triplets on a single wait, a double yakuman at Mahjong Soul
    (96,000 from a dealer's ron), which tensoul writes ``四暗刻単騎(役満)`` as it writes every yakuman."""
    others = [15, 16, 17, 25, 26, 27, 35, 36, 37, 43, 44, 45, 46]
    dealer = [11, 11, 11, 19, 19, 19, 21, 21, 21, 29, 29, 29, 41]
    hand: list[Any] = [[0, 0, 0], [25000] * 4, [47], [], dealer, [42], [60], others, [41], [60]]
    hand += [others, [], [], [*others[:12], 47], [], []]
    value = int(text.removeprefix("役満").removesuffix("点"))
    hand.append(["和了", [value, -value, 0, 0], [0, 1, 0, text, "四暗刻単騎(役満)"]])
    return _doc(hand, disp="玉の間南喰赤")


def test_a_double_yakuman_whose_text_says_only_yakuman_is_worth_what_its_points_say() -> None:
    rec = _read(_four_concealed_triplets("役満96000点"))
    (win,) = [e for e in rec.events if isinstance(e, Win)]
    assert win.claimed is not None and win.claimed.yakuman_multiple == 2
    assert _codes(rec) == []  # Mahjong Soul's rules: a double yakuman
    assert {"yaku-mismatch", "points-mismatch"} <= set(_codes(rec, "tenhou"))  # Tenhou has none
    single = _read(_four_concealed_triplets("役満48000点"))  # the points of a single one: flagged
    assert "points-mismatch" in _codes(single)
