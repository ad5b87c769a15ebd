"""A hand-built record for each seed sentence no other rule test pins (tests/test_seed_pins.py).

Each test quotes the sentence, builds the record the preset says is legal (clean under every preset
that cites it: ``claims_hold`` for an excerpt, ``game_holds`` for a whole game whose end is judged
too) and, where one value makes the difference, its twin with the exact finding. Numbers are worked
out by hand in the docstrings and cross-checked against ``paifu.scoring`` by ``valuation_problems``.
"""

from __future__ import annotations

import dataclasses

from builders import GameBuilder, HandBuilder, valuation_problems
from test_preset_records import (
    PINFU,
    PINFU_23S,
    TANYAO_56S,
    _sanma,
    claims_hold,
    finding,
    found,
    replay,
    rules_of,
)

from paifu.events import ClaimedWin, RyuukyokuKind, Win
from paifu.pipeline import replay_record
from paifu.rules import Ruleset, preset
from paifu.tiles import SANMA_REMOVED_KINDS

#: DORA's 4-player presets: its ordinary tables and its tournament rounds
DORA_BOTH = ("dora", "dora-tournament")
#: 11m 123p 456p 789s 23s waits 1s-4s (3-player: no 2m..8m)
SANMA_PINFU = "11m123p456p789s23s"
#: far-from-tenpai 3-player hands
SANMA_FAR = ("19m147p258s13567z", "19m369p147s24677z", "19m258p369s12456z")


def _three(
    hands: list[str | None],
    *,
    dora: str = "1z",
    honba: int = 0,
    round_wind: int = 0,
    hand_number: int = 1,
    scores: tuple[int, ...] | None = None,
    g: GameBuilder | None = None,
) -> HandBuilder:
    """A 3-player hand (default East 2, seat 1 deals, 35,000 each: an excerpt, so no start is
    judged); ``None`` seats get far-from-tenpai hands and safe tiles never come from 2m..8m."""
    g = g or GameBuilder(("A", "B", "C"), go_type=None, start_points=35000)
    far = iter(SANMA_FAR)
    h = g.hand(
        [x if x is not None else next(far) for x in hands],
        dora=dora,
        honba=honba,
        round_wind=round_wind,
        hand_number=hand_number,
        scores=scores,
    )
    h.fill_kinds = [k for k in h.fill_kinds if k not in SANMA_REMOVED_KINDS]
    return h


def game_holds(g: GameBuilder, rules: str | Ruleset) -> None:
    """A whole game (not an excerpt) is what ``rules`` says: its claims, and where it ends."""
    rec = g.record()
    assert valuation_problems(rec, rules_of(rules)) == []
    res = replay_record(rec, rules_of(rules))
    assert res.findings == [], [str(f) for f in res.findings]


def whole(g: GameBuilder, rules: str | Ruleset) -> list[tuple[str, int | None, int | None]]:
    """The findings of a whole game (its end judged too)."""
    return found(replay_record(g.record(), rules_of(rules)))


def _pao(g: GameBuilder, win: int, liable: int) -> None:
    """Name the liable player in the claim of a yakuman win, as the records that state pao do."""
    ev = g.events[win]
    assert isinstance(ev, Win) and isinstance(ev.claimed, ClaimedWin)
    g.events[win] = dataclasses.replace(ev, claimed=dataclasses.replace(ev.claimed, pao_seat=liable))


# ====================================================================== abortive draws (4 players)


def _four_riichi() -> tuple[GameBuilder, int]:
    """East 1: each seat in turn draws a safe tile and declares riichi on it; the fourth stick is
    paid and the hand aborts (nothing else moves: four sticks stay on the table)."""
    g = GameBuilder(go_type=None)
    h = g.hand([PINFU_23S, TANYAO_56S, "456m456p888p4567s", "111m999m123p99s22z"])
    for seat in range(4):
        h.draw(seat, h.safe_tile())
        h.riichi(seat)
    return g, h.abort(RyuukyokuKind.FOUR_RIICHI)


def test_four_riichi_abort() -> None:
    """000 四家立直 「4人全員がリーチを宣言した場合は途中流局」, 003 「四家立直 | 4人ともリーチをかけたとき」,
    004 「四家立直」: the hand ends when the fourth riichi stands."""
    g, draw = _four_riichi()
    for name in ("casual", "qdan", *DORA_BOTH):
        claims_hold(g, name)
    assert found(replay(g, preset("dora").replace(four_riichi=False))) == [
        ("abort-condition-not-met", draw, None)
    ]


def _four_winds(next_hand: int | None = None) -> tuple[GameBuilder, int]:
    """East 1: every seat's first discard is East, the hand aborts; then (``next_hand``) the record
    goes on to that hand number with 1 honba, which ends in a draw with nobody tenpai."""
    g = GameBuilder(go_type=None)
    h = g.hand(
        ["147m258p369s1234z", "258m369p147s1567z", "369m147p258s1567z", "147m258p369s1567z"], dora="9m"
    )
    for seat in range(4):
        h.draw(seat, h.safe_tile())
        h.discard(seat, "1z")
    draw = h.abort(RyuukyokuKind.FOUR_WINDS)
    if next_hand is None:
        return g, draw
    start = len(g.events)
    g.hand([None] * 4, hand_number=next_hand, honba=1).run_out()
    return g, start


def test_four_winds_abort() -> None:
    """000 四風連打 「途中流局となります」, 003 「四風連打 | 最初の1巡で、4人が同じ風牌を切ったとき」,
    004 「四風連打」: four first discards of one wind end the hand."""
    g, draw = _four_winds()
    for name in ("casual", "qdan", *DORA_BOTH):
        claims_hold(g, name)
    assert found(replay(g, preset("qdan").replace(four_winds=False))) == [
        ("abort-condition-not-met", draw, None)
    ]


def test_after_an_abortive_draw_the_deal_stays_or_moves_on() -> None:
    """004 途中流局 「その局はやり直しです」: East 1 again with 1 honba; DORA's tournament rounds
    (000 「同じ局を繰り返さず」) move on to East 2, the honba still counted."""
    g, again = _four_winds(next_hand=0)
    for name in ("qdan", "casual", "dora"):
        claims_hold(g, name)
    res = replay(g, "dora-tournament")
    assert found(res) == [("hand-start-mismatch", again, None)]
    assert finding(res, "hand-start-mismatch") == ((0, 1, 1, 0, 1), (0, 0, 1, 0, 0))
    g, moved = _four_winds(next_hand=1)
    claims_hold(g, "dora-tournament")
    assert found(replay(g, "qdan")) == [("hand-start-mismatch", moved, None)]


