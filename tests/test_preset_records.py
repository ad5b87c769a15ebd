"""The rules that differ between presets, each proved on whole records replayed end to end.

For every seed preset of ``shared/rules.md`` there is a hand-written record (or the twin
records two platforms would have written for the same play) whose result one preset's
source states and another preset's source contradicts. The record replays clean under the
preset whose result it claims; under the other preset the engine reports the exact
finding at the exact event and seat, with the expected and claimed values the two
sources give. Every number below is worked out by hand from the rule in the docstring
(and cross-checked against ``paifu.scoring`` by ``valuation_problems`` for the preset the
record claims). Hands are excerpts (``partial``): only the hand's own checks apply.
"""

from __future__ import annotations

from builders import GameBuilder, HandBuilder, valuation_problems

from paifu.engine.results import GameResult
from paifu.events import GameRecord, RyuukyokuKind
from paifu.pipeline import replay_record
from paifu.rules import Ruleset, preset
from paifu.rules.presets import PRESETS
from paifu.tiles import SANMA_REMOVED_KINDS, YAOCHU_KINDS

Found = list[tuple[str, int | None, int | None]]


def rules_of(rules: str | Ruleset) -> Ruleset:
    return preset(rules) if isinstance(rules, str) else rules


def replay(g: GameBuilder, rules: str | Ruleset) -> GameResult:
    return replay_record(g.record(partial=True), rules_of(rules))


def found(res: GameResult) -> Found:
    return [(f.code, f.event_index, f.seat) for f in res.findings]


def claims_hold(g: GameBuilder, rules: str | Ruleset) -> None:
    """The record is what ``rules`` says: our scorer agrees with every claim and the replay is clean."""
    rec: GameRecord = g.record(partial=True)
    assert valuation_problems(rec, rules_of(rules)) == []
    res = replay(g, rules)
    assert res.findings == [], [str(f) for f in res.findings]


def finding(res: GameResult, code: str) -> tuple[object, object]:
    """(expected, actual) of the one finding with this code."""
    (f,) = [f for f in res.findings if f.code == code]
    return f.expected, f.actual


# ====================================================================== 4-player

#: seat 1: 123m 55m 456p 789s 23s waits 1s-4s; a ron on 4s is pinfu, 30 fu 1 han = 1,000
PINFU_23S = "123m55m456p789s23s"
#: seat 2: 234m 66m 345p 678p 56s waits 4s-7s; a ron on 4s is pinfu tanyao, 30 fu 2 han = 2,000
TANYAO_56S = "234m66m345p678p56s"
#: seat 3: 456m 456p 888p 4567s waits 4s (or 7s) tanki; on 4s: tanyao, 20+10+4 (closed 888p)+2 = 36 -> 40 fu,
#: 1 han = 1,300
TANKI_4S = "456m456p888p4567s"

PINFU = dict(fu=30, points=1000, yaku=[("pinfu", 1)])
PINFU_TANYAO = dict(fu=30, points=2000, yaku=[("pinfu", 1), ("tanyao", 1)])
TANYAO_40 = dict(fu=40, points=1300, yaku=[("tanyao", 1)])


def _discard_4s(deal: list[str | None], *, honba: int = 0, sticks: int = 0) -> HandBuilder:
    """A second go-around: everyone passes once, then the dealer draws and throws a 4s."""
    g = GameBuilder()
    h = g.hand(deal, honba=honba, sticks=sticks)
    h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    return h


def test_double_ron_vs_head_bump() -> None:
    """Multiple ron. Tenhou, Qdan (004: "double ron; honba and sticks to the winner nearest the
    discarder") and the casual app (003: "2人・3人が同時にロンすることもあります(ダブロン)") let both
    players win; DORA (000: "ダブロンやトリプルロンは成立せず") bumps heads: only the first in turn
    order after the discarder wins.

    East 1, 1 honba, one riichi stick on the table; the dealer's 4s is ronned by seat 1 (pinfu,
    1,000) and seat 2 (pinfu tanyao, 2,000). The nearest winner (seat 1) takes 300 honba and the
    1,000 stick: seat 1 +2,300, seat 0 -1,300; seat 2 +2,000 from seat 0.
    """

    def game(double: bool) -> tuple[GameBuilder, list[int]]:
        h = _discard_4s([None, PINFU_23S, TANYAO_56S, None], honba=1, sticks=1)
        wins = [h.ron(1, 0, deltas=[-1300, 2300, 0, 0], **PINFU)]
        if double:
            wins.append(h.ron(2, 0, deltas=[-2000, 0, 2000, 0], honba=0, **PINFU_TANYAO))
        return h.g, wins

    g, wins = game(double=True)
    for name in ("tenhou", "mahjongsoul", "qdan", "casual"):
        claims_hold(g, name)
    for name in ("dora", "dora-tournament"):
        res = replay(g, name)
        assert found(res) == [("too-many-winners", wins[1], 2)]
        assert finding(res, "too-many-winners") == (1, 2)  # one winner allowed, two claimed
    # the head-bump record: seat 1 alone; where double ron is allowed seat 2 simply did not call
    single, _ = game(double=False)
    for name in ("dora", "dora-tournament", "tenhou", "qdan"):
        claims_hold(single, name)


