"""Tenhou's rating recomputed from the records: the formula, and the records' own R as the referee."""

from __future__ import annotations

import pytest

from analysis.rating import (
    PLACEMENT_BASE,
    TOLERANCE,
    agreement,
    games_factor,
    rated_seats,
    rating_change,
    rating_frame,
    rating_history,
    stable_dan,
)
from tests.conftest import corpus_dir

PHOENIX = ("tenhou_xml", "custom_tenhou_client", "tenhou", "gui", "resources", "replays")


def test_published_examples() -> None:
    """By hand: R 2000 at a table averaging 2000 (own R included) loses 0.2 x 30 = 6 for a 4th; with
    1500/1500/1400 (average 1600) 0.2 x (30 + 10) = 8; with 1500/1900/2100 (1875) 0.2 x 33.125."""
    assert rating_change(4, 2000, [2000, 2100, 1900, 2000]) == pytest.approx(-6)
    assert rating_change(4, 2000, [2000, 1500, 1500, 1400]) == pytest.approx(-8)
    assert rating_change(4, 2000, [2000, 1500, 1900, 2100]) == pytest.approx(-6.625)
    assert rating_change(1, 1500, [1500] * 3) == pytest.approx(6)  # three players: +30/0/-30
    assert games_factor(0) == 1 and games_factor(399) == pytest.approx(0.202) and games_factor(400) == 0.2
    assert rating_change(2, 1500, [1500] * 4, games_before=100) == pytest.approx(8)  # 0.8 x 10


def test_stable_dan() -> None:
    """安定段位 in the phoenix lobby: 3 firsts, 4 seconds, 3 thirds, 3 fourths keep 8 dan."""
    assert stable_dan({1: 3, 2: 4, 3: 3, 4: 3}, "houou") == pytest.approx(8)
    assert stable_dan({1: 3, 2: 4, 3: 3}, "houou") is None  # never last: no finite dan
    assert stable_dan({1: 1, 4: 1}, None) is None


def _seats(files):  # noqa: ANN001, ANN202
    from analysis.frames import outcome
    from paifu.pipeline import replay_paths

    out = []
    for r in replay_paths([str(f) for f in files]):
        out += rated_seats(r, outcome(r).placements)
    return out


def _check(rows) -> None:  # noqa: ANN001
    """Each pair agrees to 0.01, or misses by the two roundings to 0.01 only, or by about one game's
    change (a game of that player the corpus does not hold), or the two games began at the same R."""
    for row in rows:
        if row["agrees"] is not False:
            continue
        miss = row["next_stated"] - row["after"]
        factor = games_factor(row["games_before"])
        one_game = any(abs(miss / factor - b) <= 15 for b in PLACEMENT_BASE[row["players"]])
        assert abs(miss) <= TOLERANCE + 0.001 or one_game or row["next_stated"] == row["stated_rate"], row


def test_first_hours_of_phoenix_games() -> None:
    """The 118 games of 2017-01-01 00:00-02:59: nearly every stated R follows from the game before."""
    files = sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name[:10] <= "2017010102")
    seats = _seats(files)
    assert len(files) == 118 and len(seats) > 400
    rows = rating_history(seats)
    counts = agreement(rows)
    assert counts["pairs"] > 100 and counts["agree"] >= 0.95 * counts["pairs"]
    _check(rows)
    df = rating_frame(rows)
    assert df["agrees"].dtype == "boolean" and df["stated_rate"].dtype == "Float64"
    first = df.groupby(["player", "players"]).head(1)
    assert (first["recomputed"] == first["stated_rate"]).all()  # the curve starts at the first stated R


@pytest.mark.slow
def test_every_phoenix_game_of_the_day() -> None:
    seats = _seats(sorted(corpus_dir(*PHOENIX).iterdir()))
    rows = rating_history(seats)
    counts = agreement(rows)
    assert counts["agree"] >= 0.97 * counts["pairs"] and counts["pairs_3"] and counts["pairs_4"]
    _check(rows)
    plain = agreement(rating_history(seats, fit=False))  # everyone taken as past 400 games
    assert plain["agree"] <= counts["agree"]


def test_stated_rate_and_dan_in_any_form() -> None:
    """tenhou.net/6 JSON names the dan (四段), XML gives its index; a rate that is not a number, or
    one per seat missing, rates nobody rather than failing the report."""
    from analysis.examples import example_game
    from analysis.frames import outcome

    g = example_game("2017010100gm-00a9-0000-00000000")
    placements = outcome(g).placements
    g.meta = (("rate", (1500.0, 1600.5, 1700.0, 1800.0)), ("dan", ("四段", "初段", 16, "?")))
    seats = rated_seats(g, placements)
    assert [s.dan for s in seats] == [13, 10, 16, None] and seats[1].rate == 1600.5
    assert [s.placement for s in seats] == list(placements)
    for bad in ((1500.0, "x", 1700.0, 1800.0), (1500.0, 1600.0), (float("nan"),) * 4, "1500,1600"):
        g.meta = (("rate", bad),)
        assert rated_seats(g, placements) == []
    g.game_id = "no-date"
    g.meta = (("rate", (1500.0,) * 4),)
    assert rated_seats(g, placements) == []
