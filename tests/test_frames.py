"""Tidy frames: stable columns and dtypes, values from hand-built games and from the corpus."""

from __future__ import annotations

import pandas as pd
from conftest import corpus_dir

from paifu.analysis.examples import example_game
from paifu.analysis.frames import (
    GAME_PLAYERS_COLUMNS,
    GAMES_COLUMNS,
    HAND_PLAYERS_COLUMNS,
    HANDS_COLUMNS,
    SEAT,
    WIND,
    WINS_COLUMNS,
    build_frames,
)
from paifu.analysis.report import build_report, write_table


def test_columns_and_dtypes() -> None:
    f = build_frames([example_game()])
    for df, cols in (
        (f.games, GAMES_COLUMNS),
        (f.game_players, GAME_PLAYERS_COLUMNS),
        (f.hands, HANDS_COLUMNS),
        (f.hand_players, HAND_PLAYERS_COLUMNS),
        (f.wins, WINS_COLUMNS),
    ):
        assert list(df.columns) == list(cols)
        assert list(df.columns[:3]) == ["source", "game_id", "game_index"]
    assert f.game_players["seat"].dtype == SEAT
    assert f.hand_players["seat_wind"].dtype == WIND
    assert f.game_players["final_score"].dtype == "Int64" and f.game_players["points"].dtype == "Float64"
    assert f.hand_players["tenpai"].dtype == "boolean"
    assert (len(f.games), len(f.game_players), len(f.hands), len(f.hand_players), len(f.wins)) == (
        1,
        4,
        3,
        12,
        2,
    )


def test_values() -> None:
    f = build_frames([example_game()])
    gp = f.game_players.set_index("player")
    assert gp["placement"].tolist() == [1, 2, 4, 3]
    assert gp["points"].tolist() == [44.5, 9.4, -33.4, -20.5]
    assert bool(f.games.loc[0, "points_match"]) and f.games.loc[0, "scheme"] == "tenhou"
    h = f.hands
    assert h["result"].tolist() == ["win", "ryuukyoku", "win"] and h.loc[1, "ryuukyoku"] == "exhaustive"
    hp = f.hand_players
    e1 = hp[hp["label"] == "E1-0"].set_index("player")
    assert e1["dealt_in"].tolist() == [False, False, True, False] and e1.loc["C", "riichi_turn"] == 6
    assert e1["seat_wind"].tolist() == ["E", "S", "W", "N"]
    e3 = hp[hp["label"] == "E3-0"].set_index("player")
    assert e3["seat_wind"].tolist() == ["S", "W", "N", "E"] and e3.loc["D", "dealer"]
    # tenpai is only known at the exhaustive draw: NA elsewhere
    assert hp["tenpai"].isna().sum() == 8 and hp["tenpai"].sum() == 2
    w = f.wins
    assert w["damaten"].tolist() == [False, True] and w["yaku"].tolist()[0] == "yakuhai-haku,dora"
    assert w["from_seat"].tolist() == [2, 0] and pd.isna(w.loc[0, "limit"])


def test_no_final_scores_means_na() -> None:
    g = example_game()
    g.final_scores = None
    g.complete = False
    f = build_frames([g])
    assert f.game_players["placement"].isna().all() and f.game_players["points"].isna().all()
    assert f.games["points_match"].isna().all()


def test_a_scheme_for_another_table_size_gives_na() -> None:
    f = build_frames([example_game()], scheme="ron2-sanma")
    assert f.game_players["points"].isna().all() and f.game_players["placement"].notna().all()
    f = build_frames([example_game()], scheme="mleague")
    assert f.game_players["points"].tolist() == [54.5, 9.4, -43.4, -20.5]


def test_writers_round_trip(tmp_path) -> None:  # noqa: ANN001
    r = build_report([example_game(), example_game("g2", with_finding=True)])
    csv = write_table(r.frames.game_players, tmp_path / "g.csv")
    pq = write_table(r.frames.game_players, tmp_path / "g.parquet")
    back = pd.read_parquet(pq)
    assert back["points"].tolist() == r.frames.game_players["points"].tolist()
    assert pd.read_csv(csv)["player"].tolist() == ["A", "B", "C", "D"] * 2
    assert r.flagged["game_id"].tolist() == ["g2"]


def test_corpus_frames_and_claimed_points() -> None:
    from paifu.pipeline import Unreadable, replay_paths

    folder = corpus_dir("tenhou_xml", "mjx", "tests_py")
    results = [r for r in replay_paths([str(folder)]) if not isinstance(r, Unreadable)]
    assert len(results) >= 10
    f = build_frames(results)
    # per game, the hands' score changes add up to the final scores, but for the riichi
    # sticks left at the end, which only the top receives (Tenhou)
    deltas = f.hand_players.groupby(["source", "seat"], observed=True)["delta"].sum()
    gp = f.game_players.set_index(["source", "seat"])
    left = gp["final_score"] - 25000 - deltas
    assert (left % 1000 == 0).all() and (left[gp["placement"] != 1] == 0).all()
    assert (left > 0).any()
    # every complete game's rank points equal what the record claims
    complete = f.games[f.games["complete"]]
    assert len(complete) == len(results) and complete["points_match"].all()


def test_every_frame_round_trips_through_parquet_and_csv(tmp_path) -> None:  # noqa: ANN001
    from paifu.analysis.frames import SCHEMAS, read_table

    r = build_report([example_game("2010091009gm-00a9-0000-aa"), example_game("g2", with_finding=True)])
    for name in SCHEMAS:
        df = getattr(r.frames, name)
        pd.testing.assert_frame_equal(read_table(write_table(df, tmp_path / f"{name}.parquet")), df)
        back = read_table(write_table(df, tmp_path / f"{name}.csv"))
        assert back.dtypes.to_dict() == df.dtypes.to_dict(), name  # CSV cannot tell "" from NA
    wins = read_table(tmp_path / "wins.parquet")
    assert str(wins["seat"].dtype) == "category" and wins["pao_seat"].isna().all()
    assert str(wins["pao_seat"].dtype) == "category" and list(wins["pao_seat"].cat.categories) == [0, 1, 2, 3]


def test_unreadable_items_are_listed_not_crashed_on() -> None:
    from paifu.pipeline import Unreadable

    bad = Unreadable("broken.xml", "broken.xml: not well-formed XML")
    r = build_report([example_game(), bad])
    assert r.unreadable == [("broken.xml", "broken.xml: not well-formed XML")] and len(r.frames.games) == 1
    assert len(build_frames([bad, example_game()]).games) == 1


def test_findings_frame_and_game_date() -> None:
    f = build_frames([example_game("2009071823gm-00a9-0000-aa"), example_game("g2", with_finding=True)])
    assert f.games["date"].tolist()[0] == pd.Timestamp("2009-07-18 23:00") and pd.isna(f.games["date"][1])
    assert f.findings[["game_id", "hand", "code"]].values.tolist() == [["g2", "E3-0", "points-mismatch"]]
    assert str(f.findings["seat"].dtype) == "category"
