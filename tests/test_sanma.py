"""3-player (sanma) replay: kita, no chi, no four-riichi abort, three winds, the 108-tile set.

Each test writes a tiny 3-player hand as events (tiles in MPSZ via ``parse_tiles``, never
2m..8m unless the test is about them) and replays it under a 3-player preset. Hands are
partial records: only the hand's own checks apply, not the game's length.
"""

from __future__ import annotations

from conftest import corpus_dir

from paifu.engine.results import GameResult
from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.pipeline import replay_paths, replay_record
from paifu.rules import preset
from paifu.tiles import dora_from_indicator, parse_tiles


def t(text: str) -> int:
    """One tile id from one MPSZ tile."""
    (tile,) = parse_tiles(text)
    return tile


def start(hands: tuple[str, str, str], dora: str = "5z", scores: int = 35000, honba: int = 0) -> list[Event]:
    """A 3-player East 1 with seat 0 dealing; ``hands`` are 13 tiles each in MPSZ."""
    return [
        GameStart(players=("A", "B", "C"), rules_hint=(("preset", "dora-sanma"),)),
        HandStart(
            round_wind=0,
            hand_number=0,
            honba=honba,
            sticks=0,
            dealer=0,
            scores=(scores,) * 3,
            dora_indicator=t(dora),
            hands=tuple(tuple(parse_tiles(h)) for h in hands),
        ),
    ]


def replay(events: list[Event], rules: str = "dora-sanma") -> GameResult:
    return replay_record(GameRecord(events=events, source="sanma-test", partial=True), preset(rules))


def codes(result: GameResult) -> list[str]:
    """Finding codes, without the ``truncated`` of a hand the test stops in the middle of."""
    return [f.code for f in result.findings if f.code != "truncated"]


def kita(seat: int) -> Call:
    return Call(seat, Meld(CallKind.KITA, (t("4z"),)))


#: seat 0 (dealer) waits on 7p alone; seats 1 and 2 are far from tenpai
DEALER_TANKI = "111m999m123p456p7p"
FAR_1 = "123456789s19p56z"
FAR_2 = "1479s289p135677z"


def kita_hand(dora: str = "5z", rinshan_win: bool = False, honba: int = 0) -> list[Event]:
    """Dealer pulls a North on the first draw; wins on the replacement tile or a later 7p."""
    ev = start((DEALER_TANKI, FAR_1, FAR_2), dora=dora, honba=honba)
    ev += [Draw(0, t("4z")), kita(0)]
    if rinshan_win:
        return [*ev, Draw(0, t("7p")), Win(0, 0, t("7p"))]
    ev += [
        Draw(0, t("3z")),
        Discard(0, t("3z"), True),
        Draw(1, t("5p")),
        Discard(1, t("5p"), True),
        Draw(2, t("6p")),
        Discard(2, t("6p"), True),
        Draw(0, t("7p")),
    ]
    return ev


def test_kita_then_tsumo_replays_clean_and_kita_is_dora() -> None:
    # 111m 999m 123p 456p 77p tanki, closed tsumo: 20 + 2 tsumo + 8 + 8 + 2 tanki = 40 fu;
    # menzen tsumo + one kita = 2 han; dealer 40 fu 2 han tsumo: 1,300 from each of the two others
    claim = ClaimedWin(
        fu=40,
        han=2,
        points=2600,
        deltas=(2600, -1300, -1300),
        yaku=(ClaimedYaku("menzen-tsumo", 1), ClaimedYaku("kita", 1)),
    )
    res = replay([*kita_hand(), Win(0, 0, t("7p"), claim)])
    assert codes(res) == []
    (win,) = res.hands[0].wins
    assert dict(win.yaku) == {"menzen-tsumo": 1, "kita": 1}
    assert win.deltas == (2600, -1300, -1300)  # tsumo loss: the missing North seat's share is not paid


