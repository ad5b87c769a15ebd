"""What ``paifu validate`` reports of a game, without the game's hands.

A worker process (``--jobs``) or a Dask worker sends each game back pickled; validation needs a
game's findings and its counts, not its hands, and a ``GameVerdict`` pickles to about a tenth of
the ``GameResult`` it sums up (4 KB a Tenhou game). Pickling the whole result, and unpickling it
in the parent, was a third of what two jobs cost beyond the serial run.
"""

from __future__ import annotations

from typing import NamedTuple

from paifu.engine.results import GameResult
from paifu.findings import Finding


class GameVerdict(NamedTuple):
    """A replayed game as ``paifu validate`` reports it (a tuple: pickled as one, compactly)."""

    source: str
    game_id: str
    game_index: int
    rules_name: str
    hand_count: int
    findings: list[Finding]
    notes: list[str]
    wins_checked: int  # wins valued by our scorer and compared with the record
    draws_checked: int  # hands whose draws were compared with the seed's wall
    rank_points_checked: bool

    @property
    def valid(self) -> bool:
        return not self.findings

    @classmethod
    def of(cls, res: GameResult) -> GameVerdict:
        return cls(
            res.source,
            res.game_id,
            res.game_index,
            res.rules.name,
            len(res.hands),
            res.findings,
            res.notes,
            res.wins_checked,
            res.draws_checked,
            res.rank_points_checked,
        )


def verdict(item: object) -> object:
    """A ``GameResult``'s verdict; anything else (an ``Unreadable``) as it is. A module-level
    function, so that workers are handed it by name."""
    return GameVerdict.of(item) if isinstance(item, GameResult) else item
