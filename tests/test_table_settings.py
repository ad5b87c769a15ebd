"""Settings a table chooses that a record shows by itself, and seed sentences read as they are worded.

Each test builds the record the source says is legal (clean under the preset, its settings chosen by
the record's own statements) and its twin (the same play where the record says otherwise, or a
record that breaks the sentence), which gives the exact finding. Numbers are worked out by hand in
the docstrings and cross-checked against ``paifu.scoring`` by ``valuation_problems``.
"""

from __future__ import annotations

import json
import warnings

from builders import GameBuilder, valuation_problems
from test_preset_records import claims_hold, found, replay
from test_seed_pin_records import _three, game_holds

import paifu
from paifu.events import GameRecord, RyuukyokuKind
from paifu.formats import read_bytes
from paifu.rules import preset


def _found(rec: GameRecord, rules: object = None) -> list[tuple[str, str | None]]:
    return [(f.code, f.hand) for f in paifu.replay(rec, rules).findings]  # type: ignore[arg-type]


# ---------------------------------------------------------------- Mahjong Soul's table names


def _majsoul_sanma_east(points: tuple[float, ...]) -> GameBuilder:
    """A three-player east game on Mahjong Soul. East 1: seat 2 (123p 456p 789p 11p 55p) rons the
    dealer's 1p, pure one suit with a straight, 8 han: baiman 16,000. East 2 and East 3 are drawn
    with nobody tenpai (no payments); East 3's dealer is noten, so the east game ends: 19,000,
    35,000, 51,000. Mahjong Soul's points, (score - 35,000) / 1,000 + uma 15/0/-15: -31, 0, +31."""
    g = GameBuilder(
        ("A", "B", "C"),
        go_type=None,
        hint=(("preset", "mahjongsoul-sanma"), ("num_players", 3)),
        start_points=35000,
    )
    h = _three([None, None, "123p456p789p1155p"], hand_number=0, g=g)
    h.auto(3)
    h.draw(0, h.safe_tile())
    h.discard(0, "1p")
    h.ron(
        2,
        0,
        deltas=[-16000, 0, 16000],
        fu=40,
        points=16000,
        limit="baiman",
        yaku=[("ittsu", 2), ("chinitsu", 6)],
    )
    _three([None, None, None], hand_number=1, g=g).run_out()
    _three([None, None, None], hand_number=2, honba=1, g=g).run_out()
    g.end(rank_points=points)
    assert valuation_problems(g.record(), preset("mahjongsoul-sanma")) == []
    return g