def test_head_bump_gives_the_win_to_the_nearest_seat() -> None:
    """Head-bump (000, and RON2 002: "振り込んだ人から見て、ツモ順が近い人のアガリ"): when seats 1
    and 2 can both ron seat 0's 4s, a record where seat 2 alone wins is wrong under DORA (seat 1
    is nearer), yet fine on Tenhou (seat 1 may let the tile pass).
    """
    h = _discard_4s([None, PINFU_23S, TANYAO_56S, None])
    i = h.ron(2, 0, deltas=[-2000, 0, 2000, 0], **PINFU_TANYAO)
    claims_hold(h.g, "tenhou")
    res = replay(h.g, "dora")
    assert found(res) == [("too-many-winners", i, 2)]
    assert finding(res, "too-many-winners") == (1, 2)  # seat 1 should have won, not seat 2


def _triple(abort: bool) -> tuple[GameBuilder, list[int]]:
    h = _discard_4s([None, PINFU_23S, TANYAO_56S, TANKI_4S])
    if abort:
        return h.g, [h.abort(RyuukyokuKind.TRIPLE_RON)]
    return h.g, [
        h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU),
        h.ron(2, 0, deltas=[-2000, 0, 2000, 0], **PINFU_TANYAO),
        h.ron(3, 0, deltas=[-1300, 0, 0, 1300], **TANYAO_40),
    ]


def test_triple_ron_abort_vs_all_three_paid() -> None:
    """Triple ron. The casual app (003) pays all three ("放銃した人から全員に支払われます"):
    seat 0 pays 1,000 + 2,000 + 1,300. Tenhou (and Qdan, silent: the usual rule) abort the hand
    (sanchahou); DORA lets only the nearest win ("三家和による途中流局もありません"). Mahjong Soul pays
    all three too (its rules page as quoted: 「ダブロン・トリプルロンの場合，積み棒は上家取り」).
    """
    g, wins = _triple(abort=False)
    claims_hold(g, "casual")
    claims_hold(g, "mahjongsoul")
    for name in ("tenhou", "qdan"):
        assert found(replay(g, name)) == [("abort-missed", wins[2], 3)]
    assert found(replay(g, "dora")) == [("too-many-winners", wins[1], 2), ("too-many-winners", wins[2], 3)]

    g, (draw,) = _triple(abort=True)
    for name in ("tenhou", "qdan"):
        claims_hold(g, name)
    for name in ("casual", "dora", "mahjongsoul"):
        assert found(replay(g, name)) == [("abort-condition-not-met", draw, None)]


# ---------------------------------------------------------------- nagashi mangan


def _fresh(h: HandBuilder, kinds: list[int]) -> int:
    """A fresh id of the first of ``kinds`` with a copy left."""
    for k in kinds:
        t = h.pool.free(k)
        if t is not None:
            h.pool.used.add(t)
            return t
    raise ValueError("no tile left of those kinds")


MIDDLE_KINDS = [k for k in range(27) if k not in YAOCHU_KINDS]


def _nagashi_hand(paid: bool) -> tuple[GameBuilder, int]:
    """East 1: seat 1 draws and throws only terminals and honors all hand long, nobody calls.

    Everyone tsumogiris (seat 1 a terminal or honor, the others a middle tile while any is
    left); nobody is tenpai at the end.
    """
    g = GameBuilder()
    h = g.hand([None, "24568m2468p2468s", None, None])
    assert not any(h.waits(s) for s in range(4))
    for i in range(h.live):
        seat = i % 4
        h.draw(seat, _fresh(h, list(YAOCHU_KINDS) if seat == 1 else MIDDLE_KINDS + list(YAOCHU_KINDS)))
        h.discard(seat)
    assert h.draws == 70
    if paid:  # a non-dealer mangan tsumo: the dealer pays 4,000, the others 2,000 each
        return g, h.nagashi([-4000, 8000, -2000, -2000])
    return g, h.exhaustive([0, 0, 0, 0])  # all noten: nothing moves


