"""One seat at the table: its concealed hand as counts, its melds and river, and its riichi and
furiten flags; and the questions every discard asks of the seats (who waits on this kind).

Kept flat (count arrays, base-5 part keys, a wait bit mask) because it changes on every event of
every record.

Declared once, in ``records/seat.py``, and written out into ``paifu/board/seat.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from paifu.board.parts import DIGIT_OF, PART_OF, closed_mask, mask_kinds, regular_mask
from paifu.board.shape import is_kokushi
from paifu.events import CallKind, Meld
from paifu.tiles import NUM_KINDS, SANMA_REMOVED_KINDS
from paifu.valued import Rebuilt, Valued

NO_KINDS: Final[frozenset[int]] = frozenset()
FIVE_SUIT: Final[tuple[int, ...]] = tuple({4: 0, 13: 1, 22: 2}.get(k, -1) for k in range(NUM_KINDS))


class RiverTile(Rebuilt):
    """A tile in a river. Compiled, its constructor is native (one is made per discard)."""

    tile: int
    tsumogiri: bool | None
    riichi: bool = False
    called: bool = False  # taken by another player's call

    def copy(self) -> RiverTile:
        """A copy (``called`` changes when a later call takes the tile)."""
        ...


class SeatState(Valued):
    """One seat's hand and river."""

    counts: list[int] = [0] * NUM_KINDS
    red: list[int] = [0, 0, 0]  # red fives held per suit
    held: int = 0  # concealed tiles: sum(counts), kept by add/remove (asked after every discard)
    melds: list[Meld] = []
    river: list[RiverTile] = []
    river_kinds: set[int] = set()
    riichi: bool = False  # declared (its discard may still be pending acceptance)
    riichi_accepted: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    #: bit k set: kind k completes the hand (shape only); valid while the hand holds 3m+1 tiles
    wait_mask: int = 0
    drawn: int | None = None  # the tile drawn this turn (tsumogiri / riichi-kan checks)
    kita: int = 0
    kuikae: frozenset[int] = NO_KINDS  # kinds this seat may not discard right now
    discards: int = 0
    draws: int = 0
    calls: int = 0  # chi, pon, daiminkan made (opens the hand)
    #: the concealed tiles' ids in the order they came, where the table keeps them
    #: (``TableRules.tile_ids``: a writer needs them, the checks do not); else None
    ids: list[int] | None = None
    #: what ``counts`` gives the waits as (not fields: derived from the counts by ``add`` and ``remove``,
    #: left out of equality): the four parts' keys (man, pin, sou, honors: counts as base-5 digits,
    #: ``keys``) and sizes, native integers (compiled, a key kept in a list was a new int object on
    #: every tile), the kinds held, and the kinds whose count is not 0 to 3 (``parts._irregular_info``)
    _k0: i64 = 0
    _k1: i64 = 0
    _k2: i64 = 0
    _k3: i64 = 0
    _n0: i64 = 0
    _n1: i64 = 0
    _n2: i64 = 0
    _n3: i64 = 0
    _kinds: i64 = 0
    _irregular: i64 = 0

    def copy(self) -> SeatState:
        """A snapshot of the seat (its lists copied; melds are values, river tiles copied)."""
        ...

    @property
    def closed(self) -> bool:
        return all(m.kind in (CallKind.ANKAN, CallKind.KITA) for m in self.melds)

    @property
    def size(self) -> int:
        return self.held

    @property
    def keys(self) -> list[int]:
        """The concealed hand's four part keys (``parts.part_keys`` of ``counts``)."""
        return [self._k0, self._k1, self._k2, self._k3]

    @property
    def waits(self) -> frozenset[int]:
        """The kinds of ``wait_mask``."""
        return mask_kinds(self.wait_mask)

    def add(self, tile: int, red: bool) -> None:
        # ``x[i] = x[i] + n``, not ``x[i] += n``: compiled, an item's ``+=`` is Python's generic
        # in-place add, where this is a native one (a tile moves three or four times a turn)
        k = tile >> 2
        counts = self.counts
        c = counts[k]
        counts[k] = c + 1
        self.held += 1
        self._part(PART_OF[k], DIGIT_OF[k], 1)
        if c == 0:
            self._kinds += 1
        elif c == 3:
            self._irregular += 1
        elif c == -1:  # a count below zero (a broken record) comes back
            self._kinds -= 1
            self._irregular -= 1
        if red:
            reds = self.red
            suit = FIVE_SUIT[k]
            reds[suit] = reds[suit] + 1
        ids = self.ids
        if ids is not None:
            ids.append(tile)

    def _part(self, part: int, digit: i64, sign: i64) -> None:
        """A part (``PART_OF`` a kind) gains (``sign`` 1) or loses (-1) a tile of ``digit``."""
        if part == 0:
            self._k0 += sign * digit
            self._n0 += sign
        elif part == 1:
            self._k1 += sign * digit
            self._n1 += sign
        elif part == 2:
            self._k2 += sign * digit
            self._n2 += sign
        else:
            self._k3 += sign * digit
            self._n3 += sign

    def has(self, tile: int, red: bool) -> bool:
        """Holds this tile as the engine sees tiles (kind and colour)."""
        k = tile >> 2
        c = self.counts[k]
        if not c:
            return False
        s = FIVE_SUIT[k]
        if s >= 0:
            reds = self.red[s]
            return reds > 0 if red else c > reds
        return True

    def remove(self, tile: int, red: bool) -> None:
        k = tile >> 2  # as ``add``: native subtractions
        counts = self.counts
        c = counts[k]
        counts[k] = c - 1
        self.held -= 1
        self._part(PART_OF[k], DIGIT_OF[k], -1)
        if c == 1:
            self._kinds -= 1
        elif c == 4:
            self._irregular -= 1
        elif c == 0:  # below zero: only a broken record's replay takes a tile not held
            self._kinds += 1
            self._irregular += 1
        if red:
            reds = self.red
            suit = FIVE_SUIT[k]
            reds[suit] = reds[suit] - 1
        ids = self.ids
        if ids is not None:
            take_id(ids, tile)

    def holds(self, tile: int, red: bool, n: int) -> bool:
        """Holds ``n`` tiles of this tile's kind and colour."""
        k = tile >> 2
        c = self.counts[k]
        s = FIVE_SUIT[k]
        if s >= 0:
            reds = self.red[s]
            return reds >= n if red else c - reds >= n
        return c >= n

    def update_waits(self) -> None:
        """Recompute the waits after the concealed hand changed (a discard, a call, a kan)."""
        mask = regular_mask(
            self._k0,
            self._k1,
            self._k2,
            self._k3,
            self._n0,
            self._n1,
            self._n2,
            self._n3,
            self._irregular > 0,
        )
        self.wait_mask = mask | closed_mask(self.counts, self._kinds) if self.calls == 0 else mask


