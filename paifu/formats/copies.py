"""Give every tile of a record a copy of its own, for a format that names each of the 136.

Readers of tenhou.net/6 JSON, mjai and 電脳麻将 name tiles by kind and colour only
(``paifu.tiles.canonical_id``), so one id stands for every plain copy of a kind. Tenhou's
XML names each physical tile, and its meld codes need three or four distinct copies. This
pass follows each tile from the wall into a hand, a river and a meld, and hands out free
copies of the right colour; what the record says is otherwise unchanged. A record with more
copies of a kind than exist keeps the surplus ids as they were (the replay reports it).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    GameRecord,
    HandStart,
    Meld,
    NewDora,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.tiles import FIVE_KINDS, is_red


def needs_copies(record: GameRecord) -> bool:
    """Some hand deals, draws or reveals one id twice: the record names kinds, not copies."""
    seen: set[int] = set()
    for ev in record.events:
        if isinstance(ev, HandStart):
            seen = set()
            tiles = [t for h in ev.hands for t in h] + [ev.dora_indicator]
        elif isinstance(ev, Draw):
            tiles = [ev.tile]
        elif isinstance(ev, NewDora):
            tiles = [ev.indicator]
        else:
            continue
        for t in tiles:
            if t in seen:
                return True
            seen.add(t)
    return False


class _Hand:
    """Copies in play during one hand."""

    def __init__(self, red: tuple[int, int, int]) -> None:
        self.red = red
        self.free: dict[tuple[int, bool], list[int]] = {}
        for k in range(34):
            red_copy = k in FIVE_KINDS and red[FIVE_KINDS.index(k)] > 0
            self.free[(k, False)] = [k * 4 + c for c in (3, 2, 1, 0) if not (red_copy and c == 0)]
            self.free[(k, True)] = [k * 4] if red_copy else []
        self.held: list[dict[int, list[int]]] = [defaultdict(list) for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.indicators: list[int] = []
        self.ura: tuple[int, ...] | None = None  # one set per hand, whoever of several winners shows it
        self.last_discard: int | None = None  # or the tile a kan or kita puts out to be robbed

    def alloc(self, t: int) -> int:
        pool = self.free[(t >> 2, is_red(t, self.red))]
        return pool.pop() if pool else t

    def deal(self, seat: int, t: int) -> int:
        p = self.alloc(t)
        self.held[seat][t].append(p)
        return p

    def take(self, seat: int, t: int, drawn: bool = True) -> int:
        """A copy of ``t`` out of ``seat``'s hand: the latest drawn, or (``drawn=False``, a discard the
        record says is from the hand) one held before it, so that the ids still say it was no tsumogiri."""
        lst = self.held[seat].get(t)
        if not lst:
            return t
        return lst.pop() if drawn or len(lst) == 1 else lst.pop(0)

    def view(
        self, seat: int, tiles: tuple[int, ...], extra: tuple[int, int] | None = None
    ) -> tuple[int, ...]:
        """Physical ids of tiles a seat shows (its hand at a win or draw), without moving them."""
        pools = {t: list(ps) for t, ps in self.held[seat].items()}
        if extra is not None:
            pools.setdefault(extra[0], []).append(extra[1])
        out = []
        for t in tiles:
            lst = pools.get(t)
            out.append(lst.pop() if lst else t)
        return tuple(out)

    def call(self, seat: int, m: Meld) -> Meld:
        if m.kind == CallKind.KAKAN:
            pon = next(
                (
                    x
                    for x in reversed(self.melds[seat])
                    if x.kind == CallKind.PON and x.tiles[0] >> 2 == m.tiles[0] >> 2
                ),
                None,
            )
            added = self.take(seat, m.tiles[3])
            if pon is None:
                return m
            self.melds[seat].remove(pon)
            phys = Meld(m.kind, (*pon.tiles, added), pon.called, m.from_seat)
            self.last_discard = added
        else:
            tiles: list[int] = []
            called = None
            for t in m.tiles:
                if (
                    called is None
                    and m.called is not None
                    and t == m.called
                    and self.last_discard is not None
                    and m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)
                ):
                    called = self.last_discard
                    tiles.append(called)
                else:
                    tiles.append(self.take(seat, t))
            if m.kind in (CallKind.KITA, CallKind.ANKAN):
                self.last_discard = tiles[0]  # robbed only by kokushi (ankan) or a ron on the North
                called = tiles[0] if m.kind == CallKind.KITA else None
            phys = Meld(m.kind, tuple(tiles), called if m.called is not None else None, m.from_seat)
        self.melds[seat].append(phys)
        return phys


def with_copies(record: GameRecord, red: tuple[int, int, int]) -> GameRecord:
    """The same record with every tile a distinct copy (``red``: red fives per suit)."""
    out: list[Event] = []
    hand: _Hand | None = None
    for ev in record.events:
        if isinstance(ev, HandStart):
            hand = _Hand(red)
            hands = tuple(tuple(hand.deal(s, t) for t in h) for s, h in enumerate(ev.hands))
            hand.indicators = [hand.alloc(ev.dora_indicator)]
            out.append(dataclasses.replace(ev, hands=hands, dora_indicator=hand.indicators[0]))
        elif hand is None:
            out.append(ev)
        elif isinstance(ev, Draw):
            out.append(Draw(ev.seat, hand.deal(ev.seat, ev.tile)))
        elif isinstance(ev, Discard):
            p = hand.take(ev.seat, ev.tile, drawn=ev.tsumogiri is not False)
            hand.last_discard = p
            out.append(dataclasses.replace(ev, tile=p))
        elif isinstance(ev, Call):
            out.append(Call(ev.seat, hand.call(ev.seat, ev.meld)))
        elif isinstance(ev, NewDora):
            hand.indicators.append(hand.alloc(ev.indicator))
            out.append(NewDora(hand.indicators[-1]))
        elif isinstance(ev, Win):
            out.append(_win(hand, ev))
        elif isinstance(ev, Ryuukyoku) and ev.shown is not None:
            shown = tuple(hand.view(s, h) if h is not None else None for s, h in enumerate(ev.shown))
            out.append(dataclasses.replace(ev, shown=shown))
        elif isinstance(ev, Ryuukyoku) and ev.tenpai and ev.kind == RyuukyokuKind.EXHAUSTIVE:
            # the tenpai seats show their hands (mjai states who, not what): the tiles they hold
            shown = tuple(
                tuple(t for ts in hand.held[s].values() for t in ts) if s in ev.tenpai else None
                for s in range(record.start.num_players)
            )
            out.append(dataclasses.replace(ev, shown=shown))
        else:
            out.append(ev)
    return dataclasses.replace(record, events=out)


def _win(hand: _Hand, ev: Win) -> Win:
    c = ev.claimed
    if ev.tsumo:
        lst = hand.held[ev.seat].get(ev.tile)
        tile = lst[-1] if lst else ev.tile
        extra = None
    else:
        tile = hand.last_discard if hand.last_discard is not None else ev.tile
        extra = (ev.tile, tile)
    if c.ura_indicators and hand.ura is None:
        hand.ura = tuple(hand.alloc(t) for t in c.ura_indicators)
    ura = hand.ura[: len(c.ura_indicators)] if c.ura_indicators and hand.ura else c.ura_indicators
    dora = (
        tuple(hand.indicators[i] if i < len(hand.indicators) else t for i, t in enumerate(c.dora_indicators))
        if c.dora_indicators
        else c.dora_indicators
    )
    claimed = dataclasses.replace(
        c,
        hand=hand.view(ev.seat, c.hand, extra) if c.hand is not None else None,
        melds=tuple(hand.melds[ev.seat]) if c.melds is not None else None,
        dora_indicators=dora,
        ura_indicators=ura,
    )
    return dataclasses.replace(ev, tile=tile, claimed=claimed)