def test_nagashi_mangan_paid_vs_not() -> None:
    """Nagashi mangan. The casual app (003: "流局のときに満貫の支払いになります", mangan: non-dealer
    8,000) and Qdan (004) pay it, as Tenhou does; DORA does not (000: "流し満貫は採用されていません
    ... 通常の流局と同じ処理になります": an ordinary exhaustive draw with noten payments).

    Seat 1 (non-dealer) qualifies: paid as a mangan tsumo, 4,000 from the dealer and 2,000 from
    each other player. Under DORA the same hand is an ordinary draw where nobody is tenpai.
    """
    g, draw = _nagashi_hand(paid=True)
    for name in ("tenhou", "casual", "qdan", "mahjongsoul"):
        claims_hold(g, name)
    for name in ("dora", "dora-tournament"):
        res = replay(g, name)
        assert found(res) == [("abort-condition-not-met", draw, None), ("score-delta-mismatch", draw, None)]
        assert finding(res, "score-delta-mismatch") == ((0, 0, 0, 0), (-4000, 8000, -2000, -2000))

    g, draw = _nagashi_hand(paid=False)
    for name in ("dora", "dora-tournament"):
        claims_hold(g, name)
    for name in ("tenhou", "casual", "qdan"):
        res = replay(g, name)
        assert found(res) == [("score-delta-mismatch", draw, None)]
        assert finding(res, "score-delta-mismatch") == ((-4000, 8000, -2000, -2000), (0, 0, 0, 0))


# ---------------------------------------------------------------- a wait on a fifth tile (karaten)


def _karaten_own_hand(tenpai: bool) -> tuple[GameBuilder, int]:
    """Seat 1 holds 1111m 234p 567p 789s: its only wait is a fifth 1m."""
    g = GameBuilder()
    h = g.hand([None, "1111m234p567p789s", None, None])
    assert h.waits(1) == {0}
    if tenpai:  # one tenpai: +3,000, 1,000 from each noten player
        return g, h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
    return g, h.run_out([0, 0, 0, 0])


def test_wait_on_a_fifth_tile_all_four_in_own_hand() -> None:
    """Karaten with all four copies in the own hand. The casual app (003: "待ち牌を自分で4枚使い切って
    いても同じです": tenpai) and Mahjong Soul count it (RON2's "空聴牌" too, see the 3-player test);
    DORA does not (000: "すでに4枚すべてが自分の手牌や場に見えており ... テンパイになりません"), nor Tenhou
    (all four in the own hand is noten there).
    """
    g, draw = _karaten_own_hand(tenpai=True)
    for name in ("casual", "mahjongsoul"):
        claims_hold(g, name)
    for name in ("tenhou", "dora", "qdan"):
        res = replay(g, name)
        assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
        assert finding(res, "tenpai-mismatch") == ((), (1,))
        assert finding(res, "score-delta-mismatch") == ((0, 0, 0, 0), (-1000, 3000, -1000, -1000))

    g, draw = _karaten_own_hand(tenpai=False)
    for name in ("tenhou", "dora", "qdan"):
        claims_hold(g, name)
    for name in ("casual", "mahjongsoul"):
        res = replay(g, name)
        assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
        assert finding(res, "tenpai-mismatch") == ((1,), ())
        assert finding(res, "score-delta-mismatch") == ((-1000, 3000, -1000, -1000), (0, 0, 0, 0))


def _karaten_visible(tenpai: bool) -> tuple[GameBuilder, int]:
    """Seat 1 waits on 9m alone (123p 456p 789s 111z 9m tanki); seats 2, 3 and 0 each draw and
    throw one of the other three 9m, so all four are visible but only one is in seat 1's hand."""
    g = GameBuilder()
    h = g.hand([None, "123p456p789s111z9m", None, None])
    assert h.waits(1) == {8}
    h.auto(2)
    for seat in (2, 3, 0):
        h.draw(seat, "9m")
        h.discard(seat)
    h.auto(1)
    if tenpai:
        return g, h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
    return g, h.run_out([0, 0, 0, 0])


def test_wait_on_a_fifth_tile_visible_on_the_table() -> None:
    """Karaten with the copies visible on the table. DORA (000: "自分の手牌や場に見えており") counts
    the table: noten. Tenhou only counts the own hand (tenpai here), and the casual app counts any
    karaten as tenpai.
    """
    g, draw = _karaten_visible(tenpai=True)
    for name in ("tenhou", "casual", "mahjongsoul", "qdan"):
        claims_hold(g, name)
    res = replay(g, "dora")
    assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
    assert finding(res, "tenpai-mismatch") == ((), (1,))

    g, draw = _karaten_visible(tenpai=False)
    claims_hold(g, "dora")
    res = replay(g, "tenhou")
    assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
    assert finding(res, "score-delta-mismatch") == ((-1000, 3000, -1000, -1000), (0, 0, 0, 0))


# ---------------------------------------------------------------- scoring: fu and rounding

