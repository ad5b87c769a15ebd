"""Findings: what the replay found wrong in a record, as data.

Codes are stable strings (documented in README); a finding never stops a batch.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

#: every code the engine and readers can emit, with a one-line meaning
CODES: dict[str, str] = {
    "tile-not-in-hand": "a tile discarded or called from a hand that does not hold it",
    "tile-count-exceeded": "a fifth copy of a kind (or an extra red five) appeared",
    "wrong-turn": "a draw or discard by a player whose turn it was not",
    "illegal-call": "a chi/pon/kan/kita that the state or the rules do not allow",
    "kuikae": "a swap-call discard where the ruleset forbids it",
    "riichi-not-closed": "riichi with an open hand",
    "riichi-not-tenpai": "riichi declared on a hand that is not tenpai after the discard",
    "riichi-insufficient-points": "riichi without the points the ruleset requires",
    "riichi-no-draws-left": "riichi with too few draws left in the wall",
    "riichi-kan-changes-wait": "a kan after riichi that changes the wait",
    "riichi-furiten": "riichi declared while furiten where the ruleset forbids it",
    "riichi-discard": "a player in riichi discarded a tile other than the one drawn",
    "furiten-ron": "ron while furiten (discard, same-turn or riichi furiten)",
    "not-a-winning-hand": "a win on a hand that is not complete",
    "no-yaku": "a win with no yaku",
    "abort-condition-not-met": "an abortive draw whose condition does not hold or is not allowed",
    "abort-missed": "a hand that should have ended in an abortive draw went on",
    "too-many-winners": "more winners on one discard than the ruleset allows",
    "hand-start-mismatch": "a hand started with the wrong dealer, round, honba, sticks or scores",
    "game-end-mismatch": "a game went on after it should have ended, or stopped early",
    "truncated": "the record stops in the middle of a hand or game",
    "wall-mismatch": "a draw or dora indicator differs from the wall rebuilt from the seed",
    "hand-size": "a hand holds the wrong number of tiles",
    "yaku-mismatch": "the yaku the record claims differ from the recomputed ones",
    "han-mismatch": "the han the record claims differ from the recomputed han",
    "fu-mismatch": "the fu the record claims differ from the recomputed fu",
    "points-mismatch": "the hand value the record claims differs from the recomputed value",
    "score-delta-mismatch": "a score change differs from the recomputed one",
    "final-score-mismatch": "the final scores differ from the replayed scores",
    "pao-mismatch": "the liable player (pao) differs from the recomputed one",
    "tenpai-mismatch": "the tenpai players at an exhaustive draw differ from the recomputed ones",
    "rank-points-mismatch": "the rank points or placements the record claims differ from the record's scheme",
    "malformed-record": "the file was malformed but could be read (recovered)",
    "unsupported": "the record uses something this version cannot check",
    "kan-dora-timing": "a kan dora indicator revealed earlier or later than the ruleset reveals it",
    "draw-kind-guessed": "a draw before the wall ran out that names no reason and fits no abortive draw",
    "kakan-without-pon": "an added kan with no earlier pon of that tile",
    "unknown-event": "an event type the reader does not know was skipped",
}

#: what a reader noticed that is no fault of the record (reported as a note, not a finding)
NOTES = {
    "draw-kind-inferred": "a draw that names no reason, read as the one abortive draw its table shows",
}


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    file: str = ""
    game_id: str = ""
    game_index: int = 0
    hand: str = ""  # e.g. "E2-1": East 2, 1 honba
    event_index: int | None = None  # index into the game's event list
    seat: int | None = None
    expected: Any = None
    actual: Any = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("expected", "actual"):
            v = d[key]
            if isinstance(v, tuple):
                d[key] = list(v)
        return d

    def __str__(self) -> str:
        where = " ".join(
            p
            for p in (
                f"game {self.game_id or self.game_index}",
                self.hand,
                f"event {self.event_index}" if self.event_index is not None else "",
                f"seat {self.seat}" if self.seat is not None else "",
            )
            if p
        )
        tail = ""
        if self.expected is not None or self.actual is not None:
            tail = f" (expected {self.expected!r}, got {self.actual!r})"
        return f"{where}: [{self.code}] {self.message}{tail}"


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"