def _four_kans(h: HandBuilder, first: int, second: int, kinds: tuple[str, str, str, str]) -> int:
    """``first`` and ``second`` each hold two quads; on their turns they make closed kans (each kan's
    dora turns at once, a replacement comes and is thrown), the others tsumogiri safe tiles. The
    fourth kan's discard passes and the hand aborts."""
    indicators = iter(("2z", "3z", "5z", "6z"))
    for i, kind in enumerate(kinds):
        seat = (first, second)[i % 2]
        while h.turn != seat:
            h.auto(1)
        h.draw(seat, h.safe_tile())
        h.ankan(seat, kind)
        h.new_dora(next(indicators))
        h.draw(seat, h.safe_tile())
        h.discard(seat)
    return h.abort(RyuukyokuKind.FOUR_KANS)


def test_four_kans_abort() -> None:
    """000 四槓散了 「2人以上のプレイヤーが合計4回のカンをした場合に成立」, 003 「四槓散了 | 2人以上が合わせて
    4回カンしたとき」, 004 「2人以上で合わせて4回のカン（四開槓）」, 002 「4つ目のカンをした人が嶺上牌を
    つもって打牌し、誰もロンしなければ流局」: two players' four closed kans end the hand, with four or
    three players."""
    g = GameBuilder(go_type=None)
    h = g.hand(["1111m2222p13579s", "9999m8888p2468s7z", None, None])
    draw = _four_kans(h, 0, 1, ("1m", "9m", "2p", "8p"))
    for name in ("casual", "qdan", *DORA_BOTH):
        claims_hold(g, name)
    assert found(replay(g, preset("casual").replace(four_kans=False))) == [
        ("abort-condition-not-met", draw, None)
    ]

    h = _sanma(["258p369s1234567z", "1111m9999p13579s", "9999m2222s468p77z"])
    draw = _four_kans(h, 1, 2, ("1m", "9m", "9p", "2s"))
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(h.g, name)
    assert found(replay(h.g, preset("ron2-sanma").replace(four_kans=False))) == [
        ("abort-condition-not-met", draw, None)
    ]


def test_no_three_winds_abort_on_ron2() -> None:
    """002 lists only 「九種九牌、四カン算了による流局」: three first West discards play on."""
    from test_table_rules import _three_winds

    g, last = _three_winds()
    claims_hold(g, "ron2-sanma")
    assert found(replay(g, preset("ron2-sanma").replace(four_winds=True)))[0] == ("abort-missed", last + 1, 1)


# ====================================================================== wins: yaku and limits


def _ippatsu(sanma: bool) -> tuple[GameBuilder, int]:
    """A non-dealer declares riichi on its second turn (not a double riichi), and the next player
    throws a 4s at once: riichi, ippatsu, pinfu, 3 han 30 fu = 3,900 and the stick.
    (4 players: seat 1 on seat 2's 4s; 3 players, East 2: seat 2 on seat 0's.) The ura indicator
    7z makes 5z ura dora: none held."""
    if sanma:
        h = _three([None, None, SANMA_PINFU])
        winner, discarder, deltas = 2, 0, [-3900, 0, 4900]
    else:
        h = GameBuilder(go_type=None).hand([None, PINFU_23S, None, None])
        winner, discarder, deltas = 1, 2, [0, 4900, -3900, 0]
    h.auto(h.n + (winner - h.dealer) % h.n)
    h.draw(winner, h.safe_tile())
    h.riichi(winner)
    h.draw(discarder, "4s")
    h.discard(discarder)
    yaku = [("riichi", 1), ("ippatsu", 1), ("pinfu", 1)]
    return h.g, h.ron(winner, discarder, deltas=deltas, fu=30, points=3900, yaku=yaku, ura="7z")


def test_ippatsu() -> None:
    """000 1翻役 「一発（イッパツ）」, 003 「一発 | リーチから次の自分の番までに和了る」, 002 「あり…一発」."""
    g, win = _ippatsu(sanma=False)
    for name in ("casual", *DORA_BOTH):
        claims_hold(g, name)
    res = replay(g, preset("casual").replace(ippatsu=False))
    assert ("yaku-mismatch", win, 1) in found(res)
    assert finding(res, "points-mismatch") == (2000, 3900)
    g, win = _ippatsu(sanma=True)
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert ("yaku-mismatch", win, 2) in found(replay(g, preset("ron2-sanma").replace(ippatsu=False)))


def _kazoe(sanma: bool) -> tuple[GameBuilder, int]:
    """A non-dealer holds 22 33 44 55 66 7 88 of one suit and rons a 7 of it (4 players: seat 1 on the
    dealer's 7m; 3 players: seat 2 on seat 0's 7p): 234 234 567 567 88, pinfu 1, tanyao 1, ryanpeikou
    3, chinitsu 6 and two dora (indicator 1: the two 2s) = 13 han, counted as a yakuman: 32,000
    (sanbaiman, 24,000, where 13 han are not)."""
    if sanma:
        h = _three([None, None, "2233445566788p"], dora="1p")
        winner, discarder, deltas, tile = 2, 0, [-32000, 0, 32000], "7p"
    else:
        h = GameBuilder(go_type=None).hand([None, "2233445566788m", None, None], dora="1m")
        winner, discarder, deltas, tile = 1, 0, [-32000, 32000, 0, 0], "7m"
    h.auto(h.n if discarder == h.dealer else (discarder - h.dealer) % h.n)
    h.draw(discarder, tile)
    h.discard(discarder)
    yaku = [("pinfu", 1), ("tanyao", 1), ("ryanpeikou", 3), ("chinitsu", 6), ("dora", 2)]
    return h.g, h.ron(winner, discarder, deltas=deltas, fu=30, points=32000, limit="yakuman", yaku=yaku)


