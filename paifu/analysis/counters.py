"""Per-player counters: exact sums that add (``a + b``), so batches merge in any grouping.

Every field is an integer count, a ``Counter``, ``Moments`` (exact count, sum and sum of squares) or a
``Peak`` (a maximum: also associative and commutative), so a player's counters summed game by game, in
process-pool batches or in a Dask tree reduction are the same bits. ``paifu.analysis.stats`` divides them.
"""

from __future__ import annotations

import marshal
import math
import zlib
from collections import Counter
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from paifu.analysis.spill import SpillMap

Z95 = 1.959963984540054


@dataclass
class Moments:
    """Count, sum and sum of squares: enough for a mean and its normal interval, and addable.

    The sums are exact (ints, or ``Fraction`` once a float comes in), so adding is associative:
    games summed one by one, in batches, or in any tree of batches (Dask) give the same bits.
    """

    n: int = 0
    exact_total: int | Fraction = 0
    exact_squares: int | Fraction = 0

    def add(self, x: float | Fraction) -> None:
        v = x if isinstance(x, int) else Fraction(x)
        self.n += 1
        self.exact_total += v
        self.exact_squares += v * v

    def __add__(self, other: Moments) -> Moments:
        return Moments(
            self.n + other.n, self.exact_total + other.exact_total, self.exact_squares + other.exact_squares
        )

    @property
    def total(self) -> float:
        return float(self.exact_total)

    @property
    def squares(self) -> float:
        return float(self.exact_squares)

    @property
    def mean(self) -> float | None:
        # rank points carry one decimal: 12 places hide float noise (-1.8e-15 for a zero sum)
        return round(float(self.exact_total / self.n), 12) if self.n else None

    def interval(self, z: float = Z95) -> tuple[float | None, float | None]:
        if self.n < 2:
            return None, None
        mean = float(self.exact_total / self.n)
        var = max(
            0.0, float((self.exact_squares - self.exact_total * self.exact_total / self.n) / (self.n - 1))
        )
        half = z * math.sqrt(var / self.n)
        return mean - half, mean + half


@dataclass(frozen=True)
class Peak:
    """The largest value seen (``a + b`` is the max): a record such as the longest dealer run,
    which merges across batches as exactly as a sum does."""

    value: int = 0

    def __add__(self, other: Peak) -> Peak:
        return Peak(max(self.value, other.value))


@dataclass(frozen=True)
class Best:
    """The largest value seen with where it happened (the biggest win, the biggest deal-in): ``a + b``
    keeps the larger, and on a tie the later (``b``), so it merges in input order as exactly as a sum.
    ``value`` None: nothing seen yet."""

    value: int | None = None
    game: str = ""  # the game's label (its log id, or ``<file>#<N>``)
    hand: str = ""  # the hand's label (``S2-1``)
    detail: str = ""  # what made it (han and yaku)

    def __add__(self, other: Best) -> Best:
        if other.value is None or (self.value is not None and other.value < self.value):
            return self
        return other


