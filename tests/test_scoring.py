"""Hand valuation, table-driven, hands written in MPSZ; each case states the rule it pins."""

from __future__ import annotations

import dataclasses

import pytest

from paifu.events import CallKind, Meld
from paifu.rules import preset
from paifu.scoring.fast import fast_value
from paifu.scoring.valuation import WinContext, base_points, value_win
from paifu.tiles import parse_kinds, parse_tiles

TENHOU = preset("tenhou")
SANMA = preset("tenhou-sanma")


def meld(kind: CallKind, text: str, from_seat: int | None = 3) -> tuple[CallKind, str, int | None]:
    return kind, text, from_seat


def ctx(
    hand: str,
    win: str,
    *,
    rules=TENHOU,
    melds: tuple = (),
    tsumo: bool = False,
    seat: int = 1,
    rnd: int = 0,
    **flags: object,
) -> WinContext:
    """``hand`` holds the concealed tiles without the winning tile ``win``; ``melds`` are
    ``meld(kind, text, from_seat)`` specs, parsed together with the hand so ids are distinct."""
    ids = parse_tiles("".join(t for _, t, _ in melds) + hand + win)
    built = []
    for kind, text, from_seat in melds:
        n = len(parse_kinds(text))
        tiles, ids = tuple(ids[:n]), ids[n:]
        built.append(Meld(kind, tiles) if kind is CallKind.ANKAN else Meld(kind, tiles, tiles[0], from_seat))
    return WinContext(
        rules=rules,
        concealed=tuple(ids),
        melds=tuple(built),
        win_tile=ids[-1],
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=rnd,
        is_dealer=seat == 0,
        **flags,
    )  # type: ignore[arg-type]


def with_rules(c: WinContext, rules) -> WinContext:
    return dataclasses.replace(c, rules=rules)