#: a user preset in TOML, as ``Ruleset.from_toml`` reads it: the casual app with 2 fu for a double-wind pair
CASUAL_2FU = Ruleset.from_toml('base = "casual"\nname = "casual-2fu"\ndouble_wind_fu = 2\n')
#: a user preset with kiriage mangan (4 han 30 fu and 3 han 60 fu paid as mangan)
CASUAL_KIRIAGE = Ruleset.from_toml('base = "casual"\nname = "casual-kiriage"\nkiriage = true\n')


def _double_wind_pair(fu: int, points: int) -> tuple[GameBuilder, int]:
    """East 1: the dealer (seat wind East in the East round) holds 11z 555z 123m 456p 23s and rons
    seat 1's 4s. Haku 1 han; fu 20 + 10 (closed ron) + 8 (closed 555z) + the East pair (4 or 2),
    ryanmen 0: 42 -> 50 fu or 40 fu. Dealer 1 han: 50 fu 50*8*6 = 2,400; 40 fu 40*8*6 = 1,920 -> 2,000."""
    g = GameBuilder()
    h = g.hand(["11z555z123m456p23s", None, None, None])
    h.auto(1)
    h.draw(1, "4s")
    h.discard(1)
    return g, h.ron(0, 1, deltas=[points, -points, 0, 0], fu=fu, points=points, yaku=[("yakuhai-haku", 1)])


def test_double_wind_pair_4_fu_vs_2_fu() -> None:
    """A pair of the seat wind that is also the round wind. RON2 (002: "連風牌が雀頭のときは4符") and the
    casual app (003: "連風牌は+4符") give 4 fu; no shipped preset differs (Tenhou and Mahjong Soul give 4
    too), so the 2-fu side is a user TOML preset (the pro-league rule). 4 fu makes 42 -> 50 fu
    (2,400) where 2 fu makes 40 fu (2,000).
    """
    assert {name: r.double_wind_fu for name, r in PRESETS.items()} == dict.fromkeys(PRESETS, 4)
    g, win = _double_wind_pair(50, 2400)
    for name in ("casual", "tenhou", "dora", "qdan"):
        claims_hold(g, name)
    res = replay(g, CASUAL_2FU)
    assert found(res) == [
        ("fu-mismatch", win, 0),
        ("points-mismatch", win, 0),
        ("score-delta-mismatch", win, 0),
    ]
    assert finding(res, "fu-mismatch") == (40, 50)
    assert finding(res, "points-mismatch") == (2000, 2400)

    g, win = _double_wind_pair(40, 2000)
    claims_hold(g, CASUAL_2FU)
    res = replay(g, "casual")
    assert found(res) == [
        ("fu-mismatch", win, 0),
        ("points-mismatch", win, 0),
        ("score-delta-mismatch", win, 0),
    ]
    assert finding(res, "fu-mismatch") == (50, 40)
    assert finding(res, "points-mismatch") == (2400, 2000)


def _four_han_30_fu(points: int) -> tuple[GameBuilder, int]:
    """Seat 1 holds 234m 234m 567p 66s 78s (dora indicator 4p: the 5p is dora) and rons seat 2's 6s:
    pinfu, tanyao, iipeikou and one dora, 4 han 30 fu: 30 * 2**6 * 4 = 7,680 -> 7,700."""
    g = GameBuilder()
    h = g.hand(["258m369p147s5677z", "234m234m567p66s78s", "369m147p258s1567z", None], dora="4p")
    h.auto(2)
    h.draw(2, "6s")
    h.discard(2)
    return g, h.ron(
        1,
        2,
        deltas=[0, points, -points, 0],
        fu=30,
        points=points,
        yaku=[("pinfu", 1), ("tanyao", 1), ("iipeikou", 1), ("dora", 1)],
    )


def test_kiriage_mangan() -> None:
    """Rounding 4 han 30 fu up to mangan. The casual app states it is not done (003: "4翻30符は7700点の
    ままです"); no shipped seed or Tenhou or Mahjong Soul preset rounds up, so the other side is a user
    TOML preset with ``kiriage = true``: 8,000.
    """
    # their rules: test_league_presets, and the Riichi City tournament records (test_riichi_city)
    assert [n for n, r in PRESETS.items() if r.kiriage] == ["riichicity-sanma-tournament", "mleague"]
    g, win = _four_han_30_fu(7700)
    for name in ("casual", "tenhou", "mahjongsoul", "dora", "qdan"):
        claims_hold(g, name)
    res = replay(g, CASUAL_KIRIAGE)
    assert found(res) == [("points-mismatch", win, 1), ("score-delta-mismatch", win, 1)]
    assert finding(res, "points-mismatch") == (8000, 7700)
    assert finding(res, "score-delta-mismatch") == ((0, 8000, -8000, 0), (0, 7700, -7700, 0))

    g, win = _four_han_30_fu(8000)
    claims_hold(g, CASUAL_KIRIAGE)
    res = replay(g, "casual")
    assert found(res) == [("points-mismatch", win, 1), ("score-delta-mismatch", win, 1)]
    assert finding(res, "points-mismatch") == (7700, 8000)


