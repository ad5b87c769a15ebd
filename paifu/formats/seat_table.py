"""What each seat holds as a hand's events go, for the writers: the board, followed unchecked.

A writer must sometimes say what the record does not (mjai shows no winning hand, 電脳麻将 writes the
melds in every shown hand, tenhou.net/6 marks a riichi discard and a drawn-then-discarded tile). It
asks that here, through a few questions, and keeps no copy of its own. Behind them is the board
(``paifu.board``), the table the checked replay changes, followed with the record's own numbers and
no rule judged; it keeps each concealed tile's id (``TableRules.tile_ids``: Tenhou XML writes ids),
and it leaves the end of a hand to the record (``TableRules.ends_hands``), so a writer transcribes
what a record says even where the table's own rules would have ended the hand.
"""

from __future__ import annotations

from paifu.board.follow import Follower
from paifu.board.rules import TableRules
from paifu.board.seat import SeatState
from paifu.events import Event, Meld


class SeatTable:
    """The writers' questions of the board: a seat's concealed tiles, its melds in the order called
    (an added kan in its pon's place), the tile just drawn, riichi (declared, and made by its
    discard), the hand's dealer and whether the next draw is a replacement draw."""

    __slots__ = ("_follow",)

    def __init__(self, n: int = 4) -> None:
        rules = TableRules(num_players=n, tile_ids=True, ends_hands=False)
        self._follow = Follower(rules)

    def apply(self, ev: Event) -> None:
        """The table after ``ev``."""
        self._follow.apply(ev)

    def _seat(self, seat: int) -> SeatState | None:
        st = self._follow.table
        return st.seats[seat] if st is not None and 0 <= seat < len(st.seats) else None

    def held(self, seat: int) -> list[int]:
        """The seat's concealed tiles' ids (a copy), the tile just drawn included."""
        s = self._seat(seat)
        return list(s.ids) if s is not None and s.ids is not None else []

    def melds(self, seat: int) -> list[Meld]:
        """The seat's melds in the order they were called (a copy)."""
        s = self._seat(seat)
        return list(s.melds) if s is not None else []

    def drawn(self, seat: int) -> int | None:
        """The tile the seat drew and still holds as drawn (None once it discards)."""
        s = self._seat(seat)
        return s.drawn if s is not None else None

    def declared(self, seat: int) -> bool:
        """The seat has declared riichi this hand (its riichi discard may still be to come)."""
        s = self._seat(seat)
        return s is not None and s.riichi

    def riichi_discard(self, seat: int) -> bool:
        """The seat's next discard is its riichi discard."""
        st = self._follow.table
        return st is not None and self.declared(seat) and st.riichi_turn[seat] == -1

    def in_riichi(self, seat: int) -> bool:
        """The seat has made its riichi discard."""
        return self.declared(seat) and not self.riichi_discard(seat)

    @property
    def last_discarder(self) -> int | None:
        """Who made the last discard (the tile on offer), None before any."""
        st = self._follow.table
        return st.last_discard[0] if st is not None and st.last_discard is not None else None

    @property
    def dealer(self) -> int:
        st = self._follow.table
        return st.dealer if st is not None else 0

    @property
    def after_kan(self) -> bool:
        """The next draw is a replacement draw (after a kan, or a kita)."""
        st = self._follow.table
        return st is not None and st.rinshan_pending
