"""The table at one moment of a game, as plain frozen data: what a replay viewer draws.

``snapshot`` reads the engine's public state (``Replayer.state``, ``turn``, ``players``)
right after an event; nothing here changes how a game is judged. Tiles are MPSZ
strings (``5m``, ``0p`` for a red five, ``7z`` for chun) so a view, a drawing and a
test compare tiles the same way. Shanten is computed on demand (``SeatView.shanten``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    GameEnd,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    Win,
)
from paifu.tiles import FIVE_KINDS, SANMA_REMOVED_KINDS, SUITS, kind_to_str, tile_to_str

WINDS = "ESWN"
WIND_KANJI = "東南西北"


def kind_of(tile: str) -> int:
    """Kind 0..33 of an MPSZ tile string (``0m`` is the red 5m)."""
    n = int(tile[0]) or 5
    return SUITS.index(tile[1]) * 9 + n - 1


@lru_cache(maxsize=200_000)
def shanten_of(counts: tuple[int, ...], closed: bool, sanma: bool) -> int:
    """Shanten of a concealed hand (-1 complete, 0 tenpai) by the ``mahjong`` package's calculator;
    seven pairs and thirteen orphans count only for a hand with no melds."""
    full = sum(counts) >= 13
    return calculator().calculate_shanten(
        list(counts), use_chiitoitsu=closed and full, use_kokushi=closed and full, is_three_player=sanma
    )


@lru_cache(maxsize=1)
def calculator() -> Any:
    from mahjong.shanten import Shanten

    return Shanten()


@dataclass(frozen=True, slots=True)
class RiverTileView:
    tile: str
    tsumogiri: bool | None
    riichi: bool  # the riichi declaration tile
    called: bool  # taken by another player's call


@dataclass(frozen=True, slots=True)
class MeldView:
    kind: str  # chi, pon, daiminkan, ankan, kakan
    tiles: tuple[str, ...]  # as laid down, the called tile at its place (see ``turned``)
    turned: int | None  # index in ``tiles`` of the tile turned toward its giver (None: closed kan)
    added: str | None = None  # kakan: the tile laid on the turned one
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    wind: int  # seat wind, 0 East
    score: int
    hand: tuple[str, ...]  # concealed tiles, sorted, without ``drawn``
    drawn: str | None  # the tile just drawn, shown apart
    river: tuple[RiverTileView, ...]
    melds: tuple[MeldView, ...]
    kita: int
    riichi: bool
    waits: tuple[str, ...]  # kinds that complete the hand (13-tile shape), MPSZ
    sanma: bool = False

    @property
    def tiles(self) -> tuple[str, ...]:
        return self.hand + ((self.drawn,) if self.drawn else ())

    @property
    def counts(self) -> tuple[int, ...]:
        c = [0] * 34
        for t in self.tiles:
            c[kind_of(t)] += 1
        return tuple(c)

    @property
    def text(self) -> str:
        """The concealed hand as MPSZ text (drawn tile included), e.g. ``123m406p789s1122z``."""
        return mpsz(self.tiles)

    @property
    def shanten(self) -> int | None:
        n = len(self.tiles)
        if n % 3 == 0 or n == 0:
            return None
        return shanten_of(self.counts, not any(m.kind != "ankan" for m in self.melds), self.sanma)

    def __repr__(self) -> str:
        return f"SeatView({self.seat} {self.name!r} {self.text} score {self.score})"

    def _repr_svg_(self) -> str:
        from paifu.view.svg import seat_svg

        return seat_svg(self)


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything on the table right after event ``index`` (``event`` describes it)."""

    index: int
    event: str
    players: tuple[str, ...]
    hand: str = ""  # E2-1; "" before the first hand
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    dealer: int = 0
    turn: int | None = None
    tiles_left: int | None = None
    dora: tuple[str, ...] = ()  # indicators
    ura: tuple[str, ...] = ()  # shown at a riichi win
    seats: tuple[SeatView, ...] = ()
    result: str = ""  # the hand's result, once it has one
    findings: tuple[str, ...] = field(default=())  # findings at this event
    kind: str = ""  # the event's type: Draw, Discard, Call, ...
    actor: int | None = None  # the seat that acted, when the event names one

    @property
    def title(self) -> str:
        if not self.hand:
            return "before the first hand"
        return (
            f"{WIND_KANJI[self.round_wind % 4]}{self.hand_number + 1}局 {self.honba}本場 ({self.hand}), "
            f"sticks {self.sticks}"
        )

    def __repr__(self) -> str:
        left = f", {self.tiles_left} left" if self.tiles_left is not None else ""
        return f"TableView({self.hand or '-'} event {self.index}: {self.event}{left})"

    def _repr_svg_(self) -> str:
        from paifu.view.svg import table_svg

        return table_svg(self)


