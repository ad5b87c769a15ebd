"""The values a seed preset chooses where its source is silent (or states in passing) are pinned by
records too (``tests/test_seed_pins.py``): each test here shows that the preset plays the value it
cites, on a record clean under it that a table with another value flags, or on a flagged twin that
such a table would pass. Most records are the other rule tests' own, replayed under the presets
that make the same choice; numbers are worked out in those records' docstrings.
"""

from __future__ import annotations

from builders import GameBuilder
from test_preset_records import _triple, claims_hold, finding, found, replay
from test_seed_pin_records import (
    DORA_BOTH,
    SANMA_PINFU,
    _dragons_pao,
    _riichi_on_1000,
    _ron2_riichi_kan,
    _three,
    game_holds,
)

from paifu.events import RyuukyokuKind
from paifu.rules import preset


def _sanma_red_win() -> GameBuilder:
    """East 2 of a 3-player game: after a go-around seat 2 (11m 123p 406p 789s 23s: the 0p is copy 0
    of 5p) rons seat 0's 4s: pinfu and an aka-dora, 30 fu 2 han, 2,000 (1,000 without red fives)."""
    h = _three([None, None, "11m123p406p789s23s"])
    h.auto(2)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(2, 0, deltas=[-2000, 0, 2000], fu=30, points=2000, yaku=[("pinfu", 1), ("aka-dora", 1)])
    return h.g


def _four_han_30_fu_sanma() -> tuple[GameBuilder, int]:
    """East 2 of a 3-player game (dora indicator 9p: 1p is dora): seat 2 (11m 123p 406p 789s 23s)
    declares riichi on its second turn; a go-around later it rons seat 0's 4s: riichi, pinfu, an
    aka-dora and a dora, 4 han 30 fu, 7,700 (8,000 where it rounds up to mangan) and the stick."""
    h = _three([None, None, "11m123p406p789s23s"], dora="9p")
    h.auto(4)
    h.draw(2, h.safe_tile())
    h.riichi(2)
    h.auto(3)
    h.draw(0, "4s")
    h.discard(0)
    win = h.ron(
        2,
        0,
        deltas=[-7700, 0, 8700],
        fu=30,
        points=7700,
        yaku=[("riichi", 1), ("pinfu", 1), ("dora", 1), ("aka-dora", 1)],
    )
    return h.g, win


# ---------------------------------------------------------------- riichi and its wall


def test_riichi_needs_1000_points_and_a_draw_of_ones_own_on_dora() -> None:
    """DORA (000 states riichi is closed only; the points and the draw left are our choice, as Tenhou
    plays): a player on exactly 1,000 may declare, with four players or three, and so may one with 4
    tiles left in the live wall (four players)."""
    from test_seed_rules import _late_riichi

    g, declared = _riichi_on_1000(sanma=False)
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert found(replay(g, preset("dora").replace(riichi_min_points=2000))) == [
        ("riichi-insufficient-points", declared, 0)
    ]
    g, declared = _riichi_on_1000(sanma=True)
    claims_hold(g, "dora-sanma")
    g, declared = _late_riichi(1, 4)
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert found(replay(g, preset("dora").replace(riichi_min_wall=5))) == [
        ("riichi-no-draws-left", declared, 1)
    ]


# ---------------------------------------------------------------- dora


def test_red_fives_ura_and_kan_ura_on_dora() -> None:
    """DORA (000 shows a red 5 beside a plain 5, no count; ura and kan ura unstated: our choice, as
    Tenhou plays) counts a red 5m as an aka-dora and the ura under a kan dora, four players or three;
    RON2's 2-red floor counts the red 5p (002 has 赤2枚 and 赤4枚 floors)."""
    from test_seed_rules import _riichi_after_closed_kan
    from test_table_rules import _red_win

    g = _red_win(claim_aka=True)
    for name in DORA_BOTH:
        claims_hold(g, name)
    g, _ = _riichi_after_closed_kan()
    for name in DORA_BOTH:
        claims_hold(g, name)
    assert finding(replay(g, preset("dora").replace(kan_ura=False)), "points-mismatch") == (3200, 12000)
    g = _sanma_red_win()
    for name in ("dora-sanma", "ron2-sanma"):
        claims_hold(g, name)
    assert finding(replay(g, preset("dora-sanma").replace(red_fives=(0, 0, 0))), "points-mismatch") == (
        1000,
        2000,
    )
    g, _ = _ron2_riichi_kan(start=35000)
    claims_hold(g, "dora-sanma")
    assert finding(replay(g, preset("dora-sanma").replace(kan_ura=False)), "points-mismatch") == (1600, 8000)