def _as_converted(g: GameBuilder, disp: str) -> GameRecord:
    """The game as a Mahjong Soul converter writes tenhou.net/6: the room's name in ``disp``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = json.loads(paifu.write(g.record(), "tenhou-json"))
    doc["rule"] = {"disp": disp, "aka51": 0, "aka52": 1, "aka53": 1}
    doc["ref"] = "240302-0e0c6a34-4a3b-4c5e-9a5e-2b2f0c8c1d11"
    (rec,) = read_bytes(json.dumps(doc, ensure_ascii=False).encode(), "majsoul.json", "tenhou-json")
    return rec


def test_a_three_player_mahjong_soul_name_leaves_the_length_to_the_game() -> None:
    """Mahjong Soul's converters name a three-player room without its length (三銀の間赤): an east
    game ended after East 3 is judged as the east game it shows itself to be, not as a half game
    stopped early; where the name states South, the same end is flagged."""
    rec = _as_converted(_majsoul_sanma_east((-31.0, 0.0, 31.0)), "三銀の間赤")
    result = paifu.replay(rec)
    assert result.rules.name == "mahjongsoul-sanma[length=east]"
    assert result.findings == []
    assert result.rank_points_checked
    south = _as_converted(_majsoul_sanma_east((-31.0, 0.0, 31.0)), "三銀の間南赤")
    assert _found(south) == [("game-end-mismatch", "E3-1")]


def test_mahjong_soul_three_player_points_are_its_own() -> None:
    """Mahjong Soul settles a three-player game from 35,000 with uma 15/0/-15, every seat by the
    formula, no oka (50,000 / 35,000 / 20,000: +30 / 0 / -30); Tenhou's 3-player table gives the
    same scores +45 / -5 / -40. The game's claimed points are checked against Mahjong Soul's: Tenhou's
    for its scores (+46 / -5 / -41) are flagged."""
    from paifu.rank_points.compute import rank_points
    from paifu.rank_points.schemes import scheme_for_rules

    scheme = scheme_for_rules(preset("mahjongsoul-sanma"))
    assert rank_points((50000, 35000, 20000), scheme, 0) == (30.0, 0.0, -30.0)
    assert rank_points((50000, 35000, 20000), scheme_for_rules(preset("tenhou-sanma")), 0) == (
        45.0,
        -5.0,
        -40.0,
    )
    tenhou_points = _as_converted(_majsoul_sanma_east((-41.0, -5.0, 46.0)), "三銀の間赤")
    assert _found(tenhou_points) == [("rank-points-mismatch", "")]


# ---------------------------------------------------------------- DORA (000): the table's length


def _east_game_all_noten(hint: str) -> GameBuilder:
    """A whole east-only game: East 1 to East 4 each run out with nobody tenpai (no payments; the
    deal moves on, honba 1, 2, 3), and the game ends after East 4 with everyone on 25,000."""
    g = GameBuilder(go_type=None, hint=(("preset", hint),))
    for number in range(4):
        g.hand([None] * 4, hand_number=number, honba=number).run_out()
    g.end()
    return g


def test_a_dora_table_plays_the_length_it_was_set_to() -> None:
    """000 「予定されている最終局まで終了した場合、持ち点にかかわらず対局終了」 and 「対局形式で定められた局数」:
    the game's length is the table's, not a fixed half game. An east-only DORA game that ends after
    East 4 is clean; the same game on a table fixed to a half game should have gone into South."""
    g = _east_game_all_noten("dora")
    game_holds(g, "dora")
    assert paifu.replay(g.record()).rules.name == "dora[length=east]"
    half = preset("dora").replace(length="south")
    assert _found(g.record(), half) == [("game-end-mismatch", "E4-3")]


# ---------------------------------------------------------------- RON2 (002): dora per table


def _ron2_kan(kan_dora: bool) -> tuple[GameBuilder, int]:
    """East 1 of a RON2 game (40,000 each; seat 0 deals). Seat 1 (222p 345s 678s 99s 78p) declares
    riichi on its second turn, later makes a closed kan of the fourth 2p (wait 6p-9p unchanged),
    draws a replacement and throws it; seat 2 then throws a 6p. With kan dora the kan turns 3z at
    once; without, nothing. Ura indicator 7z (5z: none in the hand): riichi alone, 20 + 10 (closed
    ron) + 16 (closed kan of a simple) = 46 -> 50 fu, 1,600 and the stick. Returns the discard after
    the kan."""
    g = GameBuilder(("A", "B", "C"), go_type=None, start_points=40000)
    h = _three(["19m147p258s13567z", "222p345s678s99s78p", None], hand_number=0, g=g)
    h.auto(h.n + 1)
    h.draw(1, h.safe_tile())
    h.riichi(1)
    h.auto(2)
    h.draw(1, "2p")
    h.ankan(1, "2p")
    if kan_dora:
        h.new_dora("3z")
    h.draw(1, h.safe_tile())
    discard = h.discard(1)
    h.draw(2, "6p")
    h.discard(2)
    h.ron(1, 2, deltas=[0, 2600, -1600], yaku=[("riichi", 1)], fu=50, points=1600, ura="7z")
    return g, discard


def test_a_ron2_table_may_play_without_kan_dora() -> None:
    """002 「一部ルールによって裏ドラ、カンドラ、カン裏ドラはありません」: a RON2 table without kan dora turns no
    indicator for a kan; its record is clean, the kan's table chosen by what it shows. On a table
    fixed to kan dora the missing indicator is flagged at the discard after the kan; the record that
    shows one is clean too, and flagged on a table fixed without."""
    ron2 = preset("ron2-sanma")
    g, discard = _ron2_kan(kan_dora=False)
    claims_hold(g, "ron2-sanma")
    assert found(replay(g, ron2.replace(kan_dora=True))) == [("kan-dora-timing", discard, None)]
    g, _ = _ron2_kan(kan_dora=True)
    claims_hold(g, "ron2-sanma")
    assert [code for code, _, _ in found(replay(g, ron2.replace(kan_dora=False)))] == ["illegal-call"]


# ---------------------------------------------------------------- seed wording


def _nine_kinds_with_the_draw(seat: int) -> tuple[GameBuilder, int]:
    """``seat`` is dealt eight terminal and honor kinds (1m 9m 1p 9p 1s East South West) and draws
    the ninth, a North, on its first turn, then declares nine terminals."""
    g = GameBuilder(go_type=None)
    hands: list[str | None] = [None] * 4
    hands[seat] = "19m19p1s123z2m3p456s"
    h = g.hand(hands)
    h.auto(seat)
    h.draw(seat, "4z")
    return g, h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=seat)


def test_casual_nine_terminals_are_counted_in_the_deal() -> None:
    """003 「九種九牌 | 配牌の時点で、1・9と字牌が合わせて9種類以上あったとき」: the nine kinds must be dealt.
    A non-dealer dealt eight who draws the ninth may not declare on the casual app; Tenhou and Qdan
    (004 「最初の番で么九牌が9種類以上あるときは」) count the first draw. The dealer's deal is its fourteen
    tiles (配牌), so a dealer whose fourteenth is the ninth kind may declare everywhere."""
    g, draw = _nine_kinds_with_the_draw(1)
    for name in ("tenhou", "qdan"):
        claims_hold(g, name)
    res = replay(g, "casual")
    assert found(res) == [("abort-condition-not-met", draw, 1)]
    assert (res.findings[0].expected, res.findings[0].actual) == (">= 9", 8)
    g, _ = _nine_kinds_with_the_draw(0)
    for name in ("tenhou", "qdan", "casual"):
        claims_hold(g, name)


def _passes_a_yakuless_tile() -> tuple[GameBuilder, int]:
    """Seat 2 (closed 123m 456s 789s 22m 55z, no riichi) waits on 2m or haku; on 2m the hand has no
    yaku, on haku it has one. After a go-around the dealer draws and throws a 2m, which seat 2 could
    not ron and lets pass; seat 1 then throws a haku and seat 2 rons it before its own draw: haku
    1 han, 20 + 10 (closed ron) + 4 (the haku triplet, completed by the ron) = 34 -> 40 fu, 1,300."""
    g = GameBuilder(go_type=None)
    h = g.hand([None, None, "123m456s789s22m55z", None])
    h.auto(4)
    h.draw(0, "2m")
    h.discard(0)
    h.draw(1, "5z")
    h.discard(1)
    return g, h.ron(2, 1, deltas=[0, -1300, 1300, 0], fu=40, points=1300, yaku=[("yakuhai-haku", 1)])


def test_a_tile_that_could_not_be_ronned_makes_no_furiten_where_the_seed_says_so() -> None:
    """003 「同巡フリテン | ロンできる牌を見送った。次の自分の番が来るまでロン不可」, 004 「ロンできた牌を見逃すと、次に
    自分が牌を引くまでロンできません」: only a tile the hand could ron makes it furiten. A 2m that completes
    the hand's shape without a yaku is no such tile, so the haku after it may be ronned; Tenhou makes
    any winning tile let pass same-turn furiten."""
    g, win = _passes_a_yakuless_tile()
    for name in ("casual", "qdan"):
        claims_hold(g, name)
    assert found(replay(g, "tenhou")) == [("furiten-ron", win, 2)]
    assert found(replay(g, preset("casual").replace(yakuless_pass_furiten=True))) == [("furiten-ron", win, 2)]


def _qdan_east_into_south() -> GameBuilder:
    """A Qdan east-only game: East 1 to East 4 are drawn with nobody tenpai (honba 1, 2, 3), so
    after East 4 nobody has 30,000 (start + 5,000) and the game goes into South. South 1 (honba 4):
    seat 2 (123p 456p 789p 33p 88p) rons the dealer's 3p, pure one suit with a straight, 8 han:
    baiman 16,000 + 1,200 honba, 42,200; nobody else past 30,000 matters, the game ends there."""
    g = GameBuilder(go_type=None, hint=(("preset", "qdan"),))
    for number in range(4):
        g.hand([None] * 4, hand_number=number, honba=number).run_out()
    h = g.hand(
        ["147m258s369s1234z", "258m147s5677z369m", "123p456p789p3388p", "147m369s1123567z"],
        round_wind=1,
        honba=4,
    )
    h.auto(4)
    h.draw(0, "3p")
    h.discard(0)
    h.ron(
        2,
        0,
        deltas=[-17200, 0, 17200, 0],
        fu=40,
        points=16000,
        limit="baiman",
        yaku=[("ittsu", 2), ("chinitsu", 6)],
    )
    g.end()
    return g


def test_a_qdan_east_game_goes_into_south() -> None:
    """004 「最後の局を終えても誰も30,000点に届いていないときは、次の場に入って続けます（半荘戦は西入、東風戦は
    南入）」: an east-only game that nobody leaves East with 30,000 goes into South and ends once someone
    has it. The game reaches South, yet ends at South 1 without a bust, as no half game does: it is
    the east game, clean; judged as a half game, its end is flagged."""
    g = _qdan_east_into_south()
    game_holds(g, "qdan")
    assert paifu.replay(g.record()).rules.name == "qdan[length=east]"
    assert _found(g.record(), preset("qdan").replace(length="south")) == [("game-end-mismatch", "S1-4")]


def _casual_one_hand(dealer_tenpai: bool) -> GameBuilder:
    """A casual one-hand game: East 1 is drawn with the dealer alone tenpai (3,000 from the others)
    and dealt again with 1 honba, where nobody is tenpai and the game ends; its twin ends at East 1
    with nobody tenpai."""
    g = GameBuilder(go_type=None, hint=(("preset", "casual"),))
    if dealer_tenpai:
        g.hand(["123m456p789s23s55m", None, None, None]).run_out([3000, -1000, -1000, -1000], tenpai=[0])
        g.hand([None] * 4, honba=1).run_out()
    else:
        g.hand([None] * 4).run_out()
    g.end()
    return g


def test_a_casual_one_hand_game_plays_on_while_its_dealer_keeps_the_deal() -> None:
    """003 「1局のみ」 and 「最終局だけは例外。親が和了って、そのままトップなら終局します」「テンパイやめ | 最終局で親が
    テンパイで流局しても、トップでも続きます」: a one-hand game's hand is its last; a dealer tenpai at the
    draw keeps the deal and the game goes on (the dealer, top with 28,000, does not stop on tenpai).
    A table that stops the top dealer on tenpai ends it at once."""
    g = _casual_one_hand(dealer_tenpai=True)
    game_holds(g, "casual")
    assert paifu.replay(g.record()).rules.name == "casual[length=one-hand]"
    one_hand = preset("casual").replace(length="one-hand")
    assert _found(g.record(), one_hand.replace(last_dealer_stop="win_or_tenpai")) == [
        ("game-end-mismatch", "E1-0")  # found at East 1's second deal, which should not come
    ]
    g = _casual_one_hand(dealer_tenpai=False)
    game_holds(g, "casual")
    assert _found(g.record(), preset("casual").replace(length="east")) == [("game-end-mismatch", "E1-0")]


def test_the_new_settings_show_with_their_sentences() -> None:
    """``paifu rules NAME --sources`` prints each new value with the sentence it rests on."""
    from paifu.rules.presets import sources_text

    casual = sources_text(preset("casual"))
    assert "nine_terminals_dealt = true  # the casual web app rules page (seed 003): 「配牌の時点で" in casual
    assert (
        "yakuless_pass_furiten = false  # the casual web app rules page (seed 003): 「ロンできる牌を見送った」"
        in casual
    )
    assert (
        "yakuless_pass_furiten = false  # the Qdan rules page (seed 004): 「ロンできた牌を見逃すと」"
        in sources_text(preset("qdan"))
    )
    assert "「一部ルールによって裏ドラ、カンドラ、カン裏ドラはありません」" in sources_text(
        preset("ron2-sanma")
    )
    assert "「対局形式で定められた局数」" in sources_text(preset("dora"))
    sanma = sources_text(preset("mahjongsoul-sanma"))
    assert "uma = [15, 0, -15]  # mahjong-portal.com/?p=10869" in sanma
    assert 'renhou = "cumulative"  # [WRC] §6.5.4' in sources_text(preset("wrc"))