def mpsz(tiles: tuple[str, ...] | list[str]) -> str:
    """Sorted MPSZ text of tile strings (red 0 sorts as 5)."""
    groups: dict[str, list[str]] = {s: [] for s in SUITS}
    for t in sorted(tiles, key=lambda t: (kind_of(t), t[0] != "0")):
        groups[t[1]].append(t[0])
    return "".join("".join(ds) + s for s, ds in groups.items() if ds)


def _concealed(counts: list[int], red: list[int], drawn: str | None) -> tuple[tuple[str, ...], str | None]:
    out: list[str] = []
    for k, c in enumerate(counts):
        if not c:
            continue
        r = red[FIVE_KINDS.index(k)] if k in FIVE_KINDS else 0
        name = kind_to_str(k)
        out.extend(["0" + name[1]] * min(r, c) + [name] * (c - min(r, c)))
    if drawn is not None and drawn in out:
        out.remove(drawn)
        return tuple(out), drawn
    return tuple(out), None


def _meld(m: Meld, seat: int, n: int, red: tuple[int, int, int]) -> MeldView:
    names = [tile_to_str(t, red) for t in m.tiles]
    if m.kind == CallKind.ANKAN or m.called is None:
        return MeldView(m.kind.value, tuple(sorted(names, key=lambda t: (kind_of(t), t[0] != "0"))), None)
    called = tile_to_str(m.called, red)
    rest = list(names)
    if called in rest:
        rest.remove(called)
    added = None
    if m.kind == CallKind.KAKAN and rest:
        added = rest.pop()
    rest.sort(key=lambda t: (kind_of(t), t[0] != "0"))
    rel = (m.from_seat - seat) % n if m.from_seat is not None else n - 1  # 1 right, 2 across, n-1 left
    if rel == n - 1:
        at = 0
    elif rel == 1:
        at = len(rest)
    else:
        at = 1
    tiles = rest[:at] + [called] + rest[at:]
    return MeldView(m.kind.value, tuple(tiles), at, added, m.from_seat)


def describe(ev: Event, players: tuple[str, ...], red: tuple[int, int, int]) -> str:
    """One line for an event, the way a viewer's log shows it."""

    def who(s: int) -> str:
        return f"{players[s]} (seat {s})" if 0 <= s < len(players) else f"seat {s}"

    def t(x: int) -> str:
        return tile_to_str(x, red) if 0 <= x < 136 else f"id {x}"

    match ev:
        case GameStart():
            return f"game start: {', '.join(ev.players)}"
        case HandStart():
            return f"hand start {WINDS[ev.round_wind % 4]}{ev.hand_number + 1}-{ev.honba}, dealer seat {ev.dealer}"
        case Draw():
            return f"{who(ev.seat)} draws {t(ev.tile)}"
        case Discard():
            return f"{who(ev.seat)} discards {t(ev.tile)}{' (tsumogiri)' if ev.tsumogiri else ''}"
        case Call():
            tiles = "".join(t(x) for x in ev.meld.tiles)
            src = f" from seat {ev.meld.from_seat}" if ev.meld.from_seat is not None else ""
            return f"{who(ev.seat)} {ev.meld.kind.value} {tiles}{src}"
        case NewDora():
            return f"new dora indicator {t(ev.indicator)}"
        case RiichiDeclared():
            return f"{who(ev.seat)} declares riichi"
        case RiichiAccepted():
            return f"{who(ev.seat)}'s riichi stick is down"
        case Win():
            how = "tsumo" if ev.tsumo else f"ron on seat {ev.from_seat}"
            return f"{who(ev.seat)} wins by {how} with {t(ev.tile)}"
        case Ryuukyoku():
            return f"draw: {ev.kind.value}"
        case GameEnd():
            return "game end" + (f": {', '.join(map(str, ev.final_scores))}" if ev.final_scores else "")
    return type(ev).__name__


