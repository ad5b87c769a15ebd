"""Rules real servers play that the engine once got wrong, each on a hand-built record.

Every test builds the legal case, which replays clean under the table that plays it, and its
twin (the same play under a table that plays the other rule, or a record that breaks it), which
gives the exact finding. Numbers are worked out by hand in each docstring.
"""

from __future__ import annotations

import dataclasses
import re
import struct

import pytest
from builders import GameBuilder
from conftest import SAMPLES
from test_preset_records import _sanma, claims_hold, finding, found, replay

from paifu.engine.wall import TenhouWall, _hand_wall, _keyed_rng, _per_hand_keys
from paifu.events import ClaimedWin, Disconnect, GameStart, RiichiAccepted, Win
from paifu.formats import read_path
from paifu.pipeline import replay_record
from paifu.rules import load_rules, preset
from paifu.rules.presets import PRESETS
from paifu.scoring.payments import noten_deltas

# ---------------------------------------------------------------- three-player Tenhou


def _three_winds() -> tuple[GameBuilder, int]:
    """East 2 (seat 1 deals): seats 1, 2 and 0 each throw a West as their first discard."""
    h = _sanma(["19m147p258s13567z", "19m258p369s23467z", "19m369p147s13457z"])
    for seat in (1, 2, 0):
        h.draw(seat, h.safe_tile())
        last = h.discard(seat, "3z")
    h.run_out()
    return h.g, last


def test_no_three_winds_abort_on_tenhou_sanma() -> None:
    """Tenhou's 3-player tables have no "three winds" abortive draw (2017010102gm-00b9-0000-f634a67e,
    corpus custom_tenhou_client, plays on after three first West discards); DORA's do (000:
    「3人全員が最初の捨て牌として同じ風牌を捨てると…流局」)."""
    g, last = _three_winds()
    for name in ("tenhou-sanma", "mahjongsoul-sanma"):
        assert not preset(name).four_winds
        claims_hold(g, name)
    # DORA ends the hand there: the next draw is the first event it finds after the hand's end
    assert found(replay(g, "dora-sanma"))[0] == ("abort-missed", last + 1, 1)


def _late_riichi(rules: str, left: int) -> tuple[GameBuilder, int]:
    """Seat 1 or 2 (whose turn it is) declares riichi on its draw with ``left`` tiles left in the live wall; seats 1 and 2
    are tenpai at the exhaustive draw, paid as the table pays noten."""
    h = _sanma([None, "11m123p456p789s23s", "234p234p678p99s56s"])
    h.auto(h.live - left - 1)
    seat = h.turn
    assert seat in (1, 2)
    h.draw(seat, h.safe_tile())
    declared = len(h.g.events)
    h.riichi(seat)
    h.run_out(noten_deltas([1, 2], preset(rules)), tenpai=[1, 2])
    return h.g, declared


@pytest.mark.parametrize("name", [n for n, r in PRESETS.items() if r.num_players == 3])
def test_three_player_riichi_needs_three_tiles_left(name: str) -> None:
    """With three players a declarer with 3 tiles left still draws again (the other two take two);
    with 2 it does not: every 3-player preset asks for 3 (002: 「ツモ巡がまわってこない状況でリーチは
    かけられません」; Tenhou's 3-player records)."""
    assert preset(name).riichi_min_wall == 3
    g, _ = _late_riichi(name, 3)
    claims_hold(g, name)
    g, declared = _late_riichi(name, 2)
    res = replay(g, name)
    assert found(res) == [("riichi-no-draws-left", declared, g.events[declared].seat)]  # type: ignore[union-attr]
    assert finding(res, "riichi-no-draws-left") == (3, 2)


def _kita_ron(claim_chankan: bool) -> tuple[GameBuilder, int]:
    """Seat 2 (123p 456p 789s 111s, a lone North) is in riichi; a go-around later seat 0 draws a North
    and pulls it, and seat 2 rons it: riichi 1 han, 20 + 10 (closed ron) + 2 (single wait) + 8
    (closed 111s) = 40 fu, non-dealer 1,300, the stick to the winner. Robbing a North scores no
    chankan; the twin claims it (2 han, 2,600)."""
    h = _sanma([None, None, "123p456p789s111s4z"])
    h.auto(4)
    h.draw(2, h.safe_tile())
    h.riichi(2)
    h.auto(3)
    h.draw(0, "4z")
    h.kita(0)
    if claim_chankan:
        return h.g, h.ron(
            2, 0, deltas=[-2600, 0, 3600], fu=40, points=2600, yaku=[("riichi", 1), ("chankan", 1)]
        )
    return h.g, h.ron(2, 0, deltas=[-1300, 0, 2300], fu=40, points=1300, yaku=[("riichi", 1)])


