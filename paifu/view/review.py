"""Discard review: a factual first look at where a hand went wrong, with no model.

For each discard: the hand's shanten before it (14 tiles) and after it, and its ukeire
(how many tiles still unseen by that player would lower the shanten) for the discard
made and for the best discard by that measure (lowest shanten, then most ukeire), by our own
calculator (``paifu.shanten``: each one-tile change re-solves one suit).
"Unseen" means not in the player's own hand, any river, any meld or the dora indicators.
"""

from __future__ import annotations

from typing import Any

from paifu.events import Discard
from paifu.shanten import Shape, improving
from paifu.tiles import kind_to_str
from paifu.view.model import TableData, kind_of, reviewable
from paifu.view.names import game_label

COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "event_index": "Int64",
    "label": "string",
    "seat": "category",  # 0..3 whatever the table size, as in paifu.analysis.frames
    "player": "string",
    "turn": "Int64",
    "tile": "string",
    "tsumogiri": "boolean",
    "riichi": "boolean",
    "shanten_before": "Int64",
    "shanten_after": "Int64",
    "ukeire": "Int64",
    "best_tile": "string",
    "best_shanten": "Int64",
    "best_ukeire": "Int64",
    "best": "boolean",
}


def visible_counts(tv: TableData, seat: int, own: tuple[int, ...] | None = None) -> list[int]:
    """Copies of each kind the player at ``seat`` can see: own hand (``own``: its counts, when
    known), rivers, melds, dora indicators."""
    c = list(tv.seats[seat].counts if own is None else own)
    for sv in tv.seats:
        for r in sv.river:
            if not r.called:  # a called tile is counted in the caller's meld
                c[kind_of(r.tile)] += 1
        for m in sv.melds:
            for t in m.tiles + ((m.added,) if m.added else ()):
                c[kind_of(t)] += 1
        c[30] += sv.kita
    for t in tv.dora:
        c[kind_of(t)] += 1
    return c


def ukeire(counts: list[int], visible: list[int], closed: bool, sanma: bool) -> tuple[int, int]:
    """(shanten, number of unseen tiles that lower it) of a hand waiting for a tile."""
    base, kinds = improving(tuple(counts), closed, sanma)
    return base, sum(max(4 - visible[k], 0) for k in kinds)


def review_discard(before: TableData, seat: int, tile: str) -> dict[str, Any]:
    """Shanten and ukeire of discarding ``tile`` and of the best discard, from the table before it."""
    sv = before.seats[seat]
    held = sv.counts
    counts = list(held)
    closed = not any(m.kind != "ankan" for m in sv.melds)
    if not reviewable(counts):  # a broken record's oversized hand: drawn, not reviewed
        return {"shanten_before": None}
    visible = visible_counts(before, seat, held)
    whole = Shape(counts, closed, sv.sanma)
    shanten_before = whole.shanten() if sum(counts) % 3 == 2 else None
    options: dict[int, tuple[int, int]] = {}
    kinds = [k for k in range(34) if counts[k]]
    after = {k: whole.shanten(k, -1) for k in kinds}
    low = min(after.values()) if after else None
    actual = kind_of(tile)
    for k in kinds:
        if after[k] == low or k == actual:
            counts[k] -= 1
            options[k] = ukeire(counts, visible, closed, sv.sanma)
            counts[k] += 1
    if actual not in options:  # a tile the engine did not see in the hand (a finding): review nothing
        return {"shanten_before": shanten_before}
    best = min(options, key=lambda k: (options[k][0], -options[k][1], k))
    made = options[actual]
    return {
        "shanten_before": shanten_before,
        "shanten_after": made[0],
        "ukeire": made[1],
        "best_tile": kind_to_str(best),
        "best_shanten": options[best][0],
        "best_ukeire": options[best][1],
        "best": made[0] == options[best][0] and made[1] == options[best][1],
    }


def discard_rows(game: Any) -> list[dict[str, Any]]:
    """One dict per discard of a ``GameView``."""
    r = game.result
    rows = []
    turns: dict[tuple[str, int], int] = {}
    for i, ev in enumerate(game.record.events):
        if not isinstance(ev, Discard) or i == 0 or i >= len(game.tables):
            continue
        before, now = game.tables[i - 1], game.tables[i]
        if not before.seats or ev.seat >= len(before.seats):
            continue
        key = (now.hand, ev.seat)
        turns[key] = turns.get(key, 0) + 1
        tile = now.seats[ev.seat].river[-1].tile if now.seats[ev.seat].river else "?"
        row = {
            "source": r.source,
            "game_id": game_label(r.game_id, r.source, r.game_index),
            "game_index": r.game_index,
            "event_index": i,
            "label": now.hand,
            "seat": ev.seat,
            "player": now.seats[ev.seat].name,
            "turn": turns[key],
            "tile": tile,
            "tsumogiri": ev.tsumogiri,
            "riichi": before.seats[ev.seat].riichi and not now.seats[ev.seat].river[-1].riichi,
        }
        if tile != "?":
            row.update(review_discard(before, ev.seat, tile))
        rows.append(row)
    return rows


def discard_review(game: Any) -> Any:
    """The discard review of a ``GameView`` as a DataFrame (columns ``COLUMNS``)."""
    import pandas as pd

    df = pd.DataFrame(discard_rows(game), columns=list(COLUMNS))
    for col, dtype in COLUMNS.items():
        if dtype == "category":
            df[col] = pd.Categorical(df[col].tolist(), categories=[0, 1, 2, 3])
        else:
            df[col] = pd.array([pd.NA if v is None or v != v else v for v in df[col].tolist()], dtype=dtype)  # type: ignore[call-overload]
    return df
