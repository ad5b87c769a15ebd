"""``GameVerdict``: what ``paifu validate`` needs of a game, and small enough to send back."""

from __future__ import annotations

import pickle

from conftest import SAMPLES

from paifu.engine.verdict import GameVerdict, verdict
from paifu.pipeline import Unreadable, replay_paths


def test_a_verdict_states_what_validation_reports() -> None:
    results = [r for r in replay_paths([str(SAMPLES)]) if not isinstance(r, Unreadable)]
    assert len(results) >= 5
    for res in results:
        v = verdict(res)
        assert isinstance(v, GameVerdict)
        assert (v.source, v.game_id, v.game_index) == (res.source, res.game_id, res.game_index)
        assert (v.rules_name, v.hand_count) == (res.rules.name, len(res.hands))
        assert (v.findings, v.notes, v.valid) == (res.findings, res.notes, res.valid)
        assert (v.wins_checked, v.draws_checked) == (res.wins_checked, res.draws_checked)
        assert v.rank_points_checked == res.rank_points_checked
        assert pickle.loads(pickle.dumps(v)) == v
    assert sum(r.wins_checked for r in results) > 0  # counts that are not all zero


def test_a_verdict_pickles_to_a_fraction_of_its_game() -> None:
    """The point of it: a worker sends back a fifth or less of what the whole result takes (on our
    two-hand samples; a tenth on a whole Tenhou game)."""
    results = [r for r in replay_paths([str(SAMPLES)]) if not isinstance(r, Unreadable)]
    assert results
    whole = sum(len(pickle.dumps(r, protocol=pickle.HIGHEST_PROTOCOL)) for r in results)
    brief = sum(len(pickle.dumps(verdict(r), protocol=pickle.HIGHEST_PROTOCOL)) for r in results)
    assert brief * 5 < whole


def test_anything_but_a_game_passes_as_it_is() -> None:
    bad = Unreadable("x.xml", "x.xml: not a record")
    assert verdict(bad) is bad