def test_a_ron_on_a_pulled_north_scores_no_chankan() -> None:
    g, _ = _kita_ron(False)
    claims_hold(g, "tenhou-sanma")  # (DORA counts a North pair as a value pair: 50 fu there)
    g, win = _kita_ron(True)
    res = replay(g, "tenhou-sanma")
    assert ("yaku-mismatch", win, 2) in found(res)
    assert finding(res, "yaku-mismatch") == ((("riichi", 1),), (("chankan", 1), ("riichi", 1)))


def _riichi_across(event: object, then_ron: bool) -> tuple[GameBuilder, int]:
    """Tenhou writes a BYE (or a kan's DORA) between a riichi discard and its acceptance: seat 1
    declares, a disconnection comes, then the acceptance, or a ron on the riichi discard (the
    riichi then costs no stick: pinfu 1,000)."""
    g = GameBuilder(go_type=None)
    h = g.hand([None, "123m456p789s23s55m", "234m66m345p678p56s", None])
    h.auto(1)
    h.draw(1, "4s" if then_ron else h.safe_tile())
    h.riichi(1, tile=None if not then_ron else "4s", accept=False)
    h.emit(event)  # type: ignore[arg-type]
    if then_ron:
        return g, h.ron(
            2, 1, deltas=[0, -2000, 2000, 0], fu=30, points=2000, yaku=[("pinfu", 1), ("tanyao", 1)]
        )
    idx = h.accept(1)
    h.run_out([-1500, 1500, 1500, -1500], tenpai=[1, 2])
    return g, idx


@pytest.mark.parametrize("then_ron", [False, True], ids=["accepted", "ronned"])
def test_a_disconnection_neither_accepts_nor_cancels_a_pending_riichi(then_ron: bool) -> None:
    g, idx = _riichi_across(Disconnect(1), then_ron)
    claims_hold(g, "tenhou")
    assert isinstance(g.events[idx], (RiichiAccepted, Win))


def _west_round(plays_on: bool) -> tuple[GameBuilder, int]:
    """West 1 of a Tenhou hanchan (nobody had 30,000 after South 4): the dealer (seat 0) and seat 1
    are tenpai at the exhaustive draw; seat 1 reaches 30,500, the dealer 27,500 keeps the deal."""
    g = GameBuilder(go_type=None)
    h = g.hand(
        ["123m456p789s23s55m", "234m66m345p678p56s", None, None],
        round_wind=2,
        scores=(26000, 29000, 23000, 22000),
    )
    h.run_out([1500, 1500, -1500, -1500], tenpai=[0, 1])
    nxt = len(g.events)
    h = g.hand([None, None, None, None], round_wind=2, honba=1)
    h.run_out()
    return g, nxt


def test_tenhou_west_round_ends_under_the_all_last_rule() -> None:
    """Tenhou's West round is sudden death, but a dealer who keeps the deal and is not top plays on
    as in the last hand, though another player reached 30,000 (Tenhou phoenix records);
    電脳麻将's extension ends after any hand where someone has 30,000 (majiang_selfplay/dora)."""
    g, nxt = _west_round(True)
    claims_hold(g, "tenhou")
    res = replay(g, preset("tenhou").replace(extension_dealer_plays_on=False))
    assert found(res) == [("game-end-mismatch", nxt, None)]


