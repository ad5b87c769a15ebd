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
from paifu.events import GameRecord
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
        2, 0, deltas=[-16000, 0, 16000], fu=40, points=16000, limit="baiman", yaku=[("ittsu", 2), ("chinitsu", 6)]
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
    assert rank_points((50000, 35000, 20000), scheme_for_rules(preset("tenhou-sanma")), 0) == (45.0, -5.0, -40.0)
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