def test_kazoe_yakuman() -> None:
    """000 役満 「数え役満」, 003 「13翻〜(数え役満)」, 002 「13翻以上四倍満」 (four times a mangan)."""
    g, win = _kazoe(sanma=False)
    for name in ("casual", *DORA_BOTH):
        claims_hold(g, name)
    res = replay(g, preset("dora").replace(kazoe_yakuman=False))
    assert found(res) == [("points-mismatch", win, 1), ("score-delta-mismatch", win, 1)]
    assert finding(res, "points-mismatch") == (24000, 32000)
    g, win = _kazoe(sanma=True)
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert finding(replay(g, preset("ron2-sanma").replace(kazoe_yakuman=False)), "points-mismatch") == (
        24000,
        32000,
    )


def _open_tanyao(sanma: bool) -> tuple[GameBuilder, int]:
    """The winner pons the dealer's 8s with its 88s, throws 9m, and rons the next player's 5s with
    234 567 (m or p) 34s 66p: open tanyao alone, 20 fu + 2 (open pon of a simple) = 22 -> 30 fu,
    1 han: 1,000. (4 players: seat 1 pons seat 0's 8s and rons seat 2; 3 players: seat 2 pons the
    dealer's, seat 1's, and rons seat 0.)"""
    if sanma:
        h = _three([None, None, "88s234p567p34s66p9m"])
        winner, discarder, deltas = 2, 0, [-1000, 0, 1000]
    else:
        h = GameBuilder(go_type=None).hand([None, "88s234m567p34s66p9m", None, None])
        winner, discarder, deltas = 1, 2, [0, 1000, -1000, 0]
    h.draw(h.dealer, "8s")
    h.discard(h.dealer)
    h.pon(winner, "88s")
    h.discard(winner, "9m")
    while h.turn != discarder:
        h.auto(1)
    h.draw(discarder, "5s")
    h.discard(discarder)
    return h.g, h.ron(winner, discarder, deltas=deltas, fu=30, points=1000, yaku=[("tanyao", 1)])


def test_open_tanyao() -> None:
    """000 「DORA麻雀は「ありあり」ルール」 (喰いタン、後付けあり), 002 「あり クイタン、後付け」."""
    g, win = _open_tanyao(sanma=False)
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert found(replay(g, preset("dora").replace(kuitan=False))) == [("no-yaku", win, 1)]
    g, win = _open_tanyao(sanma=True)
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert found(replay(g, preset("dora-sanma").replace(kuitan=False))) == [("no-yaku", win, 2)]


def _open_no_yaku_tenpai_sanma() -> tuple[GameBuilder, int]:
    """East 2: seat 2 pons the dealer's 1p with 11p and throws 5z: 456p 789s 23s 99m waits 1s-4s with
    no yaku on either (open, terminals). Alone tenpai at the draw: 3,000 (1,500 from each noten seat)."""
    h = _three([None, None, "11p456p789s23s99m5z"])
    h.draw(1, "1p")
    h.discard(1)
    h.pon(2, "11p")
    h.discard(2, "5z")
    return h.g, h.run_out([-1500, -1500, 3000], tenpai=[2])


def test_keishiki_tenpai_on_every_seed_table() -> None:
    """000 「役がなくても…流局時にテンパイとして扱われます」, 003 「役が無くてもテンパイとして数えます
    (形式テンパイ)」, 002 「形式聴牌、空聴牌ともに聴牌と認めます」: an open hand with no yaku on its waits
    is tenpai at the draw, with four players or three."""
    from test_seed_rules import _open_no_yaku_tenpai

    g, _ = _open_no_yaku_tenpai()
    for name in ("casual", *DORA_BOTH):
        claims_hold(g, name)
    g, draw = _open_no_yaku_tenpai_sanma()
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    res = replay(g, preset("ron2-sanma").replace(keishiki_tenpai=False))
    assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
    assert finding(res, "tenpai-mismatch") == ((), (2,))


def _swap_call(sanma: bool) -> tuple[GameBuilder, int]:
    """A call, then the called kind thrown at once (kuikae); the hand runs out with nobody tenpai.
    4 players: seat 1 chis the dealer's 2m with 34m and throws its own 2m; 3 players (no chi): seat 2
    pons the dealer's 3p with 33p and throws its third 3p."""
    if sanma:
        h = _three([None, None, "333p9m19s1234567z"])
        caller, tile = 2, "3p"
    else:
        h = GameBuilder(go_type=None).hand([None, "234m9p19s1234567z", None, None])
        caller, tile = 1, "2m"
    h.draw(h.dealer, h.safe_tile() if sanma else tile)
    h.discard(h.dealer, tile)  # the 3-player dealer's filler hand holds a 3p
    if sanma:
        h.pon(caller, "33p")
    else:
        h.chi(caller, "34m")
    swap = h.discard(caller, tile)
    h.run_out()
    return h.g, swap


def test_swap_calling_allowed_on_dora() -> None:
    """000 「DORA麻雀では、喰い替えが認められています」 (and 000 「チーやポンをして手牌を開いた後でも」: chi
    is a call there); the casual app's 「喰い替えは禁止です」 flags the same discard."""
    g, swap = _swap_call(sanma=False)
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert found(replay(g, "casual")) == [("kuikae", swap, 1)]
    assert found(replay(g, preset("dora-tournament").replace(chi=False)))[0][0] == "illegal-call"
    g, swap = _swap_call(sanma=True)
    claims_hold(g, "dora-sanma")
    assert found(replay(g, "ron2-sanma")) == [("kuikae", swap, 2)]


def test_no_renhou_on_dora() -> None:
    """000 lists no 人和 among its yaku: a ron on the dealer's first discard before one's own first draw
    is worth its own yaku (pinfu, 1,000), not a mangan."""
    g = GameBuilder(go_type=None)
    h = g.hand([None, PINFU_23S, None, None])
    h.draw(0, "4s")
    h.discard(0)
    win = h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU)
    for name in DORA_BOTH:
        claims_hold(g, name)
    res = replay(g, preset("dora").replace(renhou="mangan"))
    assert finding(res, "points-mismatch") == (8000, 1000)
    assert ("yaku-mismatch", win, 1) in found(res)


def _karaten_visible_sanma() -> tuple[GameBuilder, int]:
    """East 2: seat 2 waits on 9m alone (123p 456p 789s 111z 9m tanki); seats 0 and 1 draw and throw
    the other three 9m, so all four are visible. DORA counts it noten: nothing moves."""
    h = _three(["258p369s1234567z", "147p258s2345677z", "123p456p789s111z9m"], dora="9p")
    for seat in (1, 0, 1):
        while h.turn != seat:
            h.auto(1)
        h.draw(seat, "9m")
        h.discard(seat)
    return h.g, h.run_out([0, 0, 0])