def test_no_rounding_up_to_mangan_on_dora() -> None:
    """DORA (000 silent: our choice) leaves 4 han 30 fu at 7,700, four players or three."""
    from test_preset_records import _four_han_30_fu

    g, win = _four_han_30_fu(7700)
    claims_hold(g, "dora-tournament")
    g, win = _four_han_30_fu_sanma()
    claims_hold(g, "dora-sanma")
    assert finding(replay(g, preset("dora-sanma").replace(kiriage=True)), "points-mismatch") == (8000, 7700)


# ---------------------------------------------------------------- calls and yaku


def test_open_tanyao_and_no_swap_calls_on_the_portals() -> None:
    """Open tanyao on the casual app and Qdan (003, 004 silent: our choice, as Tenhou plays); a
    swap-call discard is refused on Qdan (004 silent: our choice) as on the casual app."""
    from test_seed_pin_records import _open_tanyao, _swap_call

    g, _ = _open_tanyao(sanma=False)
    for name in ("casual", "qdan"):
        claims_hold(g, name)
    g, swap = _swap_call(sanma=False)
    assert found(replay(g, "qdan")) == [("kuikae", swap, 1)]


def test_keishiki_tenpai_on_qdan() -> None:
    """Qdan (004 silent: our choice) counts an open hand with no yaku on its waits as tenpai."""
    from test_seed_rules import _open_no_yaku_tenpai

    g, _ = _open_no_yaku_tenpai()
    claims_hold(g, "qdan")


def _sanma_chi() -> tuple[GameBuilder, int]:
    """East 2 of a 3-player game: seat 2 chis the dealer's (seat 1's) 4p with 56p and throws a 9m;
    the hand runs out with nobody tenpai."""
    h = _three([None, None, "56p19m19s1234567z"])
    h.draw(1, "4p")
    h.discard(1)
    chi = h.chi(2, "56p")
    h.discard(2, "9m")
    h.run_out()
    return h.g, chi


def test_no_chi_with_three_players() -> None:
    """002 「チー・・・三人麻雀ではチーはできません」 (and DORA's 3-player tables: our choice): a chi is
    refused; a 3-player table that allows it (a rules file's ``chi = true``) takes it from the left."""
    g, chi = _sanma_chi()
    for name in ("ron2-sanma", "dora-sanma"):
        assert found(replay(g, name)) == [("illegal-call", chi, 2)]
    claims_hold(g, preset("ron2-sanma").replace(chi=True))


def test_the_liable_player_pays_a_daisangen_on_dora_and_qdan() -> None:
    """Daisangen liability on DORA and Qdan (000, 004 silent: our choice, as Tenhou plays): the tsumo
    is paid by the player whose dragon completed the three; on DORA's 3-player tables the ron is
    split with the discarder, who pays the honba (300 a stick there)."""
    g, win = _dragons_pao(sanma=False)
    for name in ("qdan", *DORA_BOTH):
        assert found(replay(g, name)) == [], name
    g, win = _dragons_pao(sanma=True, honba_value=300)
    assert found(replay(g, "dora-sanma")) == []
    res = replay(g, preset("dora-sanma").replace(pao=frozenset({"daisuushii"})))
    assert ("score-delta-mismatch", win, 2) in found(res)


# ---------------------------------------------------------------- furiten


def _passes_then_rons(riichi: bool) -> tuple[GameBuilder, int]:
    """Seat 2 (234m 66m 345p 678p 56s) waits on 4s-7s with pinfu and tanyao. Seat 0 throws a 4s,
    which seat 2 lets pass; then seat 1 throws a 7s and seat 2 rons it, in the same go-around
    (same-turn furiten), or, where ``riichi`` (declared a go-around earlier), after seat 2's next draw
    (only the riichi's furiten holds): pinfu tanyao 30 fu, 2,000 (with the riichi 3 han, 3,900, and
    the stick)."""
    g = GameBuilder(go_type=None)
    h = g.hand([None, None, "234m66m345p678p56s", None])
    if riichi:
        h.auto(6)
        h.draw(2, h.safe_tile())
        h.riichi(2)
        h.auto(1)
    else:
        h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    if riichi:
        h.auto(4)
    h.draw(1, "7s")
    h.discard(1)
    if riichi:
        return g, h.ron(
            2,
            1,
            deltas=[0, -3900, 4900, 0],
            fu=30,
            points=3900,
            yaku=[("riichi", 1), ("pinfu", 1), ("tanyao", 1)],
        )
    return g, h.ron(2, 1, deltas=[0, -2000, 2000, 0], fu=30, points=2000, yaku=[("pinfu", 1), ("tanyao", 1)])


