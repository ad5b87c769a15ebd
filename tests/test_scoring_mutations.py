"""One number changed in a real record is caught with the right code at the right hand."""

from __future__ import annotations

import dataclasses

import pytest

from paifu.events import ClaimedWin, GameEnd, Ryuukyoku, Win
from paifu.formats import read_path
from paifu.pipeline import replay_record
from tests.conftest import corpus_dir


def _record():
    path = (
        corpus_dir("tenhou_xml", "mjx", "tests_py", "resources", "mjlog")
        / "2010081709gm-00a9-0000-fe3371ad.mjlog"
    )
    rec = read_path(str(path))[0]
    assert not replay_record(rec).findings  # the unmutated record is clean
    return rec


def _first(rec, kind, pred=lambda e: True):  # noqa: ANN001, ANN202
    return next(i for i, e in enumerate(rec.events) if isinstance(e, kind) and pred(e))


def _mutate_claim(rec, i: int, **changes) -> None:  # noqa: ANN001
    ev = rec.events[i]
    rec.events[i] = dataclasses.replace(ev, claimed=dataclasses.replace(ev.claimed, **changes))


def _codes_at(rec, i: int) -> set[str]:  # noqa: ANN001
    return {f.code for f in replay_record(rec).findings if f.event_index == i}


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda c: {"fu": (c.fu or 30) + 10}, "fu-mismatch"),
        (lambda c: {"points": (c.points or 0) + 100}, "points-mismatch"),
        (lambda c: {"yaku": c.yaku[1:], "han": (c.han or 0) - c.yaku[0].han}, "yaku-mismatch"),
        (lambda c: {"han": (c.han or 0) + 1}, "han-mismatch"),
        (lambda c: {"deltas": (c.deltas[0] + 100, *c.deltas[1:])}, "score-delta-mismatch"),
    ],
    ids=["fu", "points", "drop-yaku", "han", "sc-entry"],
)
def test_one_claimed_number_changed(change, code: str) -> None:  # noqa: ANN001
    rec = _record()
    i = _first(rec, Win, lambda e: e.claimed.yakuman_multiple in (None, 0) and e.claimed.fu is not None)
    claim: ClaimedWin = rec.events[i].claimed
    _mutate_claim(rec, i, **change(claim))
    assert code in _codes_at(rec, i)


def test_final_score_changed() -> None:
    rec = _record()
    i = _first(rec, GameEnd)
    ev = rec.events[i]
    rec.events[i] = dataclasses.replace(ev, final_scores=(ev.final_scores[0] + 100, *ev.final_scores[1:]))
    assert "final-score-mismatch" in _codes_at(rec, i)


def test_noten_payment_changed() -> None:
    rec = _record()
    i = _first(rec, Ryuukyoku, lambda e: e.deltas is not None and any(e.deltas))
    ev = rec.events[i]
    rec.events[i] = dataclasses.replace(ev, deltas=tuple(-d for d in ev.deltas))
    codes = _codes_at(rec, i)
    assert "score-delta-mismatch" in codes


def test_tenpai_claim_changed() -> None:
    rec = _record()
    i = _first(rec, Ryuukyoku, lambda e: e.tenpai is not None and 0 < len(e.tenpai) < 4)
    ev = rec.events[i]
    others = tuple(s for s in range(4) if s not in ev.tenpai)
    rec.events[i] = dataclasses.replace(ev, tenpai=others)
    assert "tenpai-mismatch" in _codes_at(rec, i)
