"""A game with its seats turned so that the first dealer sits in seat 0, for a format that has no word
for another first dealer (mjai's seats are table positions, tenhou.net/6 starts at seat 0).

Seat ``s`` becomes ``(s - first_dealer) % n``; every seat number and every per-seat tuple of every event
moves with it, so the game is the same game with its players renumbered. The writer says so.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from paifu.events import ClaimedWin, GameRecord, GameStart, Meld

_SEAT = frozenset({"seat", "from_seat", "dealer", "pao_seat"})
_PER_SEAT = frozenset(
    {"scores", "hands", "deltas", "scores_before", "shown", "final_scores", "rank_points", "rank_points_text"}
)
_PER_SEAT |= {"placements", "players"}


def first_dealer_at_zero(record: GameRecord) -> GameRecord:
    """``record`` with seat ``first_dealer`` as seat 0 (the record itself when it already is)."""
    d = record.start.first_dealer
    n = record.start.num_players
    if d == 0:
        return record
    return dataclasses.replace(record, events=[_turn(ev, d, n) for ev in record.events])


def _turn(obj: Any, d: int, n: int) -> Any:
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if v is None:
            continue
        if f.name in _SEAT:
            changes[f.name] = (v - d) % n
        elif f.name in _PER_SEAT and len(v) == n:
            changes[f.name] = tuple(v[(i + d) % n] for i in range(n))
        elif f.name == "tenpai":
            changes[f.name] = tuple(sorted((s - d) % n for s in v))
        elif isinstance(v, (Meld, ClaimedWin)):
            changes[f.name] = _turn(v, d, n)
        elif f.name == "melds":
            changes[f.name] = tuple(_turn(m, d, n) for m in v)
    if isinstance(obj, GameStart):
        changes["first_dealer"] = 0
        # per-seat header facts (dan, rate, ...) move with their players
        changes["meta"] = tuple(
            (k, tuple(v[(i + d) % n] for i in range(n)) if isinstance(v, tuple) and len(v) == n else v)
            for k, v in obj.meta
        )
    return dataclasses.replace(obj, **changes)
