"""Professional league presets (``jpml``, ``wrc``, ``ema``, ``mleague``), each rule difference
proved on a small hand-built record replayed end to end.

As in ``test_preset_records``: the record replays clean under the preset whose rule it follows
and gives the exact finding (event, seat, expected and claimed values) under a preset whose
rule differs. The sources of each value are written beside it in ``paifu/rules/presets/leagues.py``.
Hands are excerpts from South 1 (seat 0 deals) so that only the hand's own checks apply; the
start points are proved on an East 1 hand and the rank points on a whole game.
"""

from __future__ import annotations

import pytest
from builders import GameBuilder, HandBuilder, valuation_problems
from test_preset_records import PINFU, PINFU_23S, PINFU_TANYAO, TANKI_4S, TANYAO_40, TANYAO_56S, found

from paifu.engine.results import GameResult
from paifu.events import RyuukyokuKind
from paifu.pipeline import replay_record
from paifu.rank_points import rank_points, scheme_for_rules
from paifu.rules import Ruleset, load_rules, preset

LEAGUES = ("jpml", "wrc", "ema", "mleague")


def replay(g: GameBuilder, rules: str, partial: bool = True) -> GameResult:
    return replay_record(g.record(partial=partial), preset(rules))


def clean(g: GameBuilder, *names: str) -> None:
    """The record is what each preset says: our scorer agrees with every claim and the replay is clean."""
    for name in names:
        assert valuation_problems(g.record(partial=True), preset(name)) == [], name
        res = replay(g, name)
        assert res.findings == [], (name, [str(f) for f in res.findings])


def finding(res: GameResult, code: str) -> tuple[object, object]:
    (f,) = [f for f in res.findings if f.code == code]
    return f.expected, f.actual


def excerpt(deal: list[str | None], *, start: int = 30000, dora: str = "1z") -> HandBuilder:
    """South 1, 0 honba, no sticks: seat 0 deals; nobody's start points are judged."""
    g = GameBuilder(go_type=None, start_points=start)
    return g.hand(deal, round_wind=1, dora=dora)


def test_presets_are_listed_and_print_as_toml() -> None:
    for name in LEAGUES:
        r = preset(name)
        assert Ruleset.from_toml(r.to_toml()) == r  # `paifu rules jpml` prints a TOML that loads back
        assert load_rules(name) is r
    assert [preset(n).start_points for n in LEAGUES] == [30000, 30000, 30000, 25000]


# ---------------------------------------------------------------- dora and ippatsu


def _riichi_tsumo(ippatsu: bool, claim: dict[str, object], ura: str | None = None) -> tuple[GameBuilder, int]:
    """Seat 2 (234m 66m 345p 678p 56s, waits 4s-7s) declares riichi on its second discard and
    tsumos 4s: on its very next draw (ippatsu) or after one more go-around."""
    h = excerpt([None, None, TANYAO_56S, None])
    h.auto(6)
    h.draw(2, h.safe_tile())
    h.riichi(2)
    h.auto(7 if not ippatsu else 3)
    h.draw(2, "4s")
    return h.g, h.tsumo(2, ura=ura, **claim)  # type: ignore[arg-type]


#: riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu, non-dealer tsumo 1,300 / 2,600 (+ the stick)
PLAIN = dict(
    fu=20,
    points=5200,
    deltas=[-2600, -1300, 6200, -1300],
    yaku=[("riichi", 1), ("menzen-tsumo", 1), ("pinfu", 1), ("tanyao", 1)],
)


