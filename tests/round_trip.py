"""A→B→A round trips of one game, judged under the original's rules: what changed, and what was warned.

A game written in format B and back in its own format A must be judged the same (verdict, findings,
every hand's score changes, the final scores); whatever B cannot carry must be said by a warning at
convert time. ``round_trip`` reports both, so a test can hold the two together.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import paifu
from paifu.engine.results import GameResult
from paifu.events import GameRecord
from paifu.formats import RecordError, read_bytes
from paifu.formats.seats import first_dealer_at_zero
from paifu.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Trip:
    via: str
    warned: tuple[str, ...]  # every warning of the two writes
    differences: tuple[str, ...]  # what the replay of the round-tripped game judges otherwise
    refused: str = ""  # a writer or reader that refused the game (the reason)


def _judged(result: GameResult) -> dict[str, object]:
    return {
        "verdict": result.valid,
        "complete": result.complete,
        "findings": sorted((f.code, f.hand, f.seat if f.seat is not None else -1) for f in result.findings),
        "score changes": [h.deltas for h in result.hands],
        "final scores": result.final_scores,
    }


def round_trip(record: GameRecord, via: str, rules: Ruleset) -> Trip:
    """``record`` written as ``via``, read, written in its own format and read again, then replayed under
    ``rules`` (the original's), beside the original's replay."""
    caught: list[str] = []
    try:
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter("always")
            there = read_bytes(paifu.write(record, via), "trip", via)
            assert len(there) == 1
            back = read_bytes(paifu.write(there[0], record.format), "trip", record.format)
            assert len(back) == 1
        caught = sorted({str(w.message) for w in ws})
    except RecordError as e:
        return Trip(via, tuple(caught), (), refused=str(e))
    if back[0].start.first_dealer != record.start.first_dealer:  # B turned the seats (and warned): the
        record = first_dealer_at_zero(record)  # same game with its players renumbered is the one to judge
    before = _judged(paifu.replay(record, rules))
    after = _judged(paifu.replay(back[0], rules))
    diffs = tuple(
        f"{k}: {before[k]!r:.120} became {after[k]!r:.120}" for k in before if before[k] != after[k]
    )
    return Trip(via, tuple(caught), diffs)