def test_a_ron_let_pass_makes_furiten_on_every_seed_table() -> None:
    """003 「同巡フリテン | ロンできる牌を見送った」「リーチ後の見逃し | その局のあいだ、ずっとロン不可」, 004
    「ロンできた牌を見逃すと、次に自分が牌を引くまでロンできません」「リーチのあとに見逃すと、その局のあいだずっと
    ロンできません」, and DORA (000 states discard furiten only: our choice, as Tenhou plays): a tile the
    hand could ron, let pass, bars a ron until the own next draw, and in riichi for the hand. The
    twins are flagged; a table without that furiten would pass them."""
    g, win = _passes_then_rons(riichi=False)
    for name in ("casual", "qdan", *DORA_BOTH):
        assert found(replay(g, name)) == [("furiten-ron", win, 2)], name
    claims_hold(g, preset("casual").replace(same_turn_furiten=False))
    g, win = _passes_then_rons(riichi=True)
    for name in ("casual", "qdan"):
        assert found(replay(g, name)) == [("furiten-ron", win, 2)], name
    claims_hold(g, preset("qdan").replace(riichi_furiten=False))


def test_dora_sanma_same_turn_furiten_lets_the_farther_player_win() -> None:
    """DORA's 3-player tables (same-turn furiten, our choice; head-bump, 000) let the farther player
    win over a nearer one who let the tile's twin pass this turn, as RON2's do."""
    from test_seed_pin_records import test_ron2_same_turn_furiten_lets_the_farther_player_win as ron2

    h = _three([None, SANMA_PINFU, "234p234p678p99s56s"])
    h.auto(1)
    h.draw(2, "1s")
    h.discard(2)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(2, 0, deltas=[-2000, 0, 2000], fu=30, points=2000, yaku=[("pinfu", 1), ("iipeikou", 1)])
    claims_hold(h.g, "dora-sanma")
    assert ron2.__doc__  # the same record, RON2's


# ---------------------------------------------------------------- draws, honba and the end


def test_dora_sanma_abortive_draw_keeps_the_deal() -> None:
    """DORA's 3-player tables (000 「3人全員が最初の捨て牌として同じ風牌を捨てると…流局」; the deal after
    it is our choice, as its 4-player tables repeat): East 2's three first discards are West, the
    hand aborts and East 2 is dealt again with 1 honba."""
    h = _three(["19m147p258s13567z", "19m258p369s23467z", "19m369p147s13457z"])
    for seat in (1, 2, 0):
        h.draw(seat, h.safe_tile())
        h.discard(seat, "3z")
    h.abort(RyuukyokuKind.FOUR_WINDS)
    again = len(h.g.events)
    _three([None] * 3, honba=1, g=h.g).run_out()
    claims_hold(h.g, "dora-sanma")
    assert found(replay(h.g, preset("dora-sanma").replace(abort_renchan=False))) == [
        ("hand-start-mismatch", again, None)
    ]


def test_dora_sanma_honba_is_300() -> None:
    """DORA's 3-player tables (000 silent: our choice) add 300 a honba to a ron."""
    from test_preset_records import _sanma_ron_with_honba

    g, win = _sanma_ron_with_honba(300)
    claims_hold(g, "dora-sanma")
    assert finding(replay(g, preset("dora-sanma").replace(honba_value=200)), "score-delta-mismatch") == (
        (-1200, 0, 1200),
        (-1300, 0, 1300),
    )


def test_dora_sanma_starts_at_35000() -> None:
    """DORA's 3-player tables (000 silent: our choice, the usual 3-player start) start at 35,000."""
    g = GameBuilder(("A", "B", "C"), go_type=None, start_points=35000)
    h = _three([None, None, None], hand_number=0, g=g)
    h.run_out()
    claims_hold(g, "dora-sanma")
    assert found(replay(g, preset("dora-sanma").replace(start_points=36000))) == [
        ("hand-start-mismatch", 1, None)
    ]