def test_no_ura_dora() -> None:
    """JPML: "一発、裏ドラ、槓ドラなし". A riichi tsumo whose ura indicator (5m: 66m is a pair of
    ura dora) adds 2 han under Tenhou, WRC and M.League: 6 han is haneman, 3,000 / 6,000."""
    g, win = _riichi_tsumo(False, PLAIN, ura="5m")
    clean(g, "jpml")
    for name in ("tenhou", "wrc", "mleague"):
        res = replay(g, name)
        assert found(res) == [
            ("yaku-mismatch", win, 2),
            ("han-mismatch", win, 2),
            ("points-mismatch", win, 2),
            ("score-delta-mismatch", win, 2),
        ], name
        assert finding(res, "han-mismatch") == (6, 4)
        assert finding(res, "points-mismatch") == (12000, 5200)

    haneman = dict(
        fu=20,
        points=12000,
        limit="haneman",
        deltas=[-6000, -3000, 13000, -3000],
        yaku=[*PLAIN["yaku"], ("ura-dora", 2)],
    )  # type: ignore[list-item]
    g, win = _riichi_tsumo(False, haneman, ura="5m")
    clean(g, "tenhou", "wrc", "mleague")
    res = replay(g, "jpml")
    assert finding(res, "han-mismatch") == (4, 6)
    assert finding(res, "score-delta-mismatch") == ((-2600, -1300, 6200, -1300), (-6000, -3000, 13000, -3000))


def test_no_ippatsu() -> None:
    """JPML: no ippatsu. The same riichi tsumo on the next draw is 5 han (mangan, 2,000 / 4,000)
    where ippatsu counts (WRC, EMA, M.League) and 4 han under JPML."""
    g, win = _riichi_tsumo(True, PLAIN)
    clean(g, "jpml")
    mangan = dict(
        fu=20,
        points=8000,
        limit="mangan",
        deltas=[-4000, -2000, 9000, -2000],
        yaku=[*PLAIN["yaku"], ("ippatsu", 1)],
    )  # type: ignore[list-item]
    for name in ("wrc", "ema", "mleague"):
        res = replay(g, name)
        assert finding(res, "han-mismatch") == (5, 4), name
    g, win = _riichi_tsumo(True, mangan)
    clean(g, "wrc", "ema", "mleague")
    res = replay(g, "jpml")
    assert found(res) == [
        ("yaku-mismatch", win, 2),
        ("han-mismatch", win, 2),
        ("points-mismatch", win, 2),
        ("score-delta-mismatch", win, 2),
    ]


def _closed_kan(reveal: bool) -> tuple[GameBuilder, int]:
    """Seat 2 makes a closed kan of 1m on its first turn; the kan's indicator is shown (or not)."""
    h = excerpt([None, None, "1111m369p147s257z", None])
    h.auto(2)
    h.draw(2, h.safe_tile())
    kan = h.ankan(2, "1m")
    if reveal:
        h.new_dora("9p")
    h.draw(2, h.safe_tile())
    h.discard(2)
    h.run_out()
    return h.g, kan + 1


def test_no_kan_dora() -> None:
    """JPML: "槓ドラ、槓ウラなし": a closed kan shows no new indicator. Everywhere else it does."""
    g, shown = _closed_kan(reveal=True)
    clean(g, "wrc", "ema", "mleague")
    assert found(replay(g, "jpml")) == [("illegal-call", shown, None)]
    g, discard = _closed_kan(reveal=False)
    clean(g, "jpml")
    for name in ("wrc", "mleague"):
        assert ("kan-dora-timing", discard + 1, None) in found(replay(g, name)), name


def test_red_fives_only_in_mleague() -> None:
    """Red fives: M.League plays one per suit ("赤ドラ(5萬・5筒・5索の各1枚)"); JPML, WRC (2015) and
    EMA (2016: "no more red fives") none. Seat 2 rons 4s with a red 5p in 345p: pinfu, tanyao and
    aka under M.League (3 han 30 fu, 3,900); the same tile is a plain 5p elsewhere (2,000)."""

    def game(aka: bool) -> tuple[GameBuilder, int]:
        h = excerpt([None, None, "234m66m340p678p56s", None], start=25000 if aka else 30000)
        h.auto(4)
        h.draw(0, "4s")
        h.discard(0)
        if aka:
            return h.g, h.ron(
                2,
                0,
                deltas=[-3900, 0, 3900, 0],
                fu=30,
                points=3900,
                yaku=[("pinfu", 1), ("tanyao", 1), ("aka-dora", 1)],
            )
        return h.g, h.ron(2, 0, deltas=[-2000, 0, 2000, 0], **PINFU_TANYAO)  # type: ignore[arg-type]

    g, win = game(aka=True)
    clean(g, "mleague")
    for name in ("jpml", "wrc", "ema"):
        res = replay(g, name)
        assert finding(res, "han-mismatch") == (2, 3), name
    g, win = game(aka=False)
    clean(g, "jpml", "wrc", "ema")
    assert finding(replay(g, "mleague"), "han-mismatch") == (3, 2)


