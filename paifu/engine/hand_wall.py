# Generated from records/hand_wall.py by scripts/gen_records.py (not edited here):
# edit records/hand_wall.py, then run python scripts/gen_records.py.
"""One hand's wall (``HandWall``): the shuffled tiles, the dice, the dead wall's indicators and
replacement draws, and the live wall's draws; ``paifu.engine.wall`` makes it from a Tenhou seed,
``paifu.engine.wall_check`` from a wall a record states.

Declared once, in ``records/hand_wall.py``, and written out into ``paifu/engine/hand_wall.py`` by
``scripts/gen_records.py`` as a class mypyc compiles (``paifu.valued``): one is made every hand.
"""

from __future__ import annotations

from typing import Final

from paifu.valued import Hashed


class HandWall(Hashed):
    """One hand's wall. ``tiles`` is the shuffled array (dead wall at its start)."""

    __slots__ = ("tiles", "num_players", "dice", "dora_indicators", "ura_indicators", "rinshan", "draws")
    __match_args__ = ("tiles", "num_players", "dice", "dora_indicators", "ura_indicators", "rinshan", "draws")

    tiles: Final[tuple[int, ...]]
    num_players: Final[int]
    dice: Final[tuple[int, int] | None]  # faces 1..6; None for a wall a record states without its dice
    dora_indicators: Final[tuple[int, ...]]  # 5, in reveal order
    ura_indicators: Final[tuple[int, ...]]  # 5, matching dora_indicators
    rinshan: Final[tuple[int, ...]]  # replacement draws (kan, kita), in order
    draws: Final[tuple[int, ...]]  # live-wall draws after the deal, in order (the dealer's first draw first)

    def __init__(
        self,
        tiles: tuple[int, ...],
        num_players: int,
        dice: tuple[int, int] | None,
        dora_indicators: tuple[int, ...],
        ura_indicators: tuple[int, ...],
        rinshan: tuple[int, ...],
        draws: tuple[int, ...],
    ) -> None:
        self.tiles = tiles
        self.num_players = num_players
        self.dice = dice
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.rinshan = rinshan
        self.draws = draws

    def initial_hands(self, num_players: int | None = None, dealer: int = 0) -> tuple[tuple[int, ...], ...]:
        """The 13 tiles dealt to each seat, in dealing order, indexed by absolute seat.

        Tenhou's INIT ``haiN`` lists are exactly this order.
        """
        n = self.num_players
        if num_players is not None and num_players != n:
            raise ValueError(f"this wall was built for {n} players, not {num_players}")
        w = self.tiles
        top = len(w) - 1
        by_turn: list[list[int]] = [[] for _ in range(n)]
        pos = top
        for _ in range(3):
            for k in range(n):
                by_turn[k] += [w[pos], w[pos - 1], w[pos - 2], w[pos - 3]]
                pos -= 4
        for k in range(n):
            by_turn[k].append(w[pos])
            pos -= 1
        out: list[tuple[int, ...]] = [()] * n
        for k in range(n):
            out[(dealer + k) % n] = tuple(by_turn[k])
        return tuple(out)

    def _values(self) -> tuple[object, ...]:
        return (
            self.tiles,
            self.num_players,
            self.dice,
            self.dora_indicators,
            self.ura_indicators,
            self.rinshan,
            self.draws,
        )