# ---------------------------------------------------------------- aborts and dealer repeats


def _nine_terminals_abort() -> tuple[GameBuilder, int]:
    g = GameBuilder()
    h = g.hand([None, "19m19p1s1234z2m3p45s", None, None])
    h.auto(1)
    h.draw(1, h.safe_tile())
    return g, h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=1)


def test_nine_terminals_abort() -> None:
    """Nine terminals. DORA does not have it (000: "九種九牌による途中流局は採用されていません"); the
    casual app (003) and Qdan (004) do, as Tenhou does. Seat 1 declares on its first draw with
    1m 9m 1p 9p 1s and East..North: nine kinds.
    """
    g, draw = _nine_terminals_abort()
    for name in ("tenhou", "casual", "qdan"):
        claims_hold(g, name)
    for name in ("dora", "dora-tournament"):
        assert found(replay(g, name)) == [("abort-condition-not-met", draw, None)]


def _dealer_wins_then_next_hand(tournament: bool) -> tuple[GameBuilder, int]:
    """East 1: the dealer rons seat 1's 4s (pinfu, dealer 30 fu 1 han: 30*8*6 = 1,440 -> 1,500).
    The next hand is East 1 with 1 honba (dealer repeats) or East 2 with the seat moved on."""
    g = GameBuilder()
    h = g.hand([PINFU_23S, None, None, None])
    h.auto(1)
    h.draw(1, "4s")
    h.discard(1)
    h.ron(0, 1, deltas=[1500, -1500, 0, 0], **{**PINFU, "points": 1500})
    start = len(g.events)
    h = g.hand([None] * 4, hand_number=1 if tournament else 0, honba=0 if tournament else 1)
    h.run_out()
    return g, start


def test_dealer_repeat_vs_never_in_tournament_rounds() -> None:
    """Dealer repeats. DORA tournament rounds never repeat (000: "親がアガった場合でも同じ局を繰り返さず、
    次の局へ進む"); DORA's ordinary tables and Tenhou repeat after a dealer win (East 1, 1 honba).
    The hand start is (round, hand, honba, sticks, dealer).
    """
    g, second = _dealer_wins_then_next_hand(tournament=True)
    claims_hold(g, "dora-tournament")
    res = replay(g, "dora")
    assert found(res) == [("hand-start-mismatch", second, None)]
    assert finding(res, "hand-start-mismatch") == ((0, 0, 1, 0, 0), (0, 1, 0, 0, 1))

    g, second = _dealer_wins_then_next_hand(tournament=False)
    for name in ("dora", "tenhou", "casual"):
        claims_hold(g, name)
    res = replay(g, "dora-tournament")
    assert found(res) == [("hand-start-mismatch", second, None)]
    assert finding(res, "hand-start-mismatch") == ((0, 1, 0, 0, 1), (0, 0, 1, 0, 0))


# ====================================================================== 3-player

#: far from tenpai, no 2m..8m (they are not in the 108-tile set)
SANMA_FAR = ("19m147p258s13567z", "19m369p147s24677z")
#: 11m 123p 456p 789s 23s waits 1s-4s; a ron on 4s is pinfu, 30 fu 1 han = 1,000
SANMA_PINFU = "11m123p456p789s23s"


def _sanma(hands: list[str | None], *, honba: int = 0) -> HandBuilder:
    """East 2 of a 3-player game (seat 1 deals); an excerpt, so the start points are not judged.

    Safe filler tiles never come from 2m..8m; ``None`` seats get far-from-tenpai hands.
    """
    g = GameBuilder(("A", "B", "C"), go_type=None, start_points=35000)
    far = iter(SANMA_FAR)
    h = g.hand([x if x is not None else next(far) for x in hands], hand_number=1, honba=honba)
    assert h.dealer == 1 and h.live == 55
    h.fill_kinds = [k for k in h.fill_kinds if k not in SANMA_REMOVED_KINDS]
    return h


#: every claimed number of a win differs: the findings, in the engine's order
WIN_CODES = ("yaku-mismatch", "han-mismatch", "fu-mismatch", "points-mismatch", "score-delta-mismatch")


def _renhou(ron2: bool) -> tuple[GameBuilder, int]:
    """Seat 2 rons the dealer's (seat 1's) first discard, a 4s, before its own first draw."""
    h = _sanma([None, None, SANMA_PINFU])
    h.draw(1, "4s")
    h.discard(1)
    if ron2:  # renhou is a mangan: 8,000 from a non-dealer's ron
        return h.g, h.ron(
            2, 1, deltas=[0, -8000, 8000], fu=0, points=8000, limit="mangan", yaku=[("renhou", 5)]
        )
    return h.g, h.ron(2, 1, deltas=[0, -1000, 1000], **PINFU)