# ---------------------------------------------------------------- limits


def _thirteen_han(claim: dict[str, object]) -> tuple[GameBuilder, int]:
    """Seat 2, closed 123456789m 23m 99m, dora 9m (indicator 8m), tsumos 4m after a go-around:
    menzen tsumo 1, pinfu 1, ittsu 2, chinitsu 6, dora 3 = 13 han."""
    h = excerpt(
        ["147p258p369s1234z", "147p258p369s1567z", "123456789m23m99m", "369p147s258s2347z"], dora="8m"
    )
    h.auto(6)
    h.draw(2, "4m")
    return h.g, h.tsumo(2, **claim)  # type: ignore[arg-type]


THIRTEEN = [("menzen-tsumo", 1), ("pinfu", 1), ("ittsu", 2), ("chinitsu", 6), ("dora", 3)]


def test_no_kazoe_yakuman() -> None:
    """Kazoe yakuman: WRC (errata: "Kazoe yakuman is not allowed"), EMA 2016, M.League ("数え役満なし")
    and JPML cap 13 han at sanbaiman (non-dealer tsumo 6,000 / 12,000); Tenhou counts a yakuman
    (8,000 / 16,000)."""
    g, win = _thirteen_han(
        dict(fu=20, points=24000, limit="sanbaiman", deltas=[-12000, -6000, 24000, -6000], yaku=THIRTEEN)
    )
    clean(g, *LEAGUES)
    res = replay(g, "tenhou")
    assert found(res) == [("points-mismatch", win, 2), ("score-delta-mismatch", win, 2)]
    assert finding(res, "points-mismatch") == (32000, 24000)


def test_kiriage_mangan_in_mleague() -> None:
    """M.League rounds 4 han 30 fu up to mangan ("7700は切り上げ"); JPML, WRC and EMA do not.
    Seat 2 rons 4s: pinfu, tanyao, iipeikou and a dora (234m 234m 55p 678p 56s, indicator 7p)."""

    def game(points: int) -> tuple[GameBuilder, int]:
        h = excerpt([None, None, "234m234m55p678p56s", None], dora="7p")
        h.auto(4)
        h.draw(0, "4s")
        h.discard(0)
        return h.g, h.ron(
            2,
            0,
            deltas=[-points, 0, points, 0],
            fu=30,
            points=points,
            yaku=[("pinfu", 1), ("tanyao", 1), ("iipeikou", 1), ("dora", 1)],
        )

    g, win = game(8000)
    clean(g, "mleague")
    for name in ("jpml", "wrc", "ema"):
        assert finding(replay(g, name), "points-mismatch") == (7700, 8000), name
    g, win = game(7700)
    clean(g, "jpml", "wrc", "ema")
    assert finding(replay(g, "mleague"), "points-mismatch") == (8000, 7700)


# ---------------------------------------------------------------- draws and multiple ron


def test_nine_terminals_abort_only_in_jpml() -> None:
    """Abortive draws: JPML keeps 九種九牌 (and four winds, four riichi, four kans); WRC ("There
    are no abortive draws"), EMA 2016 and M.League ("途中流局…なし") have none."""
    h = excerpt([None, None, "19m19p1s1234z2m3p45s", None])
    h.auto(2)
    h.draw(2, h.safe_tile())
    draw = h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=2)
    clean(h.g, "jpml")
    for name in ("wrc", "ema", "mleague"):
        assert found(replay(h.g, name)) == [("abort-condition-not-met", draw, None)], name


def _ron_4s(deal: list[str | None]) -> HandBuilder:
    """Everyone passes once, then the dealer (seat 0) throws a 4s."""
    h = excerpt(deal)
    h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    return h


