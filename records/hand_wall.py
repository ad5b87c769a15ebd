"""One hand's wall (``HandWall``): the shuffled tiles, the dice, the dead wall's indicators and
replacement draws, and the live wall's draws; ``paifu.engine.wall`` makes it from a Tenhou seed,
``paifu.engine.wall_check`` from a wall a record states.

Declared once, in ``records/hand_wall.py``, and written out into ``paifu/engine/hand_wall.py`` by
``scripts/gen_records.py`` as a class mypyc compiles (``paifu.valued``): one is made every hand.
"""

from __future__ import annotations

from paifu.valued import Hashed


class HandWall(Hashed):
    """One hand's wall. ``tiles`` is the shuffled array (dead wall at its start)."""

    tiles: tuple[int, ...]
    num_players: int
    dice: tuple[int, int] | None  # faces 1..6; None for a wall a record states without its dice
    dora_indicators: tuple[int, ...]  # 5, in reveal order
    ura_indicators: tuple[int, ...]  # 5, matching dora_indicators
    rinshan: tuple[int, ...]  # replacement draws (kan, kita), in order
    draws: tuple[int, ...]  # live-wall draws after the deal, in order (the dealer's first draw first)

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