def test_renhou_mangan_vs_none() -> None:
    """Renhou. RON2 (002: "人和（レンホウ）は満貫です。他の役と重複しません ... 子が1巡目のツモの前に他家
    が切った牌でアガった時") pays a mangan, 8,000, instead of the hand's own 1 han (the higher is
    taken); Tenhou has no renhou: the same ron is pinfu, 1,000.
    """
    g, win = _renhou(ron2=True)
    claims_hold(g, "ron2-sanma")
    res = replay(g, "tenhou-sanma")
    assert found(res) == [(code, win, 2) for code in WIN_CODES]
    assert finding(res, "yaku-mismatch") == ((("pinfu", 1),), (("renhou", 5),))
    assert finding(res, "points-mismatch") == (1000, 8000)
    assert finding(res, "score-delta-mismatch") == ((0, -1000, 1000), (0, -8000, 8000))

    g, win = _renhou(ron2=False)
    for name in ("tenhou-sanma", "dora-sanma"):
        claims_hold(g, name)
    res = replay(g, "ron2-sanma")
    assert found(res) == [(code, win, 2) for code in WIN_CODES]
    assert finding(res, "han-mismatch") == (5, 1)
    assert finding(res, "points-mismatch") == (8000, 1000)
    assert finding(res, "score-delta-mismatch") == ((0, -8000, 8000), (0, -1000, 1000))


def _sanma_ron_with_honba(honba_value: int) -> tuple[GameBuilder, int]:
    """East 2, 1 honba: after its own first turn seat 2 rons seat 0's 4s (pinfu 1,000) plus one honba."""
    h = _sanma([None, None, SANMA_PINFU], honba=1)
    h.auto(2)
    h.draw(0, "4s")
    h.discard(0)
    pay = 1000 + honba_value
    return h.g, h.ron(2, 0, deltas=[-pay, 0, pay], **PINFU)


def test_sanma_honba_600_vs_200() -> None:
    """Honba on a 3-player ron. RON2: 600 per honba (002: "一本場は600点となります"); Tenhou's 3-player
    lobby: 200 (100 from each of two payers on a tsumo). The pinfu ron at 1 honba is 1,600 vs 1,200.
    """
    g, win = _sanma_ron_with_honba(600)
    claims_hold(g, "ron2-sanma")
    res = replay(g, "tenhou-sanma")
    assert found(res) == [("score-delta-mismatch", win, 2)]
    assert finding(res, "score-delta-mismatch") == ((-1200, 0, 1200), (-1600, 0, 1600))

    g, win = _sanma_ron_with_honba(200)
    claims_hold(g, "tenhou-sanma")
    res = replay(g, "ron2-sanma")
    assert found(res) == [("score-delta-mismatch", win, 2)]
    assert finding(res, "score-delta-mismatch") == ((-1600, 0, 1600), (-1200, 0, 1200))