def test_tenhou_pao_tsumo_of_a_compound_yakuman_charges_the_liable_player_everything() -> None:
    """Seat 1 pons East's 5z, then 6z from seat 2 and 7z from seat 3 (who is liable: its 7z completed
    the dragons) and draws its second 2z: daisangen and tsuuiisou, 64,000 for a non-dealer. Tenhou
    charges seat 3 all of it; under "liable-yakuman" seat 3 pays the daisangen (32,000) and the
    tsuuiisou is a plain tsumo (16,000 from the dealer, 8,000 from each other)."""

    def build() -> tuple[GameBuilder, int]:
        g = GameBuilder(go_type=None)
        h = g.hand(["1479m2589p1369s5z", "36m3p1112556677z", "1479m2589p1369s6z", "1479m2589p1369s7z"])
        h.draw(0, h.safe_tile())
        h.discard(0, "5z")
        h.pon(1, "5z5z")
        h.discard(1, "3m")
        h.draw(2, h.safe_tile())
        h.discard(2, "6z")
        h.pon(1, "6z6z")
        h.discard(1, "6m")
        h.draw(2, h.safe_tile())
        h.discard(2)
        h.draw(3, h.safe_tile())
        h.discard(3, "7z")
        h.pon(1, "7z7z")
        h.discard(1, "3p")
        for seat in (2, 3, 0):
            h.draw(seat, h.safe_tile())
            h.discard(seat)
        h.draw(1, "2z")
        yaku = [("daisangen", 13), ("tsuuiisou", 13)]
        win = h.tsumo(
            1, deltas=[0, 64000, 0, -64000], fu=0, points=64000, limit="yakuman", yaku=yaku, yakuman=True
        )
        ev = g.events[win]
        assert isinstance(ev, Win) and isinstance(ev.claimed, ClaimedWin)
        g.events[win] = dataclasses.replace(ev, claimed=dataclasses.replace(ev.claimed, pao_seat=3))
        return g, win

    g, win = build()
    assert found(replay(g, "tenhou")) == []
    res = replay(g, preset("tenhou").replace(pao_tsumo="liable-yakuman"))
    assert found(res) == [("score-delta-mismatch", win, 1)]
    assert finding(res, "score-delta-mismatch") == ((-16000, 64000, -8000, -40000), (0, 64000, 0, -64000))


def test_per_hand_three_player_shuffle_dice_follow_the_walls_swaps() -> None:
    """The 2009 per-INIT ``shuffle`` form shuffles a 108-tile wall with words 0..106; its dice are the
    next two words, 107 and 108, not 135 and 136. The hashed forms keep 135 and 136."""
    seed = "tenhou-init-shuffle;mt19937ar,1a2b3c4d,5e6f7081,92a3b4c5,d6e7f809,11223344,55667788,99aabbcc,ddeeff00"
    (key,) = _per_hand_keys(seed)
    assert key is not None
    rng = _keyed_rng(key)
    words = [rng.getrandbits(32) for _ in range(137)]
    wall = TenhouWall(seed, num_players=3).next_hand()
    assert wall.dice == (words[107] % 6 + 1, words[108] % 6 + 1)
    four = TenhouWall(seed, num_players=4).next_hand()
    assert four.dice == (words[135] % 6 + 1, words[136] % 6 + 1)
    rnd = tuple(range(1000, 1144))
    words = struct.pack("<144I", *rnd)
    assert _hand_wall(words, 3, True).dice == (rnd[135] % 6 + 1, rnd[136] % 6 + 1)


# ---------------------------------------------------------------- checks the engine makes


#: far-from-tenpai hands that leave the dealer its fourth 1m
FAR_NO_1M = ("258m369p147s5677z", "369m147p258s1567z", "258m369p147s1234z")


def _kan_robbed(robber: str, from_kokushi: bool = True) -> tuple[GameBuilder, int]:  # noqa: FBT001
    """The dealer draws its fourth 1m and makes a closed kan; seat 1 rons the kan's 1m. As thirteen
    orphans waiting on 1m (99m 19p 19s 1234567z) that is a yakuman, 32,000 from the dealer."""
    g = GameBuilder(go_type=None, start_points=30000)  # JPML's start
    h = g.hand(["111m234p567p78s99s", robber, *FAR_NO_1M[:2]])
    h.draw(0, "1m")
    kan = h.ankan(0, "1m")
    tile = g.events[kan].meld.tiles[0]  # type: ignore[union-attr]
    if from_kokushi:
        return g, h.ron(
            1,
            0,
            tile=tile,
            deltas=[-32000, 32000, 0, 0],
            fu=0,
            points=32000,
            limit="yakuman",
            yaku=[("kokushi", 13)],
            yakuman=True,
        )
    return g, h.ron(1, 0, tile=tile, deltas=[-1300, 1300, 0, 0], fu=40, points=1300, yaku=[("chankan", 1)])