def test_double_and_triple_ron_only_in_ema() -> None:
    """EMA 2016 pays every winner on one discard ("Double and triple Ron is allowed, the discarder has
    to pay each winner separately"); JPML ("アガリは上家優先"), WRC ("Each hand can have only one
    winner") and M.League ("全て頭ハネ") let only the seat nearest the discarder win."""
    h = _ron_4s([None, PINFU_23S, TANYAO_56S, TANKI_4S])
    wins = [
        h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU),  # type: ignore[arg-type]
        h.ron(2, 0, deltas=[-2000, 0, 2000, 0], **PINFU_TANYAO),  # type: ignore[arg-type]
        h.ron(3, 0, deltas=[-1300, 0, 0, 1300], **TANYAO_40),
    ]  # type: ignore[arg-type]
    clean(h.g, "ema")
    for name in ("jpml", "wrc", "mleague"):
        assert found(replay(h.g, name)) == [
            ("too-many-winners", wins[1], 2),
            ("too-many-winners", wins[2], 3),
        ]
    assert found(replay(h.g, "tenhou")) == [("abort-missed", wins[2], 3)]  # Tenhou aborts on three rons

    h = _ron_4s([None, PINFU_23S, TANYAO_56S, None])
    h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU)  # type: ignore[arg-type]
    clean(h.g, *LEAGUES)  # the nearest seat alone: right everywhere (EMA's seat 2 did not call)


def test_tenpai_hand_may_declare_noten() -> None:
    """WRC §5.7.2: "A player having a tenpai hand can choose to declare it noten and not reveal it,
    unless he had declared riichi." Seat 2 is tenpai at the exhaustive draw but says noten, so
    nobody pays; Tenhou's table knows no such choice (seat 2 tenpai: 3,000 from the others)."""
    h = excerpt([None, None, PINFU_23S, None])
    draw = h.run_out([0, 0, 0, 0], tenpai=[])
    clean(h.g, *LEAGUES)
    res = replay(h.g, "tenhou")
    assert found(res) == [("tenpai-mismatch", draw, None), ("score-delta-mismatch", draw, None)]
    assert finding(res, "score-delta-mismatch") == ((-1000, -1000, 3000, -1000), (0, 0, 0, 0))

    # a riichi hand cannot hide: declaring it noten is wrong under every rule
    h = excerpt([None, None, PINFU_23S, None])
    h.auto(6)
    h.draw(2, h.safe_tile())
    h.riichi(2)
    draw = h.run_out([0, 0, 0, 0], tenpai=[])
    for name in ("wrc", "tenhou"):
        assert ("tenpai-mismatch", draw, None) in found(replay(h.g, name)), name


def test_riichi_with_no_draw_left_in_jpml() -> None:
    """JPML: "ツモ番がなくてもリーチをかけることができる" (M.League likewise: "ツモ番なしリーチあり").
    Seat 1 draws the last tile of the wall and declares riichi on it; Tenhou, WRC and EMA need a
    draw left to declare."""
    h = excerpt([None, PINFU_23S, None, None])
    h.auto(h.live - 1)
    assert h.turn == 1
    h.draw(1, h.safe_tile())
    decl = len(h.g.events)
    h.riichi(1)
    h.exhaustive([-1000, 3000, -1000, -1000], tenpai=[1])
    clean(h.g, "jpml", "mleague")
    for name in ("tenhou", "wrc", "ema"):
        assert ("riichi-no-draws-left", decl, 1) in found(replay(h.g, name)), name


def test_kuikae_of_the_other_end_allowed_in_jpml() -> None:
    """JPML: "現物以外の喰い替えを認める": after chi of 4s with 56s, discarding 7s is fine under JPML;
    WRC (errata: "Swap-calling (kuikae) is not allowed", the other side of the chow included)
    and M.League forbid it. Discarding the called 4s itself is wrong everywhere."""

    def game(discard: str) -> tuple[GameBuilder, int]:
        h = excerpt([None, None, "147m258p39s4567s1z", None])
        h.auto(1)
        h.draw(1, "4s")
        h.discard(1)
        h.chi(2, "56s")
        i = h.discard(2, discard)
        h.run_out()
        return h.g, i

    g, i = game("7s")
    clean(g, "jpml")
    for name in ("wrc", "ema", "mleague"):
        assert found(replay(g, name)) == [("kuikae", i, 2)], name
    g, i = game("4s")
    for name in ("jpml", *LEAGUES[1:]):
        assert found(replay(g, name)) == [("kuikae", i, 2)], name


