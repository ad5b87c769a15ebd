"""Findings a person can read: fields named, which side is the record, tiles as MPSZ, one line
per cause."""

from __future__ import annotations

import re

from conftest import corpus_dir

from paifu.findings import _VALUES, CODES, Finding, group_findings
from paifu.pipeline import replay_paths


def test_hand_start_names_its_fields_and_which_side_is_the_record() -> None:
    f = Finding(
        "hand-start-mismatch",
        "round, hand, honba, sticks or dealer differ from the replay",
        game_id="g",
        hand="E3-0",
        event_index=174,
        expected=(0, 1, 1, 0, 1),
        actual=(0, 2, 0, 0, 2),
    )
    assert str(f) == (
        "game g E3-0 event 174: [hand-start-mismatch] round, hand, honba, sticks or dealer differ "
        "from the replay: the record says East 3, honba 0, 0 riichi sticks, dealer seat 2; "
        "the rules give East 2, honba 1, 0 riichi sticks, dealer seat 1"
    )


def test_tiles_are_mpsz_and_red_fives_follow_the_table() -> None:
    deal = (16, 17, 52, 88, 0, 4, 108, 132)  # red 5m, 5m, red 5p, red 5s, 1m, 2m, 1z, 7z
    f = Finding(
        "wall-mismatch",
        "dealt tiles differ from the wall rebuilt from the seed",
        seat=0,
        expected=deal,
        actual=deal[:-1] + (128,),
    )
    assert (
        f.detail()
        == "the record says the deal 1205m0p0s16z; the wall rebuilt from the seed gives 1205m0p0s17z"
    )
    no_red = Finding(
        "wall-mismatch", "draw differs from the wall", expected=16, actual=20, red_fives=(0, 0, 0)
    )
    assert no_red.detail() == "the record says the tile 6m; the wall rebuilt from the seed gives 5m"
    assert not re.search(r"\b(16|17|52|88|108|132|128)\b", str(f))  # no raw tile ids


def test_scores_and_deltas_are_per_seat_with_signs() -> None:
    f = Finding(
        "score-delta-mismatch",
        "the win's score changes differ from the replay",
        seat=0,
        expected=(32300, -16300, -16000, 0),
        actual=(32300, -16000, -16300, 0),
    )
    assert f.detail() == (
        "the record says score changes seat 0 +32,300, seat 1 -16,000, seat 2 -16,300, seat 3 +0; "
        "the rules give seat 0 +32,300, seat 1 -16,300, seat 2 -16,000, seat 3 +0"
    )
    r = Finding(
        "rank-points-mismatch",
        "placements differ from the tenhou table's scheme",
        expected=(1, 2),
        actual=(2, 1),
    )
    assert r.detail() == "the record says placements seat 0 2, seat 1 1; the scheme gives seat 0 1, seat 1 2"


def test_json_keeps_expected_and_actual_and_adds_the_text() -> None:
    d = Finding("han-mismatch", "the han differ from the replay", seat=1, expected=3, actual=4).to_dict()
    assert (d["expected"], d["actual"]) == (3, 4) and "red_fives" not in d
    assert d["detail"] == "the record says han 4; the rules give 3"
    assert Finding("truncated", "the record stops").to_dict()["detail"] == ""


def test_every_named_code_exists() -> None:
    assert set(_VALUES) <= set(CODES)


def test_wall_mismatch_is_one_line_per_cause() -> None:
    """west.xml's seed belongs to another game: 18 hands' deals differ, one cause, one line."""
    west = corpus_dir(
        "tenhou_xml", "pantheon", "Mimir", "tests", "helpers", "onlineLog", "testdata", "west.xml"
    )
    (game,) = list(replay_paths([str(west)]))
    assert len(game.findings) == 18 and {f.code for f in game.findings} == {"wall-mismatch"}
    groups = group_findings(game.findings)
    assert len(groups) == 1 and groups[0].count == 18
    text = str(groups[0])
    assert text.startswith("game 2017030413gm-0009-3821-485c5dae E1-0 event 1 seat 0: [wall-mismatch]")
    assert text.endswith("; 17 more in this game (E2-0 to W2-0, 17 hands)")
    assert "the record says the deal 44669m2357p8s225z" in text


def test_grouping_keeps_other_codes_and_games_apart() -> None:
    a = Finding("wall-mismatch", "draw differs from the wall", game_id="a", hand="E1-0", expected=1, actual=2)
    b = Finding("wall-mismatch", "draw differs from the wall", game_id="b", hand="E1-0", expected=1, actual=2)
    c = Finding("game-end-mismatch", "the game goes on", game_id="a", hand="E4-0")
    groups = group_findings([a, c, b, a, c])
    assert [(g.first.game_id, g.first.code, g.count) for g in groups] == [
        ("a", "wall-mismatch", 2),
        ("a", "game-end-mismatch", 1),
        ("b", "wall-mismatch", 1),
        ("a", "game-end-mismatch", 1),
    ]