def test_a_wait_on_tiles_all_visible_is_noten_on_dora() -> None:
    """000 「すでに4枚すべてが自分の手牌や場に見えており…テンパイになりません」: the visible copies count,
    on every DORA table; Tenhou's rule (only the own hand) makes the same hand tenpai."""
    from test_preset_records import _karaten_visible

    g, _ = _karaten_visible(tenpai=False)
    claims_hold(g, "dora-tournament")
    g, draw = _karaten_visible_sanma()
    claims_hold(g, "dora-sanma")
    res = replay(g, preset("dora-sanma").replace(karaten="not-own-hand"))
    assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
    assert finding(res, "tenpai-mismatch") == ((2,), ())


# ====================================================================== the game's flow: busts, deals, ends


def _deal_in_to_zero(sanma: bool, before: int) -> tuple[GameBuilder, int]:
    """East 2: seat 0 (on ``before`` points) throws a 4s into a pinfu, 1,000 (4 players: seat 2 rons;
    3 players: seat 2 too); then the record plays East 3, which runs out with nobody tenpai."""
    if sanma:
        rest = (105000 - before) // 2
        h = _three([None, None, SANMA_PINFU], scores=(before, rest, rest))
        deltas = [-1000, 0, 1000]
    else:
        rest = (100000 - before) // 3
        h = GameBuilder(go_type=None).hand(
            [None, None, PINFU_23S, None], hand_number=1, scores=(before, rest, rest, rest)
        )
        deltas = [-1000, 0, 1000, 0]
    while h.turn != 0:
        h.auto(1)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(2, 0, deltas=deltas, **PINFU)
    nxt = len(h.g.events)
    if sanma:
        _three([None] * 3, hand_number=2, g=h.g).run_out()
    else:
        h.g.hand([None] * 4, hand_number=2).run_out()
    return h.g, nxt


def test_exactly_zero_points_plays_on() -> None:
    """000 「持ち点が0点未満になった場合、対局終了」 (「0点未満」: below zero), 002 「0点はゲーム続行です」: a
    player left on exactly 0 plays the next hand, with four players or three."""
    g, nxt = _deal_in_to_zero(sanma=False, before=1000)
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert found(replay(g, preset("dora").replace(bust_at_zero=True))) == [("game-end-mismatch", nxt, None)]
    g, nxt = _deal_in_to_zero(sanma=True, before=1000)
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert found(replay(g, preset("ron2-sanma").replace(bust_at_zero=True))) == [
        ("game-end-mismatch", nxt, None)
    ]


def test_no_bust_in_dora_tournament_rounds() -> None:
    """000 「通常対局のようなトビ終了はなく、予定されているすべての局が終わるまで」: a player below zero
    (500 - 1,000) plays on; DORA's ordinary tables end the game there."""
    g, nxt = _deal_in_to_zero(sanma=False, before=500)
    claims_hold(g, "dora-tournament")
    assert found(replay(g, "dora")) == [("game-end-mismatch", nxt, None)]


def _bust(sanma: bool) -> GameBuilder:
    """A whole game that ends in a bust: a thirteen orphans ron (32,000) on a 1m leaves its thrower
    below zero, and the game ends there (4 players: East 1 at 25,000, seat 1 rons seat 2; 3 players:
    an excerpt from East 2, seat 2 rons seat 0, who had 20,000)."""
    from builders import kokushi_finish

    if not sanma:
        g = GameBuilder(go_type=None)
        kokushi_finish(g, winner=1, discarder=2, hand_number=0)
        g.end()
        return g
    h = _three(["19p258p369s12345z", None, "99m19p19s1234567z"], scores=(20000, 45000, 40000))
    while h.turn != 0:
        h.auto(1)
    h.draw(0, "1m")
    h.discard(0)
    h.ron(
        2,
        0,
        deltas=[-32000, 0, 32000],
        yaku=[("kokushi", 13)],
        fu=0,
        points=32000,
        limit="yakuman",
        yakuman=True,
    )
    h.g.end()
    return h.g


def test_a_bust_ends_the_game() -> None:
    """000 「持ち点が0点未満になった場合、対局終了」, 003 「誰かの持ち点が0点を下回ると、そこで対局は終わります」,
    004 「誰かの持ち点が0点未満になると、その時点で対局は終わり」, 002 「箱割れ(持ち点がマイナスになる)
    となった時点でゲームは終了」: the game ends after the hand that busts a player."""
    g = _bust(sanma=False)
    for name in ("casual", "qdan", "dora"):
        game_holds(g, name)
    last = len(g.events) - 1
    assert whole(g, preset("casual").replace(bust=False)) == [("game-end-mismatch", last, None)]
    g = _bust(sanma=True)
    for name in ("dora-sanma", "ron2-sanma"):
        game_holds(g, name)
    assert whole(g, preset("dora-sanma").replace(bust=False)) == [
        ("game-end-mismatch", len(g.events) - 1, None)
    ]


def _dealer_tenpai_repeats(sanma: bool) -> tuple[GameBuilder, int]:
    """The dealer alone is tenpai at the exhaustive draw (3,000 from the others) and deals again with
    1 honba (4 players: East 1, seat 0; 3 players: East 2, seat 1); that hand runs out all noten."""
    if sanma:
        h = _three([None, SANMA_PINFU, None])
        h.run_out([-1500, 3000, -1500], tenpai=[1])
        nxt = len(h.g.events)
        _three([None] * 3, honba=1, g=h.g).run_out()
        return h.g, nxt
    g = GameBuilder(go_type=None)
    g.hand([PINFU_23S, None, None, None]).run_out([3000, -1000, -1000, -1000], tenpai=[0])
    nxt = len(g.events)
    g.hand([None] * 4, honba=1).run_out()
    return g, nxt