# ---------------------------------------------------------------- start points and rank points


def test_start_points() -> None:
    """JPML, WRC and EMA start from 30,000; M.League from 25,000. A first hand at 25,000 each is a
    hand-start-mismatch under a 30,000 league, and the other way round."""
    for start, ok, wrong in (
        (25000, ("mleague",), ("jpml", "wrc", "ema")),
        (30000, ("jpml", "wrc", "ema"), ("mleague",)),
    ):
        g = GameBuilder(go_type=None, start_points=start)
        h = g.hand([None] * 4)
        h.run_out()
        clean(g, *ok)
        for name in wrong:
            res = replay(g, name)
            assert found(res) == [("hand-start-mismatch", 1, None)], name
            assert finding(res, "hand-start-mismatch") == ((preset(name).start_points,) * 4, (start,) * 4)


def test_rank_point_schemes() -> None:
    """Each league's rank points, from its preset (``scheme_for_rules``), ties included.

    JPML (順位点 by floaters, counted from 30,000, no oka): two float 8/4/-4/-8, one 12/-1/-3/-8,
    three 8/3/1/-12. WRC and EMA: uma 15/5/-5/-15 from 30,000, tied players average it. M.League:
    25,000 start, 30,000 return, 順位点 +50/+10/-10/-30 (uma 30/10/-10/-30 and oka 20), tied
    players split 順位点 and oka.
    """
    jpml, wrc, ema, ml = (scheme_for_rules(preset(n)) for n in LEAGUES)
    assert rank_points((40000, 35000, 25000, 20000), jpml) == (18.0, 9.0, -9.0, -18.0)
    assert rank_points((45000, 29000, 25000, 21000), jpml) == (27.0, -2.0, -8.0, -17.0)
    assert rank_points((35000, 31000, 30000, 24000), jpml) == (13.0, 4.0, 1.0, -18.0)  # 30,000 floats
    assert rank_points((50000, 30000, 20000, 20000), jpml) == (28.0, 4.0, -16.0, -16.0)  # ties share -4/-8
    for s in (wrc, ema):
        assert rank_points((40000, 35000, 25000, 20000), s) == (25.0, 10.0, -10.0, -25.0)
        assert rank_points((35000, 35000, 25000, 25000), s) == (15.0, 15.0, -15.0, -15.0)
    assert rank_points((40000, 30000, 20000, 10000), ml) == (60.0, 10.0, -20.0, -50.0)
    assert rank_points((35000, 35000, 15000, 15000), ml) == (35.0, 35.0, -35.0, -35.0)  # 5 + (50+10)/2