@dataclass
class PlayerCounters:
    """What one player did, summed over any number of games; ``a + b`` combines batches.

    The definitions are those of ``paifu.analysis.stats`` (and ``docs/statistics.md``)."""

    games: int = 0
    ranked_games: int = 0
    flagged_games: int = 0
    placements: Counter[int] = field(default_factory=Counter)
    placement: Moments = field(default_factory=Moments)
    final_score: Moments = field(default_factory=Moments)
    rank_points: Moments = field(default_factory=Moments)
    busts: int = 0  # ranked games ended below zero points
    hands: int = 0
    dealer_hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    damaten_wins: int = 0
    deal_ins: int = 0
    deal_ins_riichi: int = 0
    deal_ins_open: int = 0
    deal_ins_closed: int = 0  # closed, no riichi
    riichi: int = 0
    called: int = 0
    called_wins: int = 0  # wins in hands with a call
    called_deal_ins: int = 0
    win_value: Moments = field(default_factory=Moments)
    deal_in_value: Moments = field(default_factory=Moments)
    hand_net: Moments = field(default_factory=Moments)  # per hand: value won - value dealt in
    win_turn: Moments = field(default_factory=Moments)
    tsumo_hit_dealer: int = 0  # hands as dealer someone else won by tsumo
    tsumo_hit_nondealer: int = 0
    tsumo_loss_dealer: Moments = field(default_factory=Moments)  # points paid to it (incl. honba)
    tsumo_loss_nondealer: Moments = field(default_factory=Moments)
    exhaustive_draws: int = 0
    tenpai_at_draw: int = 0
    riichi_won: int = 0
    riichi_dealt_in: int = 0
    riichi_draw: int = 0
    riichi_other: int = 0
    riichi_first: int = 0  # no one else had declared riichi yet this hand (先制)
    riichi_chase: int = 0  # someone had (追っかけ)
    riichi_balance: Moments = field(default_factory=Moments)  # score change of riichi hands, stick incl.
    riichi_turn: Moments = field(default_factory=Moments)
    ippatsu_wins: int = 0  # among riichi wins
    ura_wins: int = 0  # riichi wins with ura dora worth a han
    double_riichi: int = 0  # hands with a double riichi declared
    yakuman: int = 0  # wins with a yakuman yaku
    kazoe_yakuman: int = 0  # counted yakuman: 13+ han of ordinary yaku and dora
    dealer_run: Peak = field(default_factory=Peak)  # most repeats in one dealership (最大連荘)
    start_shanten_dealer: Moments = field(default_factory=Moments)
    start_shanten_nondealer: Moments = field(default_factory=Moments)
    yaku: Counter[str] = field(default_factory=Counter)
    #: four-player Tenhou placements by lobby level, "houou:1" (the stable dan's distribution)
    lobby_placements: Counter[str] = field(default_factory=Counter)
    # what stats sites such as amae-koromo show besides (docs/statistics.md defines each)
    draws: int = 0  # hands ending in an exhaustive draw or nagashi mangan (流局)
    called_draws: int = 0  # of those, hands with a call
    riichi_chased: int = 0  # riichi hands where another seat declared later (被追)
    riichi_immediate_deal_ins: int = 0  # riichi deal-ins on the declaration's own discard
    riichi_noted: int = 0  # riichi hands whose declaration the replay noted (furiten, waits)
    riichi_furiten: int = 0  # of those, declared while furiten
    riichi_multi_wait: int = 0  # waiting on two kinds or more (多面)
    riichi_good_wait: int = 0  # six or more copies of the waits the declarer could not see (好型)
    riichi_income: Moments = field(default_factory=Moments)  # riichi wins: the hand's value
    riichi_income_received: Moments = field(default_factory=Moments)  # riichi wins: points received
    riichi_expense: Moments = field(default_factory=Moments)  # riichi deal-ins: value dealt in + stick
    riichi_expense_paid: Moments = field(default_factory=Moments)  # riichi deal-ins: points paid + stick
    deal_in_winners: int = 0  # winners of the player's deal-ins (a double ron: two)
    deal_ins_to_riichi: int = 0  # of those, in riichi
    deal_ins_to_open: int = 0  # with a call
    deal_ins_to_dama: int = 0  # closed without riichi
    hand_delta: Moments = field(default_factory=Moments)  # score change per hand, sticks included (局収支)
    max_han: Peak = field(default_factory=Peak)  # the most han of a win without a yakuman yaku
    nagashi: int = 0  # nagashi mangan (流し満貫)
    tsumo_hit: int = 0  # hands someone else won by tsumo and the player did not win (被自摸)
    dealer_bombed: int = 0  # of those, as dealer, by a mangan or more (被炸)
    dealer_bomb_value: Moments = field(default_factory=Moments)  # those tsumo wins' value
    dealer_bombed_received: int = 0  # as dealer, by a tsumo whose winner received 8,000 or more
    dealer_bomb_received: Moments = field(default_factory=Moments)  # those wins' points received
    win_received: Moments = field(default_factory=Moments)  # points a win brought in: honba and sticks
    deal_in_paid: Moments = field(default_factory=Moments)  # points a deal-in cost: honba included
    hand_net_paid: Moments = field(default_factory=Moments)  # per hand: points received - points paid
    win_table_turn: Moments = field(default_factory=Moments)  # the table's discards / players + 1
    riichi_table_turn: Moments = field(default_factory=Moments)
    start_shanten_dealer14: Moments = field(default_factory=Moments)  # with the dealer's first draw
    biggest_win: Best = field(default_factory=Best)
    biggest_deal_in: Best = field(default_factory=Best)
    opponents: Counter[str] = field(default_factory=Counter)  # games sat with each named opponent

    def __add__(self, other: PlayerCounters) -> PlayerCounters:
        out = PlayerCounters()
        for f in fields(self):
            setattr(out, f.name, getattr(self, f.name) + getattr(other, f.name))
        return out

    def __radd__(self, other: Any) -> PlayerCounters:  # sum() starts from 0
        if other == 0:
            return self + PlayerCounters()
        return NotImplemented


#: names a platform writes for a seat whose player it does not name: Tenhou's "NoName" is every
#: unregistered guest, so different people, never one player
ANONYMOUS_NAMES = frozenset({"", "NoName"})


def is_player_name(name: object) -> bool:
    """A seat's name identifies a player (not empty, not a platform's placeholder for guests)."""
    return str(name).strip() not in ANONYMOUS_NAMES


def combine(*batches: dict[str, PlayerCounters]) -> dict[str, PlayerCounters]:
    """Merge per-player counters from several batches (same player name = same player)."""
    out: dict[str, PlayerCounters] = {}
    for batch in batches:
        for name, c in batch.items():
            out[name] = out[name] + c if name in out else c + PlayerCounters()
    return out


def field_counters(counters: Mapping[str, PlayerCounters]) -> PlayerCounters:
    """Everyone together: the field a player is compared with."""
    return sum(counters.values(), PlayerCounters())


