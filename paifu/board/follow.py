"""A whole game followed on the board, unchecked: the table after every event.

For what needs the table but not a verdict (a writer's hands, a viewer's frames, a bot's inputs):
no rule is judged and no number recomputed; the record's own scores and payments move the table.
The checked replay (``paifu.engine``) changes the table through the same functions, so on a
legal record both give the same table after every event (``tests/test_board.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from paifu.board.rules import DEFAULT, TableRules
from paifu.board.state import TableState, red_of
from paifu.events import Event, GameEnd, GameStart, HandStart


class Follower:
    """A game followed one event at a time (``follow`` and the writers' ``SeatTable``): the
    game start sizes the table, a hand start deals a new one, the other events apply to it."""

    __slots__ = ("rules", "red", "table")

    def __init__(self, rules: TableRules = DEFAULT) -> None:
        self.rules = rules
        self.red = red_of(rules)
        #: the hand's table, changed in place; None before the first hand
        self.table: TableState | None = None

    def apply(self, ev: Event) -> TableState | None:
        """The table right after ``ev``."""
        st = self.table
        cls = type(ev)
        if cls is GameStart:
            assert isinstance(ev, GameStart)
            n = len(ev.players) or self.rules.num_players
            if n != self.rules.num_players:
                self.rules = self.rules.with_players(n)
        elif cls is HandStart:
            assert isinstance(ev, HandStart)
            rules = self.rules
            n = rules.num_players
            if ev.scores is not None:
                scores: tuple[int, ...] | list[int] = ev.scores
            else:  # a record that states no scores: carry them
                scores = st.scores if st is not None else (rules.start_points,) * n
            st = self.table = TableState.new_hand(rules, ev, scores, self.red)
            st.deal(ev.hands[:n], ev.dora_indicator)
        elif cls is GameEnd:
            if st is not None:
                st.close_hand()
        elif st is not None:
            st.apply(ev)
        return st


def follow(events: Iterable[Event], rules: TableRules = DEFAULT) -> Iterator[tuple[Event, TableState | None]]:
    """Each event with the table right after it (one ``TableState`` per hand, changed in place:
    ``copy()`` what you keep); None before the first hand. The table's size follows the game
    start's players."""
    step = Follower(rules).apply
    for ev in events:
        yield ev, step(ev)