def test_a_tenpai_dealer_deals_again() -> None:
    """004 「親が上がるか、流局で親がテンパイしていると、親はそのまま続けます」, 000 「親が連荘条件を満たしている
    場合は、そのまま次の局へ」: a tenpai dealer repeats; a table that repeats only on a win moves on."""
    g, nxt = _dealer_tenpai_repeats(sanma=False)
    for name in ("qdan", "casual", "dora"):
        claims_hold(g, name)
    res = replay(g, preset("qdan").replace(renchan="win"))
    assert found(res) == [("hand-start-mismatch", nxt, None)]
    assert finding(res, "hand-start-mismatch") == ((0, 1, 1, 0, 1), (0, 0, 1, 0, 0))
    g, nxt = _dealer_tenpai_repeats(sanma=True)
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert found(replay(g, preset("dora-sanma").replace(renchan="win"))) == [
        ("hand-start-mismatch", nxt, None)
    ]


def test_qdan_plays_on_into_the_next_round_below_the_target() -> None:
    """004 「誰も30,000点に届いていないときは、次の場に入って続けます」 and 「延長・アガリ止めの目標は開始点
    ＋5,000点のままです」: at a 25,000 start a top of 29,500 after South 4 goes into West 1; a game
    without extension, or a target 1,000 lower, ends."""
    from test_seed_rules import _south4_draw

    g, west = _south4_draw([29500, 25500, 23000, 22000])
    claims_hold(g, "qdan")
    assert found(replay(g, preset("qdan").replace(extension="none"))) == [("game-end-mismatch", west, None)]
    assert found(replay(g, preset("qdan").replace(target_margin=4000))) == [("game-end-mismatch", west, None)]


def _riichi_on_1000(sanma: bool) -> tuple[GameBuilder, int]:
    """East 2: seat 0, on exactly 1,000 points, declares riichi (its last 1,000 on the table) on its
    second turn and is alone tenpai at the draw: 3,000 from the others."""
    if sanma:
        h = _three([SANMA_PINFU, None, None], scores=(1000, 52000, 52000))
        deltas = [3000, -1500, -1500]
    else:
        h = GameBuilder(go_type=None).hand(
            [PINFU_23S, None, None, None], hand_number=1, scores=(1000, 33000, 33000, 33000)
        )
        deltas = [3000, -1000, -1000, -1000]
    h.auto(h.n)
    while h.turn != 0:
        h.auto(1)
    h.draw(0, h.safe_tile())
    declared = len(h.g.events)
    h.riichi(0)
    h.run_out(deltas, tenpai=[0])
    return h.g, declared


def test_riichi_needs_1000_points() -> None:
    """003 「持ち点1000点以上」, 004 「持ち点が1,000点以上あること」, 002 「1,000点でリーチ可、900点は
    リーチ不可」: a player on exactly 1,000 may declare."""
    g, declared = _riichi_on_1000(sanma=False)
    for name in ("casual", "qdan"):
        claims_hold(g, name)
    res = replay(g, preset("casual").replace(riichi_min_points=2000))
    assert found(res) == [("riichi-insufficient-points", declared, 0)]
    assert finding(res, "riichi-insufficient-points") == (2000, 1000)
    g, declared = _riichi_on_1000(sanma=True)
    claims_hold(g, "ron2-sanma")
    assert found(replay(g, preset("ron2-sanma").replace(riichi_min_points=2000))) == [
        ("riichi-insufficient-points", declared, 0)
    ]


def test_casual_riichi_needs_four_tiles_left() -> None:
    """003 「山の残りが4枚以上」: a riichi with 4 tiles left in the live wall is legal, as on Qdan."""
    from test_seed_rules import _late_riichi

    g, declared = _late_riichi(1, 4)
    claims_hold(g, "casual")
    assert found(replay(g, preset("casual").replace(riichi_min_wall=5))) == [
        ("riichi-no-draws-left", declared, 1)
    ]


def test_casual_red_fives_and_ura_dora() -> None:
    """003 「萬子・筒子・索子の5が1枚ずつ赤い牌」: a red 5m is an aka-dora (pinfu and aka 2,000, not 1,000);
    003 「裏ドラ | リーチして和了ったときだけ数えられる」: a riichi ron counts the ura indicators (those under
    the kan dora too: haneman, 12,000, where riichi and tanyao alone are 3,200)."""
    from test_seed_rules import _riichi_after_closed_kan
    from test_table_rules import _red_win

    g = _red_win(claim_aka=True)
    claims_hold(g, "casual")
    assert finding(replay(g, preset("casual").replace(red_fives=(0, 0, 0))), "points-mismatch") == (
        1000,
        2000,
    )
    g, _ = _riichi_after_closed_kan()
    claims_hold(g, "casual")
    assert finding(replay(g, preset("casual").replace(ura_dora=False)), "points-mismatch") == (3200, 12000)


def _last_dealer_wins(sanma: bool, *, then: bool) -> tuple[GameBuilder, int]:
    """The last hand (4 players: South 4, seat 3 deals; 3 players: South 3, seat 2): the dealer, top,
    rons a pinfu (dealer 1,500) on seat 0's 4s and has 32,500 (4 players, then: the record plays the
    same hand with 1 honba, all noten) or 29,500 (the record ends); 3 players: 41,500, then again."""
    if sanma:
        h = _three([None, None, SANMA_PINFU], round_wind=1, hand_number=2, scores=(30000, 35000, 40000))
        deltas = [-1500, 0, 1500]
    else:
        h = GameBuilder(go_type=None).hand(
            [None, None, None, PINFU_23S],
            round_wind=1,
            hand_number=3,
            scores=(24000, 23000, 22000, 31000) if then else (25000, 24000, 23000, 28000),
        )
        deltas = [-1500, 0, 0, 1500]
    while h.turn != 0:
        h.auto(1)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(h.dealer, 0, deltas=deltas, **{**PINFU, "points": 1500})
    nxt = len(h.g.events)
    if then and sanma:
        _three([None] * 3, round_wind=1, hand_number=2, honba=1, g=h.g).run_out()
    elif then:
        h.g.hand([None] * 4, round_wind=1, hand_number=3, honba=1).run_out()
    else:
        h.g.end()
    return h.g, nxt