def test_tenhou_sanma_kita_stated_as_dora_and_tsumo_honba() -> None:
    # Tenhou's own logs fold pulled Norths into the dora count; its 3-player tsumo honba is
    # 100 from each payer (the North seat's 100 is lost like its share of the hand)
    claim = ClaimedWin(
        fu=40,
        han=2,
        points=2600,
        deltas=(2800, -1400, -1400),
        yaku=(ClaimedYaku("menzen-tsumo", 1), ClaimedYaku("dora", 1)),
    )
    res = replay_record(
        GameRecord(events=[*kita_hand(honba=1), Win(0, 0, t("7p"), claim)], partial=True),
        preset("tenhou-sanma"),
    )
    assert [f.code for f in res.findings] == []
    assert res.hands[0].wins[0].deltas == (2800, -1400, -1400)


def test_corpus_sanma_game_replays_clean() -> None:
    path = corpus_dir("tenhou_xml", "tenhou", "log", "test_data") / "sanma2.xml"
    (res,) = [r for r in replay_paths([str(path)]) if isinstance(r, GameResult)]
    assert res.rules.name.startswith("tenhou-sanma") and res.rules.num_players == len(res.players) == 3
    assert res.findings == []
    assert sum(1 for h in res.hands for w in h.wins if w.recomputed) == 5


def test_kita_rinshan_tsumo() -> None:
    res = replay(kita_hand(rinshan_win=True))
    assert codes(res) == []
    (win,) = res.hands[0].wins
    assert dict(win.yaku) == {"menzen-tsumo": 1, "rinshan": 1, "kita": 1}
    assert (win.han, win.fu) == (3, 40)
    assert win.deltas == (5200, -2600, -2600)


def test_sanma_dora_wraps_1m_to_9m_in_the_valuation() -> None:
    # indicator 1m -> dora 9m (2m..8m are out of the set): 999m is three dora
    res = replay([*kita_hand(dora="1m"), Win(0, 0, t("7p"))])
    assert codes(res) == []
    (win,) = res.hands[0].wins
    assert dict(win.yaku) == {"menzen-tsumo": 1, "kita": 1, "dora": 3}
    assert win.deltas == (8000, -4000, -4000)  # dealer mangan tsumo, 4,000 each


def test_dora_wrap() -> None:
    assert dora_from_indicator(0, sanma=True) == 8  # 1m -> 9m
    assert dora_from_indicator(8, sanma=True) == 0  # 9m -> 1m
    assert dora_from_indicator(0) == 1  # 4-player: 1m -> 2m
    assert dora_from_indicator(30, sanma=True) == 27  # North -> East as usual


def test_kita_on_another_players_turn_is_illegal() -> None:
    ev = start((DEALER_TANKI, "44z123456789s56z", FAR_2))
    ev += [Draw(0, t("3z")), Discard(0, t("3z")), kita(1)]
    assert codes(replay(ev)) == ["illegal-call"]


def test_kita_of_a_discarded_north_is_illegal() -> None:
    # seat 0 discards a North; seat 1 (holding none) "calls" it for kita
    ev = start((DEALER_TANKI, FAR_1, FAR_2))
    ev += [Draw(0, t("4z")), Discard(0, t("4z")), kita(1)]
    assert codes(replay(ev)) == ["illegal-call"]


def test_kita_of_a_ponned_north_is_illegal() -> None:
    # seat 1 pons seat 0's North with its own two, then tries to pull a North it no longer holds
    ev = start((DEALER_TANKI, "44z123456789s56z", FAR_2))
    ev += [
        Draw(0, t("4z")),
        Discard(0, t("4z")),
        Call(1, Meld(CallKind.PON, tuple(parse_tiles("444z")), t("4z"), 0)),
        Discard(1, t("5z")),
        Draw(2, t("3z")),
        Discard(2, t("3z")),
        Draw(0, t("1s")),
        Discard(0, t("1s")),
        Draw(1, t("6z")),
        kita(1),
    ]
    assert codes(replay(ev)) in (["illegal-call"], ["tile-not-in-hand"])


