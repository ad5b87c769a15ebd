"""Mahjong Soul contest games as tenhou.net/6 JSON (``disp`` 大会戦南喰, log id
``240302-<uuid>``): the contest's own start points come from the record, and its rank points
are fitted from the record's own scores (a note), not judged against a ranked room's scheme."""

from __future__ import annotations

import json

from paifu.formats import read_bytes
from paifu.pipeline import replay_record
from paifu.rank_points import Scheme, rank_points
from tests.conftest import corpus_dir

UUID = "240302-0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9"


def _ranked_game() -> dict:
    folder = corpus_dir("tenhou6_json", "MajsoulPaipuConvert")
    doc = json.loads(next(folder.rglob("*.json")).read_text(encoding="utf-8"))
    return doc[0] if isinstance(doc, list) else doc


def _as_contest(doc: dict, shift: int, uma: tuple[int, ...]) -> dict:
    """The same game at a contest table starting ``shift`` points higher, settled with ``uma``."""
    doc = json.loads(json.dumps(doc))
    doc["ref"] = UUID
    doc["rule"]["disp"] = "大会戦南喰"
    doc["title"] = ["大会戦南喰", doc["title"][1]]
    for hand in doc["log"]:
        hand[1] = [s + shift for s in hand[1]]
    finals = [s + shift for s in doc["sc"][0::2]]
    scheme = Scheme(
        name="contest",
        start_points=25000 + shift,
        return_points=25000 + shift,
        uma=uma,
        top_takes_rest=False,
        decimals=1,
    )
    doc["sc"] = [v for pair in zip(finals, rank_points(finals, scheme), strict=True) for v in pair]
    return doc


def _replay(doc: dict):  # noqa: ANN202
    (rec,) = read_bytes(json.dumps(doc, ensure_ascii=False).encode(), "contest.json")
    return replay_record(rec)


def test_ranked_room_game_is_judged_by_the_rooms_scheme() -> None:
    res = _replay(_ranked_game())
    assert res.valid and res.rank_points_checked and res.rules.name == "mahjongsoul"


def test_contest_game_at_30000_with_its_own_uma_is_valid_with_a_fitted_note() -> None:
    res = _replay(_as_contest(_ranked_game(), 5000, (20, 10, -10, -20)))
    assert res.valid, [str(f) for f in res.findings]
    assert res.rules.start_points == 0 and not res.rank_points_checked
    assert any("[rank-scheme-fitted]" in n and "20/10/-10/-20" in n for n in res.notes), res.notes


def test_contest_game_whose_points_fit_no_scheme_is_noted_not_flagged() -> None:
    doc = _as_contest(_ranked_game(), 0, (15, 5, -5, -15))
    doc["sc"][1] += 7.3  # a bonus no uma explains (a contest's own prize points)
    res = _replay(doc)
    assert res.valid and any("[rank-scheme-unknown]" in n for n in res.notes), res.notes


def test_a_changed_score_is_still_a_finding_at_a_contest_table() -> None:
    doc = _as_contest(_ranked_game(), 5000, (20, 10, -10, -20))
    doc["log"][1][1][0] += 1000  # the second hand starts from scores the first hand does not give
    assert "hand-start-mismatch" in {f.code for f in _replay(doc).findings}