def test_the_top_last_dealer_stops_on_a_win_or_plays_on() -> None:
    """003 「親が和了ってトップなら、連荘せずに終局」 「そのままトップなら終局」 (no minimum): the game ends on
    the top dealer's win in the last hand, on 29,500 too (Tenhou's stop needs 30,000); 000 「アガリ止め
    DORA麻雀では不採用」: DORA plays the dealer's repeat, with four players or three."""
    g, end = _last_dealer_wins(sanma=False, then=False)
    game_holds(g, "casual")
    for changed in ({"last_dealer_stop": "none"}, {"last_dealer_stop_min": 30000}):
        assert whole(g, preset("casual").replace(**changed)) == [("game-end-mismatch", end, None)], changed
    g, nxt = _last_dealer_wins(sanma=False, then=True)
    claims_hold(g, "dora")
    assert found(replay(g, "casual")) == [("game-end-mismatch", nxt, None)]
    g, nxt = _last_dealer_wins(sanma=True, then=True)
    claims_hold(g, "dora-sanma")
    assert found(replay(g, preset("dora-sanma").replace(last_dealer_stop="win"))) == [
        ("game-end-mismatch", nxt, None)
    ]


def test_qdan_top_last_dealer_stops_on_tenpai() -> None:
    """004 「最後の局の親がトップで…親が上がったりテンパイしたりしても、そこで終わります」: South 4's dealer,
    top with 31,000 (past the 30,000 target, start + 5,000), is alone tenpai at the draw: the game ends."""
    g = GameBuilder(go_type=None)
    h = g.hand(
        [None, None, None, PINFU_23S], round_wind=1, hand_number=3, scores=(24000, 23000, 22000, 31000)
    )
    h.run_out([-1000, -1000, -1000, 3000], tenpai=[3])
    g.end()
    game_holds(g, "qdan")
    end = len(g.events) - 1
    for stop in ("none", "win"):
        assert whole(g, preset("qdan").replace(last_dealer_stop=stop)) == [("game-end-mismatch", end, None)]


def _last_hand_all_noten(round_wind: int) -> GameBuilder:
    """The last scheduled hand (``round_wind`` 1: South 4; 0: East 4) ends in a draw with nobody
    tenpai and nobody on 30,000, and the game ends."""
    g = GameBuilder(go_type=None)
    g.hand([None] * 4, round_wind=round_wind, hand_number=3, scores=(26000, 25000, 25000, 24000)).run_out()
    g.end()
    return g


def test_no_extension_round() -> None:
    """000 「トップが基準点を超えるまで西入するルール DORA麻雀では不採用」, 003 「西入(ウエストイン) | 半荘は
    南4局で終わります」: the game ends after the last hand although nobody has 30,000 (DORA's tournament
    rounds after East 4); a sudden-death table plays on."""
    g = _last_hand_all_noten(1)
    for name in ("casual", "dora"):
        game_holds(g, name)
    assert whole(g, preset("dora").replace(extension="sudden-death")) == [
        ("game-end-mismatch", len(g.events) - 1, None)
    ]
    g = _last_hand_all_noten(0)
    game_holds(g, "dora-tournament")
    assert whole(g, preset("dora-tournament").replace(extension="sudden-death")) == [
        ("game-end-mismatch", len(g.events) - 1, None)
    ]


def test_ron2_nine_terminals_keeps_the_deal() -> None:
    """002 「九種九牌、四カン算了による流局は親の連荘となり本場も増えます」: after a nine-terminals draw the
    dealer deals again with 1 honba."""
    h = _three([None, None, "19m19p1s1234z3p45s6s"])
    h.auto(1)
    h.draw(2, h.safe_tile())
    h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=2)
    nxt = len(h.g.events)
    _three([None] * 3, honba=1, g=h.g).run_out()
    claims_hold(h.g, "ron2-sanma")
    assert found(replay(h.g, preset("ron2-sanma").replace(abort_renchan=False))) == [
        ("hand-start-mismatch", nxt, None)
    ]


# ====================================================================== RON2 and the casual app: scoring


def _dragons_pao(sanma: bool, honba_value: int = 600) -> tuple[GameBuilder, int]:
    """The winner pons three dragon pairs one after another (the third, 7z, from the liable player)
    and wins on its lone tile: daisangen, 32,000. 4 players: seat 1 pons seat 0's 5z, seat 2's 6z and
    seat 3's 7z and draws its 7p: seat 3 pays it all. 3 players, East 2 with 1 honba: seat 2 pons the
    dealer's 5z, seat 0's 6z and the dealer's 7z, then rons seat 0's 9p: the dealer (liable) and
    seat 0 pay half each, seat 0 the honba (``honba_value``: RON2's 600)."""
    if sanma:
        h = _three(["19m147p258s12346z", "19m369p147s12357z", "123p9p19s4z556677z"], honba=1)
        winner, feeds, spare = 2, ((1, "5z"), (0, "6z"), (1, "7z")), ("1s", "9s", "4z")
    else:
        g = GameBuilder(go_type=None)
        h = g.hand(["1479m2589p1369s5z", "123m7p19s4z556677z", "1479m2589p1369s6z", "1479m2589p1369s7z"])
        winner, feeds, spare = 1, ((0, "5z"), (2, "6z"), (3, "7z")), ("1s", "9s", "4z")
    for (seat, dragon), out in zip(feeds, spare, strict=True):
        while h.turn != seat:
            h.auto(1)
        h.draw(seat, h.safe_tile())
        h.discard(seat, dragon)
        h.pon(winner, dragon * 2)
        h.discard(winner, out)
    yakuman = dict(yaku=[("daisangen", 13)], fu=0, points=32000, limit="yakuman", yakuman=True)
    if sanma:
        while h.turn != 0:
            h.auto(1)
        h.draw(0, "9p")
        h.discard(0)
        win = h.ron(2, 0, deltas=[-16000 - honba_value, -16000, 32000 + honba_value], **yakuman)
        liable = 1
    else:
        while h.turn != winner:
            h.auto(1)
        h.draw(winner, "7p")
        win = h.tsumo(winner, deltas=[0, 32000, 0, -32000], **yakuman)
        liable = 3
    _pao(h.g, win, liable)
    return h.g, win