def _sanma_one_tenpai(total: int, hand: str = SANMA_PINFU) -> tuple[GameBuilder, int]:
    """Seat 2 alone tenpai at the exhaustive draw: it takes ``total``, each noten seat pays half."""
    h = _sanma(["99m147p258s13567z", "99m369p147s12467z", hand])
    return h.g, h.run_out([-total // 2, -total // 2, total], tenpai=[2])


def test_sanma_noten_payment_3000_vs_2000() -> None:
    """Noten payments at a 3-player exhaustive draw. RON2: 3,000 in all (002: "ノーテン罰符は、場に
    3,000点": one tenpai takes 3,000, 1,500 from each noten player); Tenhou's 3-player lobby: 1,000
    from each noten player (2,000).
    """
    g, draw = _sanma_one_tenpai(3000)
    claims_hold(g, "ron2-sanma")
    res = replay(g, "tenhou-sanma")
    assert found(res) == [("score-delta-mismatch", draw, None)]
    assert finding(res, "score-delta-mismatch") == ((-1000, -1000, 2000), (-1500, -1500, 3000))

    g, draw = _sanma_one_tenpai(2000)
    claims_hold(g, "tenhou-sanma")
    res = replay(g, "ron2-sanma")
    assert found(res) == [("score-delta-mismatch", draw, None)]
    assert finding(res, "score-delta-mismatch") == ((-1500, -1500, 3000), (-1000, -1000, 2000))


def test_sanma_wait_on_a_fifth_tile() -> None:
    """Karaten in 3-player. RON2 counts it (002: "形式聴牌、空聴牌ともに聴牌と認めます"); DORA's
    3-player tables do not (000, "same" as 4-player), nor Tenhou's. 1111m 123p 456p 789s waits only
    on a fifth 1m.
    """
    g, draw = _sanma_one_tenpai(3000, hand="1111m123p456p789s")
    claims_hold(g, "ron2-sanma")
    for name in ("dora-sanma", "tenhou-sanma"):
        res = replay(g, name)
        assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
        assert finding(res, "tenpai-mismatch") == ((), (2,))
        assert finding(res, "score-delta-mismatch") == ((0, 0, 0), (-1500, -1500, 3000))


def _sanma_double_ron(double: bool) -> tuple[GameBuilder, list[int]]:
    """Seat 0 throws a 4s; the dealer (seat 1, next in turn) and seat 2 can both ron it.

    Seat 1: 99m 123p 456p 789s 23s, pinfu, dealer 30 fu 1 han: 30*8*6 = 1,440 -> 1,500.
    Seat 2: 234p 234p 678p 99s 56s, pinfu iipeikou, 30 fu 2 han: 30*16*4 = 1,920 -> 2,000.
    """
    h = _sanma([None, "99m123p456p789s23s", "234p234p678p99s56s"])
    h.auto(2)
    h.draw(0, "4s")
    h.discard(0)
    wins = [h.ron(1, 0, deltas=[-1500, 1500, 0], **{**PINFU, "points": 1500})]
    if double:
        wins.append(
            h.ron(2, 0, deltas=[-2000, 0, 2000], fu=30, points=2000, yaku=[("pinfu", 1), ("iipeikou", 1)])
        )
    return h.g, wins


def test_sanma_double_ron_vs_head_bump() -> None:
    """Multiple ron in 3-player. Tenhou's 3-player lobby allows a double ron; RON2 (002: "ダブロンは
    ありません。頭ハネ") and DORA's 3-player tables (000) bump heads.
    """
    g, wins = _sanma_double_ron(double=True)
    claims_hold(g, "tenhou-sanma")
    for name in ("ron2-sanma", "dora-sanma"):
        res = replay(g, name)
        assert found(res) == [("too-many-winners", wins[1], 2)]
        assert finding(res, "too-many-winners") == (1, 2)
    g, _ = _sanma_double_ron(double=False)
    for name in ("ron2-sanma", "dora-sanma", "tenhou-sanma"):
        claims_hold(g, name)


#: a user preset: RON2 with the absent seat's tsumo share split between the two payers
RON2_SPLIT = Ruleset.from_toml('base = "ron2-sanma"\nname = "ron2-split"\nsanma_tsumo = "split"\n')


def _rinshan_tsumo(fu: int, each: int) -> tuple[GameBuilder, int]:
    """The dealer (seat 1) holds 222p 333s 789p 99s 45s, draws the fourth 2p, makes a closed kan and
    wins on the replacement 6s: menzen tsumo + rinshan, 2 han. Fu 20 + 16 (closed kan of a simple) +
    4 (closed 333s), ryanmen, pair of 9s: 40, plus 2 for the tsumo where the rule gives it: 42 -> 50."""
    h = _sanma([None, "222p333s789p99s45s", None])
    h.auto(3)
    h.draw(1, "2p")
    h.ankan(1, "2p")
    h.new_dora("9p")
    h.draw(1, "6s")
    return h.g, h.tsumo(
        1, deltas=[-each, 2 * each, -each], fu=fu, points=2 * each, yaku=[("menzen-tsumo", 1), ("rinshan", 1)]
    )


def test_rinshan_tsumo_fu_and_sanma_tsumo_loss() -> None:
    """No tsumo fu on a rinshan win. RON2 (002: "嶺上開花はツモの2符はつきません"): 40 fu, dealer 2 han
    tsumo 40*16 = 640 basic, each of the two payers 2*640 = 1,280 -> 1,300 (the absent seat's share
    is lost: tsumo loss, the shipped choice of every 3-player preset, all sources silent); Tenhou's
    3-player lobby adds the 2 fu: 50 fu, 800 basic, 1,600 each. Under a user preset that splits the
    absent share (``sanma_tsumo = "split"``) each payer adds half of it: 3*640 = 1,920 -> 2,000.
    """
    assert {r.sanma_tsumo for r in PRESETS.values() if r.sanma} == {"loss"}
    g, win = _rinshan_tsumo(40, 1300)
    claims_hold(g, "ron2-sanma")
    res = replay(g, "tenhou-sanma")
    assert found(res) == [
        ("fu-mismatch", win, 1),
        ("points-mismatch", win, 1),
        ("score-delta-mismatch", win, 1),
    ]
    assert finding(res, "fu-mismatch") == (50, 40)
    assert finding(res, "score-delta-mismatch") == ((-1600, 3200, -1600), (-1300, 2600, -1300))
    res = replay(g, RON2_SPLIT)
    assert found(res) == [("points-mismatch", win, 1), ("score-delta-mismatch", win, 1)]
    assert finding(res, "score-delta-mismatch") == ((-2000, 4000, -2000), (-1300, 2600, -1300))

    g, win = _rinshan_tsumo(50, 1600)
    claims_hold(g, "tenhou-sanma")
    res = replay(g, "ron2-sanma")
    assert finding(res, "fu-mismatch") == (40, 50)
    assert finding(res, "score-delta-mismatch") == ((-1300, 2600, -1300), (-1600, 3200, -1600))


def _kita_then_draw() -> tuple[GameBuilder, int]:
    """Seat 0 draws a North on its first turn, sets it aside (kita), draws a replacement and throws
    it; the hand runs out with everyone noten."""
    h = _sanma([None, None, "99m258p369s12357z"])
    h.auto(2)
    h.draw(0, "4z")
    i = h.kita(0)
    h.draw(0, h.safe_tile())
    h.discard(0)
    h.run_out([0, 0, 0])
    return h.g, i


def test_kita_vs_no_kita() -> None:
    """Pulling a North (kita). DORA's 3-player tables have it (000: "pulling North is optional and only
    on one's own turn ... a replacement comes from the dead wall"), as Tenhou's do; the RON2 rules
    list no kita, so the RON2 preset treats North as an ordinary honor and a pulled North is an
    illegal call.
    """
    g, i = _kita_then_draw()
    for name in ("dora-sanma", "tenhou-sanma"):
        claims_hold(g, name)
    res = replay(g, "ron2-sanma")
    assert found(res) == [("illegal-call", i, 0)]
    assert "kita is not part of this ruleset" in res.findings[0].message


def _north_triplet_ron() -> tuple[GameBuilder, int]:
    """Seat 2 keeps 444z (Norths not pulled) with 123p 456p 99s 78s and rons seat 0's 6s.
    As a value tile: 1 han; fu 20 + 10 (closed ron) + 8 (closed honor triplet) = 38 -> 40;
    40*8*4 = 1,280 -> 1,300."""
    h = _sanma([None, None, "444z123p456p99s78s"])
    h.auto(2)
    h.draw(0, "6s")
    h.discard(0)
    return h.g, h.ron(2, 0, deltas=[-1300, 0, 1300], fu=40, points=1300, yaku=[("yakuhai-north", 1)])


def test_north_kept_in_hand_is_a_value_tile() -> None:
    """A North kept in the hand. DORA's 3-player tables (000: "North kept in hand is a yakuhai
    (1 han)") count a North triplet as a yaku; Tenhou's 3-player lobby and RON2 do not, so the same
    ron has no yaku there.
    """
    g, win = _north_triplet_ron()
    claims_hold(g, "dora-sanma")
    for name in ("tenhou-sanma", "ron2-sanma"):
        res = replay(g, name)
        assert found(res) == [("no-yaku", win, 2)]


def _three_winds() -> tuple[GameBuilder, int]:
    """Every player's first discard is East (in turn order: dealer seat 1, seat 2, seat 0)."""
    h = _sanma(["19m147p258s13567z", "19m369p147s12467z", "99m258p369s12357z"])
    for seat in (1, 2, 0):
        h.draw(seat, h.safe_tile())
        h.discard(seat, "1z")
    return h.g, h.abort(RyuukyokuKind.FOUR_WINDS)


def test_three_winds_abort() -> None:
    """Three winds. DORA's 3-player tables abort when all three throw the same wind first (000:
    "three players same wind"); RON2 lists only nine terminals and four kans as abortive draws
    (002: "九種九牌、四カン算了による流局").
    """
    g, draw = _three_winds()
    claims_hold(g, "dora-sanma")
    assert found(replay(g, "ron2-sanma")) == [("abort-condition-not-met", draw, None)]


def _sanma_nine_terminals() -> tuple[GameBuilder, int]:
    """Seat 2 declares on its first draw holding 1m 9m 1p 9p 1s and East..North: nine kinds."""
    h = _sanma([None, None, "19m19p1s1234z3p45s6s"])
    h.auto(1)
    h.draw(2, h.safe_tile())
    return h.g, h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=2)


def test_sanma_nine_terminals_abort() -> None:
    """Nine terminals in 3-player. RON2 allows it (002: "子の場合はポン、カンが無い第１巡目に牌を
    つもった時点で1、9、字牌が九種類九牌以上あった場合、九種九牌で流局とすることが可能"); DORA's
    3-player tables do not (000).
    """
    g, draw = _sanma_nine_terminals()
    for name in ("ron2-sanma", "tenhou-sanma"):
        claims_hold(g, name)
    assert found(replay(g, "dora-sanma")) == [("abort-condition-not-met", draw, None)]