def _sticks_left(round_wind: int) -> GameBuilder:
    """The last hand (``round_wind`` 1: South 4; 0: East 4; seat 3 deals): seat 1 declares riichi
    and is alone tenpai at the draw (3,000, 1,000 from each noten seat); the dealer is noten and the
    game ends, seat 0 top with 30,000 (the target), which takes the stick left on the table: 31,000,
    27,000, 23,000, 19,000."""
    g = GameBuilder(go_type=None)
    h = g.hand(
        [None, "123m456p789s23s55m", None, None],
        round_wind=round_wind,
        hand_number=3,
        scores=(31000, 25000, 24000, 20000),
    )
    h.auto(2)
    h.draw(1, h.safe_tile())
    h.riichi(1)
    h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
    g.end((31000, 27000, 23000, 19000))
    return g


def test_sticks_left_at_the_end_go_to_the_top() -> None:
    """The casual app, Qdan and DORA (silent: our choice, as Tenhou and RON2 (002 「場のリーチ棒はトップの
    人のもの」) play): a riichi stick left on the table at the end goes to the top player, with four
    players or three; kept by its owner, or lost, the final scores differ."""
    g = _sticks_left(1)
    for name in ("casual", "qdan", "dora"):
        game_holds(g, name)
    end = len(g.events) - 1
    for policy in ("kept", "lost"):
        assert found(replay(g, preset("dora").replace(leftover_sticks=policy))) == [
            ("final-score-mismatch", end, None)
        ]
    game_holds(_sticks_left(0), "dora-tournament")
    from test_seed_rules import _furiten_riichi

    g, _ = _furiten_riichi(final=(44500, 37000, 38500))
    assert replay(g, "dora-sanma").findings == []


# ---------------------------------------------------------------- aborts


def test_dora_tournament_has_no_triple_ron_abort() -> None:
    """000 「三家和による途中流局もありません」 (DORA's tournament rounds too): a triple-ron abort is refused."""
    g, (draw,) = _triple(abort=True)
    assert found(replay(g, "dora-tournament")) == [("abort-condition-not-met", draw, None)]


def _sanma_all_riichi() -> tuple[GameBuilder, int]:
    """East 2 of a 3-player game: after a go-around the three players declare riichi in turn (seat 1
    with 11m 123p 456p 789s 23s, seat 2 with 234p 234p 678p 99s 56s, seat 0 with 99m 345p 678p 789s
    11z), and the hand runs out, all three tenpai: no payments, three sticks on the table."""
    h = _three(["99m345p678p789s11z", SANMA_PINFU, "234p234p678p99s56s"])
    h.auto(3)
    for seat in (1, 2, 0):
        h.draw(seat, h.safe_tile())
        h.riichi(seat)
    last = len(h.g.events)
    h.run_out([0, 0, 0], tenpai=[0, 1, 2])
    return h.g, last


def test_three_players_all_in_riichi_play_on() -> None:
    """000 「三人麻雀では全員がリーチしても途中流局にはなりません」 (and RON2, 002, which lists only nine
    terminals and four kans): all three in riichi play on; a 3-player table with the abort would
    end the hand at the next draw."""
    g, after = _sanma_all_riichi()
    for name in ("dora-sanma", "ron2-sanma", "tenhou-sanma"):
        claims_hold(g, name)
    assert found(replay(g, preset("dora-sanma").replace(four_riichi=True)))[0] == ("abort-missed", after, 1)


def test_ron2_nine_terminals_count_a_non_dealers_first_draw() -> None:
    """002 「子の場合はポン、カンが無い第１巡目に牌をつもった時点で1、9、字牌が九種類九牌以上あった場合」: a
    non-dealer dealt eight kinds who draws the ninth may declare; counted in the deal only (003's
    reading), it may not."""
    h = _three([None, None, "19m19p1s123z3p4567s"])
    h.auto(1)
    h.draw(2, "4z")
    draw = h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=2)
    claims_hold(h.g, "ron2-sanma")
    assert found(replay(h.g, preset("ron2-sanma").replace(nine_terminals_dealt=True))) == [
        ("abort-condition-not-met", draw, 2)
    ]