def _whole_game(
    rank: tuple[float, ...], *, last_riichi: bool = False, finals: tuple[int, ...] | None = None
) -> GameBuilder:
    """A whole 30,000 hanchan: East 1 seat 1 rons seat 0's 4s (pinfu, 1,000), then seven hands
    nobody is tenpai in (the seat moves on, honba +1 each). Final 29,000 / 31,000 / 30,000 / 30,000.

    ``last_riichi``: in South 4 seat 1 declares riichi and is alone tenpai at the draw (3,000 from
    the others); its stick is still on the table when the game ends."""
    g = GameBuilder(go_type=None, start_points=30000)
    h = g.hand([None, PINFU_23S, None, None])
    h.auto(4)
    h.draw(0, "4s")
    h.discard(0)
    h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU)  # type: ignore[arg-type]
    for i in range(1, 8):
        if i == 7 and last_riichi:
            h = g.hand([None, PINFU_23S, None, None], round_wind=1, hand_number=3, honba=6)
            h.auto(6)  # seats 3, 0, 1, 2, 3, 0: seat 1's second discard declares
            h.draw(1, h.safe_tile())
            h.riichi(1)
            h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
        else:
            g.hand([None] * 4, round_wind=i // 4, hand_number=i % 4, honba=i - 1).run_out()
    g.end(finals, rank_points=rank)
    return g


@pytest.mark.parametrize(
    ("rules", "other", "claim"),
    [
        # three float: 8/3/1/-12, seats 2 and 3 tie at 30,000 and share 3 and 1
        ("jpml", "wrc", (-13.0, 9.0, 2.0, 2.0)),
        # WRC: 15/5/-5/-15, the tied seats share 5 and -5
        ("wrc", "jpml", (-16.0, 16.0, 0.0, 0.0)),
    ],
)
def test_rank_points_of_a_whole_game(rules: str, other: str, claim: tuple[float, ...]) -> None:
    g = _whole_game(claim)
    res = replay(g, rules, partial=False)
    assert res.findings == [], [str(f) for f in res.findings]
    assert res.rank_points_checked
    res = replay(g, other, partial=False)
    assert found(res) == [("rank-points-mismatch", len(g.events) - 1, None)]


def test_leftover_riichi_stick() -> None:
    """JPML: "オーラス終了時のリーチ棒は供託となる": the stick left at the end goes to nobody; WRC (and
    EMA, M.League) give it to the top. South 4 ends 28,000 / 33,000 / 29,000 / 29,000 with one
    stick on the table.

    JPML: one floats (12/-1/-3/-8, seats 2 and 3 share -1 and -3): -10, +15, -3, -3 (the lost stick
    is missing from the sum). WRC: seat 1 34,000: -17, +19, -1, -1.
    """
    g = _whole_game((-10.0, 15.0, -3.0, -3.0), last_riichi=True)
    res = replay(g, "jpml", partial=False)
    assert res.findings == [], [str(f) for f in res.findings]
    assert res.final_scores == (28000, 33000, 29000, 29000)
    res = replay(g, "wrc", partial=False)
    end = len(g.events) - 1
    assert found(res) == [("final-score-mismatch", end, None), ("rank-points-mismatch", end, None)]
    assert finding(res, "final-score-mismatch") == (
        (28000, 34000, 29000, 29000),
        (28000, 33000, 29000, 29000),
    )

    g = _whole_game((-17.0, 19.0, -1.0, -1.0), last_riichi=True, finals=(28000, 34000, 29000, 29000))
    for name in ("wrc", "ema"):
        res = replay(g, name, partial=False)
        assert res.findings == [], (name, [str(f) for f in res.findings])
    assert found(replay(g, "jpml", partial=False))[0] == ("final-score-mismatch", len(g.events) - 1, None)


def test_renhou_mangan() -> None:
    """Renhou: JPML (2012 official page: 特役(満貫) "人和") and EMA 2016 ("renhou is now a strict mangan
    only") pay a mangan, 8,000, for seat 1's ron on the dealer's first discard before its own first
    draw; WRC (§6.5.4, a mangan yaku; errata 2014: "Renhō is cumulative with other yaku and dora")
    adds its 5 han to the pinfu: 6 han, haneman 12,000; M.League (no renhou in its summaries, the
    default) values the hand itself: pinfu, 1,000."""

    def game(renhou: str) -> tuple[GameBuilder, int]:
        h = excerpt([None, PINFU_23S, None, None], start=30000 if renhou else 25000)
        h.draw(0, "4s")
        h.discard(0)
        if renhou == "mangan":
            return h.g, h.ron(
                1, 0, deltas=[-8000, 8000, 0, 0], fu=0, points=8000, limit="mangan", yaku=[("renhou", 5)]
            )
        if renhou == "cumulative":
            return h.g, h.ron(
                1,
                0,
                deltas=[-12000, 12000, 0, 0],
                fu=30,
                points=12000,
                limit="haneman",
                yaku=[("renhou", 5), ("pinfu", 1)],
            )
        return h.g, h.ron(1, 0, deltas=[-1000, 1000, 0, 0], **PINFU)  # type: ignore[arg-type]

    g, win = game(renhou="mangan")
    clean(g, "jpml", "ema")
    assert finding(replay(g, "mleague"), "points-mismatch") == (1000, 8000)
    assert finding(replay(g, "wrc"), "points-mismatch") == (12000, 8000)
    g, win = game(renhou="cumulative")
    clean(g, "wrc")
    for name in ("jpml", "ema"):
        assert finding(replay(g, name), "points-mismatch") == (8000, 12000), name
    g, win = game(renhou="")
    clean(g, "mleague")
    for name, value in (("jpml", 8000), ("wrc", 12000), ("ema", 8000)):
        assert finding(replay(g, name), "points-mismatch") == (value, 1000), name