def test_only_thirteen_orphans_robs_a_closed_kan_where_the_rules_allow_it() -> None:
    """002 「国士無双の場合のみ、暗カンした牌でロンすることが可能」 (RON2; JPML says the same);
    elsewhere (Tenhou, the casual app's 「加槓した牌」 only) no hand may rob a closed kan."""
    g, win = _kan_robbed("99m19p19s1234567z")
    claims_hold(g, "jpml")
    for name in ("tenhou", "casual"):
        assert ("chankan-closed-kan", win, 1) in found(replay(g, name))
    g, win = _kan_robbed("23m456p789s22233s", from_kokushi=False)
    assert ("chankan-closed-kan", win, 1) in found(replay(g, "jpml"))


def _rinshan_tsumo(turn_dora: bool) -> tuple[GameBuilder, int]:
    """The dealer draws its fourth 1m, makes a closed kan, draws 6s from the dead wall and wins:
    menzen tsumo and rinshan, 20 + 2 + 32 (closed 1m kan) = 54 -> 60 fu, 2 han: 2,000 all. Its kan
    dora turns at once (an East, 2z dora: none in the hand), or never (the twin)."""
    g = GameBuilder(go_type=None)
    h = g.hand(["111m234p567p78s99s", *FAR_NO_1M])
    h.draw(0, "1m")
    kan = h.ankan(0, "1m")
    if turn_dora:
        h.new_dora("1z")
    h.draw(0, "6s")
    h.tsumo(
        0, deltas=[6000, -2000, -2000, -2000], fu=60, points=6000, yaku=[("menzen-tsumo", 1), ("rinshan", 1)]
    )
    return g, kan


def test_a_kan_dora_that_never_turns_is_found_at_the_kan() -> None:
    g, _ = _rinshan_tsumo(True)
    claims_hold(g, "tenhou")
    g, kan = _rinshan_tsumo(False)
    res = replay(g, "tenhou")
    assert found(res) == [("kan-dora-timing", kan, None)]
    assert finding(res, "kan-dora-timing") == (2, 1)


def _duplicated(path: str) -> str:
    """A Tenhou XML record whose first draw repeats the first tile dealt to its dealer's hand."""
    text = open(path, encoding="utf-8").read()  # noqa: SIM115
    init = re.search(r'<INIT [^>]*oya="(\d)"[^>]*>', text)
    assert init is not None
    oya = int(init.group(1))
    hai = re.search(rf'hai{oya}="(\d+)', init.group(0))
    assert hai is not None
    draw = re.compile(rf"<{'TUVW'[oya]}(\d+)/>")
    return draw.sub(f"<{'TUVW'[oya]}{hai.group(1)}/>", text, count=1)


def test_one_physical_tile_drawn_twice_is_a_duplicate_tile(tmp_path) -> None:  # noqa: ANN001
    """In Tenhou XML every id is one of the 136 tiles; without a wall seed nothing else checks that
    a tile is not dealt and then drawn again. Formats that name kinds only get ids made up by their
    readers, which are never judged so."""
    src = SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml"
    (rec,) = read_path(src)
    assert rec.start.physical_ids and not rec.start.wall_seed
    assert "duplicate-tile" not in {f.code for f in replay_record(rec).findings}
    bad = tmp_path / "dup.xml"
    bad.write_text(_duplicated(str(src)), encoding="utf-8")
    (rec,) = read_path(bad)
    codes = [f.code for f in replay_record(rec).findings]
    assert codes.count("duplicate-tile") == 1
    kinds_only = dataclasses.replace(
        rec, events=[dataclasses.replace(rec.events[0], physical_ids=False), *rec.events[1:]]
    )
    assert isinstance(kinds_only.events[0], GameStart)
    assert "duplicate-tile" not in {f.code for f in replay_record(kinds_only).findings}


# ---------------------------------------------------------------- settings a source leaves to the table