def test_daisangen_liability() -> None:
    """003 「責任払い(大三元・大四喜)」: the player whose dragon completed the three pays a daisangen
    tsumo in full. 002 「大三元、大四喜、四槓子を決定づける牌をポン、カンさせた人」 「他家が放銃した場合でも
    半額を支払います」 「積み棒は全額放銃者が負担します」: on another's ron the liable player pays half and
    the discarder the other half and the honba."""
    g, win = _dragons_pao(sanma=False)
    assert found(replay(g, "casual")) == []  # (valuation_problems pays no pao: the replay alone judges)
    res = replay(g, preset("casual").replace(pao=frozenset({"daisuushii"})))
    assert ("score-delta-mismatch", win, 1) in found(res)
    assert finding(res, "score-delta-mismatch") == ((-16000, 32000, -8000, -8000), (0, 32000, 0, -32000))
    g, win = _dragons_pao(sanma=True)
    assert found(replay(g, "ron2-sanma")) == []
    for changed, expected in (
        ({"pao_ron_split": "all"}, (-600, -32000, 32600)),
        ({"pao_honba": "liable"}, (-16000, -16600, 32600)),
        ({"pao": frozenset({"daisuushii", "suukantsu"})}, (-32600, 0, 32600)),
    ):
        res = replay(g, preset("ron2-sanma").replace(**changed))
        assert finding(res, "score-delta-mismatch") == (expected, (-16600, -16000, 32600)), changed


def _ron2_riichi_kan(start: int = 40000) -> tuple[GameBuilder, int]:
    """East 1 of a RON2 game (40,000 each; seat 0 deals). Seat 1 (222p 345s 678s 99s 78p) declares
    riichi on its second turn, later draws the fourth 2p and makes a closed kan (the wait 6p-9p and
    the hand's shape unchanged; its dora turns at once: 3z, so 4z), draws a replacement and throws
    it; seat 2 then throws a 6p. Ura indicators 7z (5z: none) and 1p (2p: the four of the kan):
    riichi + ura 4 = 5 han, a mangan: 8,000 and the stick. Without kan ura (or ura): riichi alone,
    20 + 10 (closed ron) + 16 (closed kan of a simple) = 46 -> 50 fu, 1,600."""
    g = GameBuilder(("A", "B", "C"), go_type=None, start_points=start)
    h = _three(["19m147p258s13567z", "222p345s678s99s78p", None], hand_number=0, g=g)
    h.auto(h.n + 1)
    h.draw(1, h.safe_tile())
    h.riichi(1)
    h.auto(2)
    h.draw(1, "2p")
    kan = h.ankan(1, "2p")
    h.new_dora("3z")
    h.draw(1, h.safe_tile())
    h.discard(1)
    h.draw(2, "6p")
    h.discard(2)
    h.ron(
        1,
        2,
        deltas=[0, 9000, -8000],
        yaku=[("riichi", 1), ("ura-dora", 4)],
        fu=50,
        points=8000,
        limit="mangan",
        ura="7z1p",
    )
    return g, kan


def test_ron2_kan_in_riichi_and_kan_ura() -> None:
    """002 「ツモってた牌のみ、かつ、待ちと牌姿が変わらないときだけ可能」 (a closed kan in riichi),
    「表ドラ、裏ドラ、カンドラ、カン裏ドラすべてアリ」, 「40,000点持ち」: the kan stands, the ura under the kan
    dora counts; East 1 starts at 40,000."""
    g, kan = _ron2_riichi_kan()
    claims_hold(g, "ron2-sanma")
    ron2 = preset("ron2-sanma")
    assert found(replay(g, ron2.replace(riichi_kan="none"))) == [("riichi-kan-changes-wait", kan, 1)]
    for changed in ({"kan_ura": False}, {"ura_dora": False}):
        assert finding(replay(g, ron2.replace(**changed)), "points-mismatch") == (1600, 8000), changed
    assert "hand-start-mismatch" in {c for c, _, _ in found(replay(g, ron2.replace(start_points=41000)))}


def test_ron2_double_wind_pair_4_fu() -> None:
    """002 「連風牌が雀頭のときは4符」: East 2's dealer (seat 1) holds 11z 555z 123p 456p 23s and rons
    seat 2's 4s: haku, 20 + 10 + 8 (closed 555z) + 4 = 42 -> 50 fu, dealer 1 han 2,400 (without the
    pair's fu, 38 -> 40 fu: 2,000)."""
    h = _three([None, "11z555z123p456p23s", None])
    h.auto(1)
    h.draw(2, "4s")
    h.discard(2)
    win = h.ron(1, 2, deltas=[0, 2400, -2400], fu=50, points=2400, yaku=[("yakuhai-haku", 1)])
    claims_hold(h.g, "ron2-sanma")
    res = replay(h.g, preset("ron2-sanma").replace(double_wind_fu=0))
    assert ("fu-mismatch", win, 1) in found(res)
    assert finding(res, "points-mismatch") == (2000, 2400)


def _sanma_yakuman(
    hand: str, tile: str, yaku: list[tuple[str, int]], points: int, dora: str = "1z"
) -> tuple[GameBuilder, int]:
    """East 2: seat 2 holds ``hand`` and rons seat 0's ``tile`` for the yakuman ``yaku``."""
    h = _three(["258p369s1234567z" if "z" not in hand else "258p369s147p258s9m", None, hand], dora=dora)
    while h.turn != 0:
        h.auto(1)
    h.draw(0, tile)
    h.discard(0)
    return h.g, h.ron(
        2, 0, deltas=[-points, 0, points], yaku=yaku, fu=0, points=points, limit="yakuman", yakuman=True
    )


def test_ron2_yakuman_combine_none_double() -> None:
    """002 「ダブル役満、トリプル役満、それ以上も組み合わせによって可能」 and doubles only by combination:
    111z 222z 333z 555z 6z rons the 6z: suuankou (tanki, single) and tsuuiisou, 64,000."""
    g, win = _sanma_yakuman(
        "111z222z333z555z6z", "6z", [("suuankou-tanki", 13), ("tsuuiisou", 13)], 64000, dora="9p"
    )
    claims_hold(g, "ron2-sanma")
    ron2 = preset("ron2-sanma")
    assert finding(replay(g, ron2.replace(multiple_yakuman=False)), "points-mismatch") == (32000, 64000)
    assert (
        finding(replay(g, ron2.replace(double_yakuman=frozenset({"suuankou-tanki"}))), "points-mismatch")[0]
        == 96000
    )


def test_dora_sanma_double_kokushi() -> None:
    """000 ダブル役満 「国士無双十三面待ち」, on DORA's 3-player tables too: 64,000."""
    g, win = _sanma_yakuman("19m19p19s1234567z", "1m", [("kokushi-13", 26)], 64000, dora="9p")
    claims_hold(g, "dora-sanma")
    res = replay(
        g, preset("dora-sanma").replace(double_yakuman=frozenset({"suuankou-tanki", "junsei-chuuren"}))
    )
    assert finding(res, "points-mismatch") == (32000, 64000)


