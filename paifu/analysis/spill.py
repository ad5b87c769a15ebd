"""A mapping of many small records in bounded memory: past a limit, records wait on disk.

``SpillMap`` holds the ``live`` most recently used values as objects, up to ``memory`` entries in
all (the rest of those packed to bytes), and every entry past ``memory`` in a private SQLite
database: ``sqlite3.connect("")`` makes a temporary file that SQLite unlinks as soon as it opens it,
so nothing is left behind whatever ends the process (an exception, a signal, ``kill -9``), and its
page cache is bounded (``CACHE_KIB``). Entries keep the order their keys were first added, on disk
or not, and ``pack``/``unpack`` must be exact, so a map that spilled reads back the same values in the
same order as one that did not: what the report writes from it is the same bytes.

Keys are ``(head, name)`` pairs (a table key and a player): the few distinct heads stay in memory,
the names go to disk with the values. Any other key works too, its whole self kept as a head.
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, Generic, TypeVar

V = TypeVar("V")

#: the most of its pages a spilled map's database keeps in memory
CACHE_KIB = 256
#: keys read back from disk at a time while iterating
PAGE = 1024


class _Missing:
    pass


_MISSING: Any = _Missing()
_ANY: Any = _Missing()  # ``names_in_order``: keys of every head


def private_db(schema: str) -> sqlite3.Connection:
    """A private SQLite database with ``schema``: ``""`` makes a temporary file that SQLite unlinks as
    soon as it opens it (no exit leaves it behind), with a page cache of ``CACHE_KIB``."""
    db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
    db.executescript(
        f"PRAGMA cache_size=-{CACHE_KIB}; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
        "PRAGMA temp_store=FILE;" + schema
    )
    return db


def text_key(text: str) -> bytes:
    """A text as the disk keeps it: UTF-8 (a lone surrogate too), whose byte order is the order of
    the code points, so ``ORDER BY`` sorts as Python sorts the texts."""
    return text.encode("utf-8", "surrogatepass")


class SpillMap(MutableMapping[Any, V], Generic[V]):
    """``dict``-like, in first-added order: ``live`` values as objects, ``memory`` entries in memory
    at most (packed past ``live``), the rest on disk. ``m[key]`` is what is stored (an object for a
    live key, else a fresh ``unpack``); ``use(key)`` makes a key live and returns its object, to be
    changed in place (written back when it is packed)."""

    def __init__(
        self,
        pack: Callable[[V], bytes],
        unpack: Callable[[bytes], V],
        live: int,
        memory: int | None = None,
    ) -> None:
        self.pack, self.unpack = pack, unpack
        self.live = max(live, 0)
        self.memory = None if memory is None else max(memory, self.live, 1)
        self._data: dict[Any, V | bytes] = {}  # in memory: live objects and packed bytes
        self._seq: dict[Any, int] = {}  # when each key in memory was first added
        self._recent: OrderedDict[Any, None] = OrderedDict()  # the live ones, oldest first
        self._next = 0
        self._len = 0
        self._db: sqlite3.Connection | None = None
        self._heads: dict[Any, int] = {}
        self._head_list: list[Any] = []

    # -- the mapping

    def __getitem__(self, key: Any) -> V:
        v = self._data.get(key, _MISSING)
        if v is _MISSING:
            found = self._load(key)
            if found is None:
                raise KeyError(key)
            return self.unpack(found[1])
        return self.unpack(v) if isinstance(v, bytes) else v

    def __setitem__(self, key: Any, value: V) -> None:
        self._place(key)
        self._data[key] = value
        self._touch(key)

    def __delitem__(self, key: Any) -> None:
        if key in self._data:
            del self._data[key]
            del self._seq[key]
            self._recent.pop(key, None)
        elif self._take(key) is None:
            raise KeyError(key)
        self._len -= 1

    def __contains__(self, key: object) -> bool:
        return key in self._data or (self._db is not None and self._load(key) is not None)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Any]:
        if self._db is None:
            yield from list(self._data)
            return
        mine = sorted(self._seq.items(), key=lambda kv: kv[1])
        i = 0
        last = -1
        while True:
            rows = self._db.execute(
                "SELECT seq, head, name FROM m WHERE seq > ? ORDER BY seq LIMIT ?", (last, PAGE)
            ).fetchall()
            for seq, head, name in rows:
                while i < len(mine) and mine[i][1] < seq:
                    yield mine[i][0]
                    i += 1
                yield self._key(head, name)
                last = seq
            if len(rows) < PAGE:
                break
        for key, _ in mine[i:]:
            yield key

    def heads(self) -> set[Any]:
        """The heads of the ``(head, name)`` keys held (a table key each: a few, read without a pass
        over the keys on disk)."""
        out = {k[0] for k in self._data if isinstance(k, tuple) and len(k) == 2 and isinstance(k[1], str)}
        if self._db is not None:
            for (h,) in self._db.execute("SELECT DISTINCT head FROM m"):
                tag, head = self._head_list[h]
                if tag == 0:
                    out.add(head)
        return out

    def names_in_order(self, head: Any = _ANY) -> Iterator[Any]:
        """The ``(head, name)`` keys (of one ``head``, or of every head) in the order of their names
        (code points, as Python sorts texts; keys of one name in first-added order), read from disk a
        page at a time: what a table sorted by player is made from without a list of every key. Keys
        that are not such pairs are left out."""
        import heapq

        def pair(key: Any) -> bool:
            return isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str)

        mine = sorted(
            (
                (text_key(k[1]), self._seq[k], k)
                for k in self._data
                if pair(k) and (head is _ANY or k[0] == head)
            ),
            key=lambda t: (t[0], t[1]),
        )
        if self._db is None:
            yield from (k for _, _, k in mine)
            return
        heads = (
            [i for i, (tag, _) in enumerate(self._head_list) if tag == 0]
            if head is _ANY
            else [i for i, th in enumerate(self._head_list) if th == (0, head)]
        )
        db = self._db

        def disk() -> Iterator[tuple[bytes, int, Any]]:
            if not heads:
                return
            marks = ",".join("?" * len(heads))
            last: tuple[bytes, int] = (b"", -1)
            while True:
                rows = db.execute(
                    f"SELECT name, seq, head FROM m WHERE head IN ({marks}) AND (name > ? OR (name = ? AND seq > ?))"
                    " ORDER BY name, seq LIMIT ?",
                    (*heads, last[0], last[0], last[1], PAGE),
                ).fetchall()
                for name, seq, h in rows:
                    name = bytes(name)
                    yield name, seq, self._key(h, name)
                    last = (name, seq)
                if len(rows) < PAGE:
                    return

        for _, _, key in heapq.merge(mine, disk(), key=lambda t: (t[0], t[1])):
            yield key

    def use(self, key: Any, default: Callable[[], V]) -> V:
        """The live object of ``key`` (``default()`` stored first for a new key), to change in place
        until another key is used (``live`` must be 1 or more)."""
        assert self.live >= 1, "use() needs live objects"
        return self.change(key, lambda old: default() if old is None else old)

    def change(self, key: Any, change: Callable[[V | None], V]) -> V:
        """Store ``change(value)`` under ``key`` (``change(None)`` for a new key) and return it."""
        v = self._data.get(key, _MISSING)
        if v is _MISSING:
            found = self._take(key)
            if found is None:
                old = None
                self._seq[key] = self._next
                self._next += 1
                self._len += 1
            else:
                self._seq[key] = found[0]
                old = self.unpack(found[1])
        else:
            old = self.unpack(v) if isinstance(v, bytes) else v
        new = self._data[key] = change(old)
        self._touch(key)
        return new

    def held(self) -> int:
        """Entries in memory (live or packed)."""
        return len(self._data)

    def spilled(self) -> int:
        """Entries on disk."""
        if self._db is None:
            return 0
        return int(self._db.execute("SELECT count(*) FROM m").fetchone()[0])

    def packed_bytes(self) -> int:
        """Bytes of the packed entries, in memory and on disk (the live ones not included)."""
        held = sum(len(v) for v in self._data.values() if isinstance(v, bytes))
        if self._db is None:
            return held
        return held + int(self._db.execute("SELECT coalesce(sum(length(data)), 0) FROM m").fetchone()[0])

    def close(self) -> None:
        """Let go of the disk (its file was never visible under a name): the map is empty after."""
        if self._db is not None:
            self._db.close()
            self._db = None
        self._data, self._seq, self._recent, self._len = {}, {}, OrderedDict(), 0

    def items_packed(self) -> Iterator[tuple[Any, bytes]]:
        """Every key with its packed value, in order."""
        for key in self:
            v = self._data.get(key, _MISSING)
            if v is _MISSING:
                found = self._load(key)
                assert found is not None
                yield key, found[1]
            else:
                yield key, v if isinstance(v, bytes) else self.pack(v)

    # -- memory and disk

    def _place(self, key: Any) -> None:
        """Give ``key`` its place in the order (kept from the disk, or the next one)."""
        if key in self._data:
            return
        found = self._take(key)
        if found is None:
            self._seq[key] = self._next
            self._next += 1
            self._len += 1
        else:
            self._seq[key] = found[0]

    def _touch(self, key: Any) -> None:
        self._recent[key] = None
        self._recent.move_to_end(key)
        while len(self._recent) > self.live:
            old, _ = self._recent.popitem(last=False)
            v = self._data[old]
            if not isinstance(v, bytes):
                self._data[old] = self.pack(v)
        if self.memory is not None and len(self._data) > self.memory:
            self._spill()

    def _spill(self) -> None:
        """Every packed entry in memory to disk, in one transaction: only the live ones stay."""
        db = self._open()
        rows = []
        for key, v in self._data.items():
            if isinstance(v, bytes):
                head, name = self._split(key)
                rows.append((self._seq[key], head, name, v))
        db.execute("BEGIN")
        db.executemany("INSERT INTO m VALUES (?, ?, ?, ?)", rows)
        db.execute("COMMIT")
        for _, head, name, _ in rows:
            key = self._key(head, name)
            del self._data[key]
            del self._seq[key]

    def _open(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = private_db(
                "CREATE TABLE m(seq INTEGER PRIMARY KEY, head INTEGER, name BLOB, data BLOB);"
                "CREATE UNIQUE INDEX m_key ON m(head, name);"
                "CREATE INDEX m_name ON m(name, seq);"
            )
        return self._db

    def _split(self, key: Any) -> tuple[int, bytes]:
        if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str):
            head, name = key[0], text_key(key[1])
            tag = 0
        else:
            head, name, tag = key, b"", 1
        index = self._heads.get((tag, head))
        if index is None:
            index = self._heads[(tag, head)] = len(self._head_list)
            self._head_list.append((tag, head))
        return index, name

    def _key(self, head: int, name: bytes) -> Any:
        tag, h = self._head_list[head]
        return h if tag else (h, name.decode("utf-8", "surrogatepass"))

    def _where(self, key: Any) -> tuple[int, bytes] | None:
        """The disk's (head, name) of ``key``, None for a key never spilled (its head unknown)."""
        try:
            if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str):
                index = self._heads.get((0, key[0]))
                name = text_key(key[1])
            else:
                index, name = self._heads.get((1, key)), b""
        except TypeError:  # unhashable: never a key
            return None
        return None if index is None else (index, name)

    def _load(self, key: Any) -> tuple[int, bytes] | None:
        """(order, packed value) of a key on disk, None if it is not there."""
        if self._db is None:
            return None
        where = self._where(key)
        if where is None:
            return None
        row = self._db.execute("SELECT seq, data FROM m WHERE head = ? AND name = ?", where).fetchone()
        return None if row is None else (int(row[0]), bytes(row[1]))

    def _take(self, key: Any) -> tuple[int, bytes] | None:
        """``_load``, and the entry leaves the disk (it is coming back to memory)."""
        found = self._load(key)
        if found is not None:
            assert self._db is not None
            self._db.execute("DELETE FROM m WHERE seq = ?", (found[0],))
        return found