def take_id(ids: list[int], tile: int) -> None:
    """Take a tile out of an id list: that id, else one of its kind (a record that names kinds
    only, or a stand-in for a tile the hand lacks)."""
    if tile in ids:
        ids.remove(tile)
        return
    k = tile >> 2
    for i, t in enumerate(ids):
        if t >> 2 == k:
            del ids[i]
            return


#: kinds absent from a 3-player set, as a mask
SANMA_MASK: Final = sum(1 << k for k in SANMA_REMOVED_KINDS)


def live_waits(seat: SeatState, sanma: bool) -> frozenset[int]:
    """Kinds a seat can still win on: never a fifth copy, never a kind missing from the set."""
    mask = seat.wait_mask
    if not mask:
        return frozenset()
    if sanma:
        mask &= ~SANMA_MASK
    counts = seat.counts
    return frozenset(k for k in range(34) if mask >> k & 1 and counts[k] < 4)


def can_win_on(seat: SeatState, k: int, sanma: bool) -> bool:
    """``k in live_waits(seat)`` without building the set: asked for every seat on every discard."""
    return bool(seat.wait_mask >> k & 1) and seat.counts[k] < 4 and not (sanma and k in SANMA_REMOVED_KINDS)


def waiting_on(seats: list[SeatState], k: int, offered_by: int) -> tuple[int, ...]:
    """The seats other than ``offered_by`` that could win on kind ``k`` (ron candidates)."""
    sanma = len(seats) == 3
    out: list[int] | None = None
    for s in range(len(seats)):
        seat = seats[s]
        # tested as a bool: compiled, an ``and`` of an int and bools boxed the int to test it
        if seat.wait_mask >> k & 1 != 0 and s != offered_by and can_win_on(seat, k, sanma):
            if out is None:
                out = []
            out.append(s)
    return () if out is None else tuple(out)


def may_rob_closed_kan(kokushi_robs: bool, counts: list[int]) -> bool:
    """Whether a hand (``counts`` with the kan's tile) may win on a closed kan's tile: thirteen
    orphans only, and only where the ruleset lets it (``Ruleset.kokushi_chankan_ankan``)."""
    return kokushi_robs and is_kokushi(counts)