def test_chi_is_illegal_in_3_player() -> None:
    ev = start(("111m999m1p456p789s", "239p88s17s335566z", FAR_2))
    ev += [
        Draw(0, t("7z")),
        Discard(0, t("1p")),
        Call(1, Meld(CallKind.CHI, tuple(parse_tiles("123p")), t("1p"), 0)),
    ]
    assert codes(replay(ev)) == ["illegal-call"]


def test_pon_is_legal_in_3_player() -> None:
    ev = start((DEALER_TANKI, "44z123456789s56z", FAR_2))
    ev += [
        Draw(0, t("4z")),
        Discard(0, t("4z")),
        Call(1, Meld(CallKind.PON, tuple(parse_tiles("444z")), t("4z"), 0)),
        Discard(1, t("5z")),
        Ryuukyoku(RyuukyokuKind.NINE_TERMINALS),
    ]
    # the only finding is the (deliberately) bogus abort that ends the hand
    assert codes(replay(ev)) == ["abort-condition-not-met"]


def test_no_four_riichi_abort_in_3_player() -> None:
    for rules in ("dora-sanma", "tenhou-sanma", "ron2-sanma"):
        ev = start((DEALER_TANKI, FAR_1, FAR_2), scores=preset(rules).start_points)
        ev += [Draw(0, t("3z")), Discard(0, t("3z")), Ryuukyoku(RyuukyokuKind.FOUR_RIICHI)]
        assert codes(replay(ev, rules)) == ["abort-condition-not-met"], rules


WIND_HANDS = ("1z111m999m123p456p", "1z123456789s19p6z", "1z1m1479s289p3677z")


def three_winds(kita_first: bool) -> list[Event]:
    ev = start(WIND_HANDS)
    if kita_first:
        ev += [Draw(0, t("4z")), kita(0)]
    return [
        *ev,
        Draw(0, t("3z")),
        Discard(0, t("1z")),
        Draw(1, t("3z")),
        Discard(1, t("1z")),
        Draw(2, t("3z")),
        Discard(2, t("1z")),
    ]


def test_three_winds_aborts_under_dora_sanma() -> None:
    ev = three_winds(kita_first=False)
    assert codes(replay([*ev, Ryuukyoku(RyuukyokuKind.FOUR_WINDS)])) == []
    assert codes(replay([*ev, Draw(0, t("5p")), Discard(0, t("5p"))]))[:1] == ["abort-missed"]


def test_kita_before_cancels_three_winds() -> None:
    ev = three_winds(kita_first=True)
    assert codes(replay([*ev, Ryuukyoku(RyuukyokuKind.FOUR_WINDS)])) == ["abort-condition-not-met"]
    going_on = codes(
        replay([*ev, Draw(0, t("5p")), Discard(0, t("5p")), Ryuukyoku(RyuukyokuKind.FOUR_WINDS)])
    )
    assert going_on == ["abort-condition-not-met"]  # no abort-missed: the hand rightly went on


def test_2m_to_8m_do_not_exist_in_3_player() -> None:
    ev = start(("111m999m123p456p5m", FAR_1, FAR_2))
    assert codes(replay(ev)) == ["tile-count-exceeded"]
    ev = start((DEALER_TANKI, FAR_1, FAR_2))
    assert codes(replay([*ev, Draw(0, t("2m"))])) == ["tile-count-exceeded"]
    # the same deal drawing a tile of the set is fine
    assert codes(replay([*ev, Draw(0, t("9p"))])) == []


def test_sanma_samples_are_current_and_replay_clean() -> None:
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "scripts"))
    import make_sanma_samples as mk

    assert mk.main(["--check"]) == 0
    for name, make in mk.GAMES.items():
        # the built record keeps every claim (yaku, fu, points) that mjai cannot carry
        built = replay_record(make().record(source=name))
        assert built.rules.num_players == 3 and built.findings == [], name
        assert any(w.recomputed and "kita" in dict(w.yaku) for w in built.hands[0].wins), name
    results = list(replay_paths([str(root / "sample_logs" / "sanma")]))
    assert len(results) == len(mk.GAMES)
    for res in results:
        assert isinstance(res, GameResult) and res.rules.name == "tenhou-sanma", res
        assert res.findings == [] and res.complete, res.source