def test_ron2_all_green_without_hatsu() -> None:
    """002 「緑一色は發が入っていなくても成立」: 234s 234s 666s 888s 44s is all green: 32,000."""
    g, win = _sanma_yakuman("223344s666s888s4s", "4s", [("ryuuiisou", 13)], 32000)
    claims_hold(g, "ron2-sanma")
    assert ("yaku-mismatch", win, 2) in found(
        replay(g, preset("ron2-sanma").replace(green_dragon_required=True))
    )


def test_ron2_thirteen_orphans_robs_a_closed_kan() -> None:
    """002 「国士無双の場合のみ、暗カンした牌でロンすることが可能」: East 2's dealer (seat 1) draws its
    fourth 1m and makes a closed kan; seat 2's thirteen orphans rons that 1m: 32,000."""
    h = _three(["147p258p369s1234z", "111m234p567p78s99s", "99m19p19s1234567z"])
    h.draw(1, "1m")
    kan = h.ankan(1, "1m")
    tile = h.g.events[kan].meld.tiles[0]  # type: ignore[union-attr]
    win = h.ron(
        2,
        1,
        tile=tile,
        deltas=[0, -32000, 32000],
        yaku=[("kokushi", 13)],
        fu=0,
        points=32000,
        limit="yakuman",
        yakuman=True,
    )
    claims_hold(h.g, "ron2-sanma")
    assert ("chankan-closed-kan", win, 2) in found(
        replay(h.g, preset("ron2-sanma").replace(kokushi_chankan_ankan=False))
    )


def _nagashi_not_paid_sanma() -> tuple[GameBuilder, int]:
    """East 2: seat 2 draws and throws only terminals and honors all hand long and nobody calls; the
    others throw middle tiles while any is left. Nobody is tenpai: an ordinary draw, nothing moves."""
    from test_preset_records import MIDDLE_KINDS, _fresh

    from paifu.tiles import YAOCHU_KINDS

    h = _three([None, None, "258p369p258s369s7s"])
    assert not any(h.waits(s) for s in range(3))
    middle = [k for k in MIDDLE_KINDS if k not in SANMA_REMOVED_KINDS]
    for i in range(h.live):
        seat = (h.dealer + i) % 3
        h.draw(seat, _fresh(h, list(YAOCHU_KINDS) if seat == 2 else middle + list(YAOCHU_KINDS)))
        h.discard(seat)
    return h.g, h.exhaustive([0, 0, 0])


def test_no_nagashi_mangan_on_three_player_seed_tables() -> None:
    """002 「なし…流し満貫」, 000 「流し満貫は採用されていません」 (on its 3-player tables too): a river of
    terminals and honors alone is an ordinary draw; a table that pays it expects a mangan tsumo
    (the dealer 4,000, the other 2,000: 3-player tsumo loss)."""
    g, draw = _nagashi_not_paid_sanma()
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    res = replay(g, preset("ron2-sanma").replace(nagashi_mangan=True))
    assert found(res) == [("score-delta-mismatch", draw, None)]
    assert finding(res, "score-delta-mismatch") == ((-2000, -4000, 6000), (0, 0, 0))


def test_ron2_liable_tsumo_pays_the_whole_win() -> None:
    """002 「ツモアガりの場合は全額」: East 2, seat 2 pons the dealer's 5z, seat 0's 6z and the dealer's 7z
    (the dealer is liable) and draws its second 2z: daisangen and tsuuiisou, 64,000 as a ron. The
    liable dealer pays all of it; under "liable-yakuman" it pays the daisangen (32,000) and the
    tsuuiisou is a 3-player tsumo (16,000 from the dealer, 8,000 from seat 0; the absent share is
    lost, so the record's own points are 48,000)."""
    h = _three(["19m147p258s3469s6z", "19m369p147s23577z", "36p9p1112556677z"], dora="9p")
    for (seat, dragon), out in zip(((1, "5z"), (0, "6z"), (1, "7z")), ("3p", "6p", "9p"), strict=True):
        while h.turn != seat:
            h.auto(1)
        h.draw(seat, h.safe_tile())
        h.discard(seat, dragon)
        h.pon(2, dragon * 2)
        h.discard(2, out)
    while h.turn != 2:
        h.auto(1)
    h.draw(2, "2z")
    yaku = [("daisangen", 13), ("tsuuiisou", 13)]
    win = h.tsumo(2, deltas=[0, -64000, 64000], yaku=yaku, fu=0, points=48000, limit="yakuman", yakuman=True)
    _pao(h.g, win, 1)
    assert found(replay(h.g, "ron2-sanma")) == []
    res = replay(h.g, preset("ron2-sanma").replace(pao_tsumo="liable-yakuman"))
    assert found(res) == [("score-delta-mismatch", win, 2)]
    assert finding(res, "score-delta-mismatch") == ((-8000, -48000, 56000), (0, -64000, 64000))


def test_ron2_same_turn_furiten_lets_the_farther_player_win() -> None:
    """002 「同巡フリテンの適用は、自分が牌を切って次の自分の番が回ってくるまで」 with 「頭ハネ」: East 2,
    the dealer (seat 1, pinfu 1s-4s) lets seat 2's 1s pass and is furiten until its next draw; seat 0
    then throws a 4s, and seat 2 (iipeikou pinfu 4s-7s) rons it: the nearer dealer may not, so seat 2's
    win is no head-bump (pinfu iipeikou, 30 fu 2 han: 2,000)."""
    h = _three([None, SANMA_PINFU, "234p234p678p99s56s"])
    h.auto(1)
    h.draw(2, "1s")
    h.discard(2)
    h.draw(0, "4s")
    h.discard(0)
    win = h.ron(2, 0, deltas=[-2000, 0, 2000], fu=30, points=2000, yaku=[("pinfu", 1), ("iipeikou", 1)])
    claims_hold(h.g, "ron2-sanma")
    res = replay(h.g, preset("ron2-sanma").replace(same_turn_furiten=False))
    assert found(res) == [("too-many-winners", win, 2)]
    assert finding(res, "too-many-winners") == (1, 2)
