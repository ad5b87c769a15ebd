"""Player counters add; rates are computed once from sums; zero denominators are NA."""

from __future__ import annotations

import math

import pytest

from paifu.analysis.examples import example_game
from paifu.analysis.frames import outcome
from paifu.analysis.stats import (
    Moments,
    PlayerCounters,
    combine,
    count_game,
    field_counters,
    mean,
    rates,
    stats_frame,
    wilson,
    yaku_frequencies,
)


def _counters(game):  # noqa: ANN001, ANN202
    oc = outcome(game)
    return dict(zip(game.players, count_game(game, oc.placements, oc.points), strict=True))


def test_counts_of_the_example_game() -> None:
    c = _counters(example_game())
    a, b, cc, d = c["A"], c["B"], c["C"], c["D"]
    assert (a.games, a.ranked_games, a.hands, a.wins, a.tsumo_wins, a.damaten_wins) == (1, 1, 3, 1, 1, 1)
    assert a.placements == {1: 1} and a.rank_points.total == 44.5 and a.final_score.total == 34500
    assert (b.wins, b.called, b.tsumo_wins, b.damaten_wins, b.win_value.total, b.win_turn.total) == (
        1,
        1,
        0,
        0,
        3900,
        8,
    )
    assert (cc.deal_ins, cc.deal_in_value.total, cc.riichi, cc.riichi_dealt_in, cc.riichi_won) == (
        1,
        3900,
        1,
        1,
        0,
    )
    assert (d.called, d.placements) == (1, {3: 1})
    # exhaustive draw in E2: A and B tenpai
    assert [(x.exhaustive_draws, x.tenpai_at_draw) for x in (a, b, cc, d)] == [(1, 1), (1, 1), (1, 0), (1, 0)]
    # zero-han ura is not a yaku hit; aka counts
    assert b.yaku == {"yakuhai-haku": 1, "dora": 1}
    assert a.yaku["aka-dora"] == 1


def test_counters_add_and_batches_combine() -> None:
    g1, g2 = _counters(example_game("g1")), _counters(example_game("g2"))
    total = combine(g1, g2)
    a = total["A"]
    assert a.games == 2 and a.hands == 6 and a.wins == 2 and a.placements == {1: 2}
    assert a.rank_points.n == 2 and a.rank_points.total == 89.0
    # adding is the same as counting everything at once; rates come from the sums
    assert rates(g1["A"] + g2["A"])["win_rate"] == rates(a)["win_rate"]
    assert rates(a)["win_rate"].value == pytest.approx(2 / 6)
    assert sum([g1["A"], g2["A"]]).wins == 2
    assert field_counters(total).hands == 24 and field_counters(total).wins == 4


def test_zero_denominator_is_na_not_zero() -> None:
    c = _counters(example_game())["C"]  # never won, declared riichi once
    r = rates(c)
    assert r["tsumo_share"].value is None and r["avg_win_value"].value is None
    assert r["win_rate"].value == 0.0  # a real zero: 0 wins in 3 hands
    empty = rates(PlayerCounters())
    assert all(e.value is None for e in empty.values())
    df = stats_frame({"C": c})
    assert df["tsumo_share"].isna().all() and df["tsumo_share"].dtype == "Float64"
    assert df.loc[0, "win_rate"] == 0.0


def test_wilson_and_normal_intervals() -> None:
    e = wilson(5, 10)
    assert (
        e.value == 0.5
        and e.low == pytest.approx(0.2366, abs=1e-4)
        and e.high == pytest.approx(0.7634, abs=1e-4)
    )
    e = wilson(0, 20)
    assert e.low == 0.0 and e.high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(0, 0).value is None
    m = Moments()
    for x in (1, 2, 3, 4) * 3:
        m.add(x)
    est = mean(m)
    sd = math.sqrt(15 / 11)
    assert est.value == 2.5 and est.low == pytest.approx(2.5 - 1.96 * sd / math.sqrt(12), abs=1e-3)
    one = Moments()
    one.add(3)
    assert mean(one).value == 3 and mean(one).low is None


def test_mean_intervals_respect_the_range_and_small_samples_get_none() -> None:
    """A placement mean lies in 1..4, so its interval does too; under 10 games there is none (the
    issue's 2-game player had 0.040-3.960)."""
    two = Moments()
    for x in (1, 3):
        two.add(x)
    assert mean(two, bounds=(1, 4)).value == 2 and mean(two, bounds=(1, 4)).low is None
    spread = Moments()
    for x in (1, 4) * 5:
        spread.add(x)
    raw, clipped = mean(spread), mean(spread, bounds=(1, 4))
    assert raw.low is not None and raw.high is not None
    assert (
        clipped.low == max(1, raw.low)
        and clipped.high == min(4, raw.high)
        and 1 <= clipped.low < clipped.high <= 4
    )
    c = PlayerCounters()
    for p in (1, 4) * 5:
        c.placement.add(p)
    r = rates(c)["avg_placement"]
    assert r.low is not None and r.high is not None and 1 <= r.low <= r.high <= 4


def test_riichi_outcomes_and_yaku_frequencies() -> None:
    g = example_game()
    g.hands[1].riichi = (False, False, False, True)  # D riichi, then the exhaustive draw
    g.hands[2].riichi = (False, True, False, False)  # B riichi, A wins by tsumo: "other"
    c = _counters(g)
    assert c["D"].riichi_draw == 1 and c["B"].riichi_other == 1
    freq = yaku_frequencies(c["A"])
    assert freq["pinfu"].value == 1.0 and list(freq)[0] == "aka-dora"


def test_stats_frame_columns() -> None:
    df = stats_frame(combine(_counters(example_game())))
    assert list(df["player"]) == ["A", "B", "C", "D"]
    for col in ("games", "hands", "wins", "deal_ins"):
        assert df[col].dtype == "Int64"
    for col in ("win_rate", "win_rate_low", "win_rate_high", "avg_placement", "placement_1", "riichi_won"):
        assert df[col].dtype == "Float64"


def test_tenhou_guest_name_is_not_one_player() -> None:
    """Tenhou writes "NoName" for every unregistered guest: different people, so never one player."""
    from paifu.analysis.stats import is_player_name

    assert not is_player_name("NoName") and not is_player_name("  ") and is_player_name("Aoi")