#: players whose counters a ``CounterStore`` keeps as objects (the most recently counted: about
#: 16 KiB each, 4 MiB); the rest are packed (``pack``: about 300 bytes for a player of a few games)
LIVE_PLAYERS = 256
#: (table, player) entries a report's ``CounterStore`` keeps in memory at most, live or packed (about
#: 300 bytes each packed, with its key: well under a MiB); every other one waits on disk, in a
#: temporary SQLite file that no exit leaves behind (``paifu.analysis.spill``)
MEMORY_PLAYERS = 1024

_FRACTION = "f"  # marks a Fraction in a packed Moments: ("f", numerator, denominator)


def _exact(v: int | Fraction) -> object:
    return v if isinstance(v, int) else (_FRACTION, v.numerator, v.denominator)


def _unexact(v: Any) -> int | Fraction:
    return v if isinstance(v, int) else Fraction(v[1], v[2])


def pack(c: PlayerCounters) -> bytes:
    """``c`` as a few hundred bytes (``marshal`` of its fields in order, compressed), exactly: ``unpack(pack(c))``
    equals ``c`` field by field, ints stay ints, fractions fractions, counters keep their order."""
    out: list[Any] = []
    for f in _FIELDS:
        v = getattr(c, f)
        if isinstance(v, int):
            out.append(v)
        elif isinstance(v, Moments):
            out.append((v.n, _exact(v.exact_total), _exact(v.exact_squares)))
        elif isinstance(v, Peak):
            out.append(v.value)
        elif isinstance(v, Best):
            out.append((v.value, v.game, v.hand, v.detail))
        else:  # a Counter: its items in order
            out.append(tuple(v.items()))
    return zlib.compress(marshal.dumps(tuple(out)), 1)  # mostly zeros: a quarter of the size


def unpack(data: bytes) -> PlayerCounters:
    """The ``PlayerCounters`` that ``pack`` made ``data`` of."""
    values = marshal.loads(zlib.decompress(data))
    c = PlayerCounters()
    for f, kind, v in zip(_FIELDS, _KINDS, values, strict=True):
        if kind is int:
            setattr(c, f, v)
        elif kind is Moments:
            setattr(c, f, Moments(v[0], _unexact(v[1]), _unexact(v[2])))
        elif kind is Peak:
            setattr(c, f, Peak(v))
        elif kind is Best:
            setattr(c, f, Best(*v))
        else:
            setattr(c, f, Counter(dict(v)))
    return c


def _kind(v: object) -> type:
    return int if isinstance(v, int) else type(v) if isinstance(v, (Moments, Peak, Best)) else Counter


_FIELDS = tuple(f.name for f in fields(PlayerCounters))
_KINDS = tuple(_kind(getattr(PlayerCounters(), f)) for f in _FIELDS)


class CounterStore(SpillMap[PlayerCounters]):
    """Per-player counters in compact memory: a mapping like ``dict[key, PlayerCounters]`` (in the
    order keys were first added) that holds the ``live`` most recently added players as objects,
    every other one packed (``pack``), and past ``memory`` players (``MEMORY_PLAYERS``; None: no
    limit) the packed ones on disk (``paifu.analysis.spill.SpillMap``). ``add`` merges a batch's
    counters exactly as ``+`` does; a value read is a fresh object (changing it changes nothing
    stored: ``store[key] = c`` does)."""

    def __init__(self, live: int | None = None, memory: int | None = None) -> None:
        super().__init__(pack, unpack, LIVE_PLAYERS if live is None else live, memory)
        self._parts: dict[Any, Any] = {}  # one copy of each table key the keys hold

    def __getitem__(self, key: Any) -> PlayerCounters:
        v = self._data.get(key)
        if isinstance(v, PlayerCounters):
            return v + PlayerCounters()
        return super().__getitem__(key)

    def add(self, key: Any, c: PlayerCounters) -> None:
        """``self[key] + c`` stored under ``key`` (``c`` alone, copied, for a new key)."""
        if (
            key not in self._data and isinstance(key, tuple) and key
        ):  # a game's own copy of its table key: kept once
            key = (self._parts.setdefault(key[0], key[0]), *key[1:])
        self.change(key, lambda v: c + PlayerCounters() if v is None else v + c)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as its packed form (a Dask worker's result)
        return (_restore, (self.live, self.memory, list(self.items_packed())))


def _restore(live: int, memory: int | None, packed: list[tuple[Any, bytes]]) -> CounterStore:
    store = CounterStore(live, memory)
    for key, data in packed:
        store._place(key)
        store._data[key] = data
        if store.memory is not None and len(store._data) > store.memory:
            store._spill()
    return store


def add_counters(into: MutableMapping[Any, PlayerCounters], batch: Mapping[Any, PlayerCounters]) -> None:
    """Merge ``batch`` into ``into`` (same key = same player), as ``combine`` does, in place: a
    ``CounterStore`` keeps them compact."""
    if isinstance(into, CounterStore):
        for k, c in batch.items():
            into.add(k, c)
        return
    for k, c in batch.items():
        mine = into.get(k)
        into[k] = c + PlayerCounters() if mine is None else mine + c