def _result(rp: Any, red: tuple[int, int, int]) -> str:
    return hand_result_text(rp.hand)


def hand_result_text(hand: Any) -> str:
    """A hand's wins and draw as one line (a ``HandResult``; empty while the hand is open)."""
    if hand is None:
        return ""
    parts = []
    for w in hand.wins:
        value = f"{w.points}" if w.points is not None else "?"
        detail = f"{w.han} han {w.fu} fu" if w.han is not None and w.fu else ""
        if w.limit:
            detail = f"{detail} {w.limit}".strip()
        how = "tsumo" if w.tsumo else f"ron from seat {w.from_seat}"
        yaku = ", ".join(f"{n} {h}" for n, h in w.yaku)
        parts.append(f"seat {w.seat} {how}: {value} ({detail}{'; ' if detail and yaku else ''}{yaku})")
    if hand.ryuukyoku is not None:
        ten = ""
        if hand.tenpai is not None:
            ten = "; tenpai: " + (", ".join(str(s) for s, x in enumerate(hand.tenpai) if x) or "none")
        parts.append(f"draw ({hand.ryuukyoku.value}{ten})")
    return "; ".join(parts)


def snapshot(rp: Any, index: int, ev: Event, ura: tuple[int, ...] = ()) -> TableView:
    """The table right after ``rp.apply(ev, index)``: a frozen copy of the engine's state."""
    red = rp.rules.red_fives
    players = tuple(rp.players)
    text = describe(ev, players, red)
    st = rp.state
    kind, actor = type(ev).__name__, getattr(ev, "seat", None)
    if st is None:
        return TableView(index=index, event=text, players=players, kind=kind, actor=actor)
    n = st.num_players
    seats = []
    for s, seat in enumerate(st.seats):
        drawn = tile_to_str(seat.drawn, red) if seat.drawn is not None else None
        hand, drawn = _concealed(seat.counts, seat.red, drawn)
        melds = tuple(_meld(m, s, n, red) for m in seat.melds if m.kind != CallKind.KITA)
        river = tuple(
            RiverTileView(
                tile_to_str(r.tile, red) if 0 <= r.tile < 136 else "?", r.tsumogiri, r.riichi, r.called
            )
            for r in seat.river
        )
        waits = (
            tuple(
                kind_to_str(k)
                for k in sorted(seat.waits)
                if seat.counts[k] < 4 and not (n == 3 and k in SANMA_REMOVED_KINDS)
            )
            if sum(seat.counts) % 3 == 1
            else ()
        )
        seats.append(
            SeatView(
                seat=s,
                name=players[s] if s < len(players) else f"seat {s}",
                wind=(s - st.dealer) % n,
                score=st.scores[s],
                hand=hand,
                drawn=drawn,
                river=river,
                melds=melds,
                kita=seat.kita,
                riichi=seat.riichi,
                waits=waits,
                sanma=n == 3,
            )
        )
    return TableView(
        index=index,
        event=text,
        players=players,
        hand=st.label,
        round_wind=st.round_wind,
        hand_number=st.hand_number,
        honba=st.honba,
        sticks=st.sticks,
        dealer=st.dealer,
        turn=rp.turn,
        tiles_left=max(st.live_left, 0),
        dora=tuple(tile_to_str(t, red) for t in st.dora_indicators if 0 <= t < 136),
        ura=tuple(tile_to_str(t, red) for t in ura if 0 <= t < 136),
        seats=tuple(seats),
        result=_result(rp, red),
        kind=kind,
        actor=actor,
    )