# (id, context, yaku (name, han) set or None to skip, han, fu, limit, points)
CASES = [
    (
        "riichi pinfu tsumo dealer: no tsumo fu on pinfu",
        ctx("234789m1234566p", "6p", tsumo=True, seat=0, riichi=True),
        {("menzen-tsumo", 1), ("riichi", 1), ("pinfu", 1)},
        3,
        20,
        "",
        3900,
    ),
    (
        "open pinfu shape ron is 30 fu",
        ctx("23m456p88s", "4m", melds=(meld(CallKind.CHI, "567s"), meld(CallKind.CHI, "345p"))),
        {("tanyao", 1)},
        1,
        30,
        "",
        1000,
    ),
    (
        "double-wind pair is 4 fu by default (50 fu)",
        ctx("111m56m234p789s11z", "4m", seat=0, rnd=0, riichi=True),
        {("riichi", 1)},
        1,
        50,
        "",
        2400,
    ),
    (
        "double-wind pair 2 fu under double_wind_fu=2 (40 fu)",
        ctx("111m56m234p789s11z", "4m", seat=0, rnd=0, riichi=True, rules=TENHOU.replace(double_wind_fu=2)),
        {("riichi", 1)},
        1,
        40,
        "",
        2000,
    ),
    (
        "seven pairs 25 fu",
        ctx("1199m2288p3377s1z", "1z", riichi=True),
        {("riichi", 1), ("chiitoitsu", 2)},
        3,
        25,
        "",
        3200,
    ),
    (
        "kokushi 13-wait is one yakuman on Tenhou",
        ctx("19m19p19s1234567z", "1m"),
        {("kokushi-13", 13)},
        13,
        0,
        "yakuman",
        32000,
    ),
    (
        "kokushi 13-wait double under double_yakuman",
        ctx("19m19p19s1234567z", "1m", rules=TENHOU.replace(double_yakuman=frozenset({"kokushi-13"}))),
        {("kokushi-13", 26)},
        26,
        0,
        "yakuman",
        64000,
    ),
    (
        "tsuuiisou + daisangen combine to double yakuman",
        ctx("5556667772233z", "3z", tsumo=True),
        {("tsuuiisou", 13), ("daisangen", 13), ("suuankou", 13)},
        39,
        None,
        "yakuman",
        96000,
    ),
    (
        "sanankou reading beats the iipeikou reading",
        ctx("111222333m789p5s", "5s", tsumo=True, riichi=True),
        None,
        None,
        None,
        None,
        None,
    ),
    (
        "kazoe yakuman on Tenhou",
        ctx(
            "2233445566778m",
            "8m",
            riichi=True,
            ippatsu=True,
            tsumo=True,
            dora_indicators=(parse_tiles("1m")[0],),
        ),
        None,
        None,
        None,
        "yakuman",
        32000,
    ),
    (
        "kiriage off: 4 han 30 fu is 7700",
        ctx("234m567p22s456s55z", "5z", riichi=True, dora_indicators=(parse_tiles("1s")[0],)),
        {("riichi", 1), ("yakuhai-haku", 1), ("dora", 2)},
        4,
        40,
        "mangan",
        8000,
    ),
    (
        "aka dora counts red fives of the ruleset",
        ctx("234m406p678s22s56m", "7m", riichi=True),
        {("riichi", 1), ("aka-dora", 1), ("tanyao", 1), ("pinfu", 1)},
        4,
        30,
        "",
        7700,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_hand_value(case: tuple) -> None:
    _, c, yaku, han, fu, limit, points = case
    v = value_win(c)
    assert v.ok, v.error
    if yaku is not None:
        assert set(v.yaku) == yaku
    if han is not None:
        assert v.han == han
    if fu is not None:
        assert v.fu == fu
    if limit is not None:
        assert v.limit == limit
    if points is not None:
        assert v.points == points


def test_sanankou_reading_is_chosen() -> None:
    v = value_win(CASES[8][1])
    names = {n for n, _ in v.yaku}
    assert "sanankou" in names and "iipeikou" not in names
    assert v.han == 4 and v.fu == 40  # riichi, tsumo, sanankou; 20+2+8+4+4 -> 40


def test_kazoe_off_caps_at_sanbaiman() -> None:
    c = CASES[9][1]
    v = value_win(with_rules(c, TENHOU.replace(kazoe_yakuman=False)))
    assert v.han >= 13 and v.limit == "sanbaiman" and v.points == 24000


def test_kiriage_on_rounds_4_han_30_fu_up() -> None:
    rules = TENHOU.replace(kiriage=True)
    assert base_points(4, 30, rules) == (2000, "")
    assert base_points(3, 60, rules) == (2000, "")
    assert base_points(4, 30, TENHOU) == (1920, "")
    aka = CASES[-1][1]  # riichi, pinfu, tanyao, aka: 4 han 30 fu
    assert value_win(aka).points == 7700
    rounded = value_win(with_rules(aka, rules))
    assert rounded.points == 8000 and rounded.limit == ""  # Tenhou writes limit 0 for it


def test_errors() -> None:
    assert value_win(ctx("123m456p789s1122z", "3z")).error == "not-a-winning-hand"
    open_no_yaku = ctx("23m456p88s", "1m", melds=(meld(CallKind.CHI, "567s"), meld(CallKind.CHI, "345p")))
    assert value_win(open_no_yaku).error == "no-yaku"
    assert value_win(open_no_yaku).points == 0


def test_no_kuitan_ruleset() -> None:
    c = ctx(
        "23m456p88s",
        "4m",
        melds=(meld(CallKind.CHI, "567s"), meld(CallKind.CHI, "345p")),
        rules=TENHOU.replace(kuitan=False),
    )
    assert value_win(c).error == "no-yaku"


def test_red_fives_off() -> None:
    c = ctx("234m406p678s22s", "2s", riichi=True, rules=TENHOU.replace(red_fives=(0, 0, 0)))
    assert ("aka-dora", 1) not in value_win(c).yaku


def test_rinshan_tsumo_fu_rule() -> None:
    """Tsumo fu on a rinshan win is a rule (RON2 gives none); here it crosses 30 -> 40."""
    melds = (meld(CallKind.CHI, "123p"), meld(CallKind.DAIMINKAN, "2222s", 2))
    win = ctx("24m567p88m", "3m", melds=melds, tsumo=True, rinshan=True)
    a = value_win(win)
    b = value_win(with_rules(win, TENHOU.replace(rinshan_tsumo_fu=False)))
    assert ("rinshan", 1) in a.yaku
    assert (a.fu, b.fu) == (40, 30)  # 20 + 8 open kan + 2 kanchan (+ 2 tsumo)
    assert ("tsumo", 2) not in b.fu_breakdown


def test_renhou_rules() -> None:
    cheap = dict(renhou=True)
    c = ctx("234m567p456s789s2s", "2s", **cheap)  # closed tanki ron: no yaku of its own
    assert value_win(c).error == "no-yaku"  # Tenhou: no renhou
    man = value_win(with_rules(c, TENHOU.replace(renhou="mangan")))
    assert man.ok and man.yaku == (("renhou", 5),) and man.points == 8000
    bai = value_win(with_rules(c, TENHOU.replace(renhou="baiman")))
    assert bai.points == 16000
    yk = value_win(with_rules(c, TENHOU.replace(renhou="yakuman")))
    assert yk.yakuman_multiple == 1 and yk.points == 32000


def test_green_dragon_required() -> None:
    c = ctx("22334466688s66z", "8s", tsumo=True)  # 234s 234s 666s 888s + hatsu pair
    assert ("ryuuiisou", 13) in value_win(c).yaku
    no_hatsu = ctx("2233444466688s", "8s", tsumo=True)  # 234s 234s 44s 666s 888s
    v = value_win(no_hatsu)
    assert ("ryuuiisou", 13) in v.yaku
    strict = value_win(with_rules(no_hatsu, TENHOU.replace(green_dragon_required=True)))
    assert strict.ok and ("ryuuiisou", 13) not in strict.yaku and strict.limit != "yakuman"


def test_sanma_kita_and_dora() -> None:
    west = parse_tiles("3z")[0]
    c = ctx(
        "111p234p789p55s99s",
        "9s",
        rules=SANMA,
        tsumo=True,
        riichi=True,
        kita=2,
        dora_indicators=(west,),
        seat=1,
    )
    v = value_win(c)
    assert ("kita", 2) in v.yaku and ("dora", 2) in v.yaku  # Norths pulled are dora when North is dora
    one_m = parse_tiles("1m")[0]
    c2 = ctx("111p234p789p55s99s", "9s", rules=SANMA, riichi=True, dora_indicators=(one_m,))
    assert ("dora", 0) not in value_win(c2).yaku
    nine_m = ctx("999m234p789p55s11s", "1s", rules=SANMA, riichi=True, dora_indicators=(one_m,))
    assert ("dora", 3) in value_win(nine_m).yaku  # 1m indicator -> 9m in 3-player


def test_sanma_tsumo_loss_and_split() -> None:
    c = ctx("111p234p789p55s99s", "9s", rules=SANMA, tsumo=True, riichi=True, seat=1)
    loss = value_win(c)
    split = value_win(with_rules(c, SANMA.replace(sanma_tsumo="split")))
    assert loss.points == loss.tsumo_dealer_pays + loss.tsumo_nondealer_pays
    assert split.points > loss.points
    assert split.points >= loss.ron_points


def test_kita_yakuhai() -> None:
    rules = SANMA.replace(kita_yakuhai=True)
    trip = ctx("444z234p789p55s99s", "9s", rules=rules, riichi=True)
    assert ("yakuhai-north", 1) in value_win(trip).yaku
    pair = ctx("234p789p123s45s44z", "6s", rules=rules, tsumo=True)  # pinfu shape, North pair
    vp = value_win(pair)
    assert ("pinfu", 1) not in vp.yaku and vp.fu == 30 and vp.han == 1  # 20 + 2 pair + 2 tsumo
    plain = value_win(with_rules(pair, SANMA))
    assert ("pinfu", 1) in plain.yaku and plain.fu == 20 and plain.han == 2


def test_only_the_package_path_is_cached() -> None:
    """A package valuation (milliseconds) is kept by its context; the fast path's is made again
    (a replay values each win once: hashing the context to look it up cost a third of the work)."""
    # three Norths and no other yaku, in 3-player where North is a value tile: the one real win the
    # fast path leaves (yakuman and blessings are its own since December 2026)
    package = [ctx("444z234p789p55s99s", "9s", rules=SANMA.replace(kita_yakuhai=True))]
    fast = [c for _, c, *_ in CASES if fast_value(c) is not None]
    assert fast_value(package[0]) is None and fast
    assert value_win(package[0]) is value_win(package[0])
    first, again = value_win(fast[0]), value_win(fast[0])
    assert first == again and first is not again


def test_multiple_yakuman_off_counts_the_largest_one() -> None:
    c = CASES[7][1]  # tsuuiisou + daisangen + suuankou
    assert value_win(c).yakuman_multiple == 3
    single = value_win(with_rules(c, TENHOU.replace(multiple_yakuman=False)))
    assert single.yakuman_multiple == 1 and single.points == 32000


def test_kakan_and_ankan_keep_their_fu() -> None:
    # ankan of East (the round wind): 32 fu; kakan of 5p: 8 fu; tanki 2; tsumo 2
    melds = (meld(CallKind.ANKAN, "1111z"), meld(CallKind.KAKAN, "5555p", 2))
    v = value_win(
        ctx(
            "234m678s9m",
            "9m",
            melds=melds,
            tsumo=True,
            rinshan=True,
            rules=TENHOU.replace(red_fives=(0, 0, 0)),
        )
    )
    assert v.ok and v.fu == 70  # 20 + 32 + 8 + 2 + 2 = 64 -> 70
    assert {"rinshan", "bakaze-east"} <= {n for n, _ in v.yaku}


@pytest.mark.parametrize(
    "where",
    ["concealed", "win", "dora", "ura", "meld"],
)
@pytest.mark.parametrize("bad", [136, -1, True, "5m", 4.0])
def test_a_tile_id_that_is_no_tile_is_no_hand(where: str, bad: object) -> None:
    """Wherever a context holds a tile, an id outside 0..135 or of another type (a bool too) makes
    it no hand: the scorer's tables are never indexed with it."""
    c = ctx("234m678s456p9m", "9m", melds=(meld(CallKind.PON, "555z", 2),))
    tiles = list(c.concealed)
    fields: dict[str, object] = {
        "concealed": (bad, *tiles[1:]),
        "win": {"win_tile": bad},
        "dora": (bad,),
        "ura": (bad,),
        "meld": (Meld(CallKind.PON, (bad, *c.melds[0].tiles[1:]), c.melds[0].called, 2),),
    }
    key = {"concealed": "concealed", "dora": "dora_indicators", "ura": "ura_indicators", "meld": "melds"}
    changed = fields[where] if where == "win" else {key[where]: fields[where]}
    assert value_win(c).ok
    try:
        broken = dataclasses.replace(c, **changed)  # type: ignore[arg-type]
    except TypeError:  # compiled, ``WinContext`` checks its int field itself: no context is made
        assert where == "win" and not isinstance(bad, int)
        return
    val = value_win(broken)
    if where == "win" and type(broken.win_tile) is int and 0 <= broken.win_tile <= 135:
        # compiled, the int field holds a bool as the int it is: a tile, but not in the hand
        assert (val.ok, val.error) == (False, "bad-context: the winning tile is not in the concealed hand")
    else:
        assert (val.ok, val.error) == (False, "bad-context: a tile id outside 0..135")
