"""A run's rated seats in bounded memory (``SeatLog``: past a limit they wait on disk) and the rating
rows made from them one player's group at a time as they are read (``RatingRows``), so a report
holds neither every seat nor every row; ``paifu.analysis.rating`` computes what they hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from paifu.analysis.rating import RatedSeat, group_history

#: rated seats a ``SeatLog`` keeps in memory at most (about 240 bytes each: 1 MiB); past that, every
#: seat waits on disk (``paifu.analysis.spill``), read back one (player, players, platform) at a time
MEMORY_SEATS = 4096

_Group = tuple[str, int, str]


class SeatLog:
    """A run's rated seats in input order, in bounded memory: past ``memory`` seats (``MEMORY_SEATS``;
    None: no limit) they go to a private SQLite file (``paifu.analysis.spill.private_db``), and
    ``groups`` reads them back one (player, players, platform) at a time, in key order."""

    def __init__(self, memory: int | None = -1) -> None:
        self.memory = MEMORY_SEATS if memory is not None and memory < 0 else memory
        self._seats: list[RatedSeat] = []
        self._db: Any = None
        self._len = 0
        self._index: dict[str, list[RatedSeat]] | None = None  # by player, while in memory

    def __len__(self) -> int:
        return self._len

    def extend(self, seats: Iterable[RatedSeat]) -> None:
        for seat in seats:
            self._seats.append(seat)
            self._len += 1
        self._index = None
        if self.memory is not None and len(self._seats) > self.memory:
            self._flush()

    def _flush(self) -> None:
        import pickle

        from paifu.analysis.spill import private_db, text_key

        if self._db is None:
            self._db = private_db(
                "CREATE TABLE r(seq INTEGER PRIMARY KEY, player BLOB, players INTEGER, platform BLOB, data BLOB);"
                "CREATE INDEX r_group ON r(player, players, platform, seq);"
            )
        rows = [
            (text_key(s.player), s.players, text_key(s.platform), pickle.dumps(s, 5)) for s in self._seats
        ]
        self._db.execute("BEGIN")
        self._db.executemany("INSERT INTO r(player, players, platform, data) VALUES (?, ?, ?, ?)", rows)
        self._db.execute("COMMIT")
        self._seats = []

    def groups(self, player: str | None = None) -> Iterator[tuple[_Group, list[RatedSeat]]]:
        """Every (player, players, platform) in key order with its seats in input order
        (``player``: that player's alone)."""
        if self._db is None:
            if player is None:
                seats: Sequence[RatedSeat] = self._seats
            else:
                if self._index is None:
                    self._index = {}
                    for s in self._seats:
                        self._index.setdefault(s.player, []).append(s)
                seats = self._index.get(player, [])
            groups: dict[_Group, list[RatedSeat]] = {}
            for s in seats:
                groups.setdefault((s.player, s.players, s.platform), []).append(s)
            for key in sorted(groups):
                yield key, groups[key]
            return
        import pickle

        from paifu.analysis.spill import text_key

        if self._seats:
            self._flush()
        query = "SELECT player, players, platform, data FROM r"
        args: tuple[Any, ...] = ()
        if player is not None:
            query, args = query + " WHERE player = ?", (text_key(player),)
        cursor = self._db.execute(query + " ORDER BY player, players, platform, seq", args)
        current: tuple[bytes, int, bytes] | None = None
        group: list[RatedSeat] = []
        for name, players, platform, data in cursor:
            if (name, players, platform) != current:
                if group:
                    yield _group_of(group[0]), group
                current, group = (name, players, platform), []
            group.append(pickle.loads(data))
        if group:
            yield _group_of(group[0]), group


def _group_of(seat: RatedSeat) -> _Group:
    return (seat.player, seat.players, seat.platform)


class RatingRows(Sequence[dict[str, Any]]):
    """``rating_history`` of a ``SeatLog``, made one group at a time as it is read (so a report that
    writes no rating never makes it, and one that does holds one group's rows at a time);
    ``of(player)`` is one player's rows. Indexing makes the whole list (and keeps it)."""

    def __init__(self, log: SeatLog) -> None:
        self.log = log
        self._rows: list[dict[str, Any]] | None = None

    def __iter__(self) -> Iterator[dict[str, Any]]:
        if self._rows is not None:
            yield from self._rows
            return
        for key, seats in self.log.groups():
            yield from group_history(key, seats)

    def of(self, player: str) -> list[dict[str, Any]]:
        return [row for key, seats in self.log.groups(player) for row in group_history(key, seats)]

    def __len__(self) -> int:
        return len(self.log)

    def __bool__(self) -> bool:
        return len(self.log) > 0

    def __getitem__(self, i: Any) -> Any:
        if self._rows is None:
            self._rows = list(self)
        return self._rows[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]