def _east_game(start: int, hands: int = 4, *, lead: bool = False) -> GameBuilder:
    """A whole game of ``hands`` East hands, each an exhaustive draw, then its end. Everyone is noten
    (the deal moves on, a honba more each time) or, with ``lead``, seat 2 is alone tenpai whenever it
    does not deal (3,000 from the others: 39,000 after four hands at a 30,000 start, past Qdan's
    target of start + 5,000, so the game may end)."""
    g = GameBuilder(go_type=None, start_points=start)
    for k in range(hands):
        tenpai = lead and k != 2
        h = g.hand([None, None, "234m66m345p678p56s" if tenpai else None, None], hand_number=k, honba=k)
        h.run_out([-1000, -1000, 3000, -1000] if tenpai else None, tenpai=[2] if tenpai else [])
    g.end()
    return g


def _judged(g: GameBuilder, rules: str) -> tuple[str, list[str]]:
    res = replay_record(g.record(), load_rules(rules))
    return res.rules.name, [f.code for f in res.findings if f.code != "rank-points-mismatch"]


def test_the_record_chooses_the_start_and_length_its_source_allows() -> None:
    """004: 「持ち点は25,000点か30,000点から始めます」「局数は半荘・東風・一局を…設定で選べます」;
    003: 「1局のみ・東風戦(4局)・半荘(8局)から選べます」. A 30,000-start east-only Qdan game and an
    east-only casual game are clean; a start 004 does not offer (35,000) stays a finding, and so does
    a setting the command line fixes against the record."""
    assert _judged(_east_game(30000, lead=True), "qdan") == ("qdan[start_points=30000,length=east]", [])
    assert _judged(_east_game(25000), "casual") == ("casual[length=east]", [])
    assert _judged(_east_game(25000, hands=1), "casual") == ("casual[length=one-hand]", [])
    assert "hand-start-mismatch" in _judged(_east_game(35000), "qdan")[1]
    assert "hand-start-mismatch" in _judged(_east_game(30000, lead=True), "qdan:start_points=25000")[1]
    assert "game-end-mismatch" in _judged(_east_game(25000), "casual:length=south")[1]
    assert _judged(_east_game(25000, lead=True), "qdan:start_points=25000,length=east") == (
        "qdan:start_points=25000,length=east",
        [],
    )


def _red_win(claim_aka: bool) -> GameBuilder:  # noqa: FBT001
    """Seat 1 rons the dealer's 4s with 123m 0m5m 456p 789s 23s (the 0m is copy 0 of 5m): pinfu, and
    an aka-dora where the table plays red fives (2,000) or none (1,000)."""
    g = GameBuilder(go_type=None)
    h = g.hand([None, "123m05m456p789s23s", None, None])
    h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    if claim_aka:
        h.ron(1, 0, deltas=[-2000, 2000, 0, 0], fu=30, points=2000, yaku=[("pinfu", 1), ("aka-dora", 1)])
    else:
        h.ron(1, 0, deltas=[-1000, 1000, 0, 0], fu=30, points=1000, yaku=[("pinfu", 1)])
    g.events[0] = dataclasses.replace(g.events[0], physical_ids=True)  # type: ignore[arg-type]
    return g


def test_the_record_chooses_red_fives_or_none_where_qdan_allows_both() -> None:
    """004: 「赤ドラは3枚かなし」: a win that holds copy 0 of 5m and claims no aka-dora was played
    without red fives; one that claims it, with them."""
    for claim_aka in (True, False):
        g = _red_win(claim_aka)
        res = replay(g, "qdan")
        assert res.findings == [], [str(f) for f in res.findings]
        assert res.rules.red_fives == ((1, 1, 1) if claim_aka else (0, 0, 0))
    assert "yaku-mismatch" in {
        c for c, _, _ in found(replay(_red_win(False), load_rules("qdan:red_fives=[1,1,1]")))
    }


def test_rule_overrides_on_the_command_line() -> None:
    """``--rules NAME:key=value,...``: TOML values, words for choices, a did-you-mean for a misspelt
    key, and a value of the wrong type refused."""
    r = load_rules("qdan:start_points=30000,red_fives=[0,0,0],length=east")
    assert (r.start_points, r.red_fives, r.length, r.open_settings) == (30000, (0, 0, 0), "east", ())
    with pytest.raises(ValueError, match="did you mean 'start_points'"):
        load_rules("qdan:start_point=30000")
    with pytest.raises(ValueError, match="start_points = 'many'"):
        load_rules("qdan:start_points=many")
    with pytest.raises(ValueError, match="not key=value"):
        load_rules("qdan:start_points")
