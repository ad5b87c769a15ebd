"""Write game records by hand in MPSZ text: a tiny script language over ``paifu.events``.

Tests and ``scripts/make_samples.py`` use it to build small legal games whose
results (score changes, final scores) are worked out by hand, then mutate them.
Tile ids matter only for writing files (meld codes need distinct copies); the
engine judges tiles by kind and red-ness. A ``HandBuilder`` hands out each id of
the 136 at most once per hand (a red five is copy 0, as ``paifu.tiles`` says),
keeps every seat's concealed tiles and melds, and tracks scores and sticks so
the claims it writes (``scores_before``, riichi scores) follow from the script.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paifu.board.shape import shape_waits
from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.tiles import FIVE_KINDS, counts34, parse_kinds, parse_tiles

#: Tenhou GO type of an east-only general-lobby table with red fives and open tanyao (its owari
#: pays uma 10/20 like a hanchan; the phoenix east-only table 0xA1 pays 5/10)
EAST_GO_TYPE = 0x01
#: kinds in the order safe filler tiles are drawn: honors, then edges inwards, suits interleaved
_FILL_ORDER = [27, 28, 29, 30, 31, 32, 33] + [
    s * 9 + n for n in (0, 8, 1, 7, 2, 6, 3, 5, 4) for s in range(3)
]
#: 13 unconnected kinds: a dealt hand that is nowhere near tenpai
_FILLER_HANDS = ("147m258p369s1234z", "258m369p147s5677z", "369m147p258s1567z", "147m258p369s4567z")


def tiles(text: str) -> list[int]:
    """MPSZ -> ids (``parse_tiles``); for event fields written by hand."""
    return parse_tiles(text)


def one(text: str) -> int:
    """One tile id from one MPSZ tile (``0p`` is the red five)."""
    ids = parse_tiles(text)
    if len(ids) != 1:
        raise ValueError(f"{text!r} is not one tile")
    return ids[0]


class Pool:
    """The 136 ids of one hand, each handed out once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def free(self, k: int, red: bool = False) -> int | None:
        copies = ([0] if red else [1, 2, 3]) if k in FIVE_KINDS else [0, 1, 2, 3]
        for c in copies:
            if k * 4 + c not in self.used:
                return k * 4 + c
        return None

    def take_kind(self, k: int, red: bool = False) -> int:
        t = self.free(k, red)
        if t is None:
            raise ValueError(f"no {'red ' if red else ''}copy of kind {k} left")
        self.used.add(t)
        return t

    def take(self, text: str) -> list[int]:
        return [self.take_kind(k, red) for k, red in parse_kinds(text)]

    def available(self, text: str) -> bool:
        need: dict[tuple[int, bool], int] = {}
        for k, red in parse_kinds(text):
            need[(k, red)] = need.get((k, red), 0) + 1
        for (k, red), c in need.items():
            copies = ([0] if red else [1, 2, 3]) if k in FIVE_KINDS else [0, 1, 2, 3]
            if sum(1 for x in copies if k * 4 + x not in self.used) < c:
                return False
        return True


class GameBuilder:
    """A game: its GameStart, hands added in order, tracked scores, then ``end()``."""

    def __init__(
        self,
        players: Sequence[str] = ("A", "B", "C", "D"),
        *,
        go_type: int | None = EAST_GO_TYPE,
        hint: Iterable[tuple[str, object]] = (),
        game_id: str = "",
        first_dealer: int = 0,
        wall_seed: str | None = None,
        start_points: int = 25000,
    ) -> None:
        rules_hint = ((("tenhou_go_type", go_type),) if go_type is not None else ()) + tuple(hint)
        self.start = GameStart(
            players=tuple(players),
            game_id=game_id,
            first_dealer=first_dealer,
            rules_hint=rules_hint,
            wall_seed=wall_seed,
        )
        self.n = len(players)
        self.events: list[Event] = [self.start]
        self.scores = [start_points] * self.n
        self.sticks = 0

    def hand(
        self,
        hands: Sequence[str | None],
        *,
        dora: str = "1z",
        round_wind: int = 0,
        hand_number: int = 0,
        honba: int = 0,
        sticks: int | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        dice: tuple[int, int] | None = (3, 4),
    ) -> HandBuilder:
        """Start a hand: 13 tiles per seat in MPSZ (``None``: a filler hand far from tenpai)."""
        return HandBuilder(
            self,
            hands,
            dora=dora,
            round_wind=round_wind,
            hand_number=hand_number,
            honba=honba,
            sticks=self.sticks if sticks is None else sticks,
            dealer=(self.start.first_dealer + hand_number) % self.n if dealer is None else dealer,
            scores=self.scores if scores is None else scores,
            dice=dice,
        )

    def end(
        self, final_scores: Sequence[int] | None = None, rank_points: Sequence[float] | None = None
    ) -> GameEnd:
        """The game end; final scores default to the tracked ones (no leftover sticks)."""
        finals = tuple(self.scores) if final_scores is None else tuple(final_scores)
        rp = tuple(rank_points) if rank_points is not None else None
        ev = GameEnd(finals, rp, tuple(f"{r:.1f}" for r in rp) if rp is not None else None)
        self.events.append(ev)
        return ev

    def record(self, partial: bool = False, source: str = "built") -> GameRecord:
        return GameRecord(events=list(self.events), source=source, format="builder", partial=partial)


class HandBuilder:
    """One hand's script. Methods append events and return their index in the game."""

    def __init__(
        self,
        game: GameBuilder,
        hands: Sequence[str | None],
        *,
        dora: str,
        round_wind: int,
        hand_number: int,
        honba: int,
        sticks: int,
        dealer: int,
        scores: Sequence[int],
        dice: tuple[int, int] | None,
    ) -> None:
        self.g = game
        n = game.n
        self.n = n
        self.pool = Pool()
        self.honba = honba
        self.dealer = dealer
        game.scores = list(scores)
        game.sticks = sticks
        dealt: list[list[int] | None] = [None] * n
        for s, text in enumerate(hands):
            if text is not None:
                dealt[s] = self.pool.take(text)
                if len(dealt[s]) != 13:
                    raise ValueError(f"seat {s} is dealt {len(dealt[s])} tiles")
        self.dora = [self.pool.take_kind(*parse_kinds(dora)[0])]
        for s in range(n):
            if dealt[s] is None:
                text = next((t for t in _FILLER_HANDS if self.pool.available(t)), None)
                dealt[s] = self.pool.take(text) if text else self._scattered()
        self.hands: list[list[int]] = [list(h or ()) for h in dealt]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.turn = dealer
        self.draws = 0  # every draw, replacement draws too, shortens the live wall
        self.live = (136 if n == 4 else 108) - 14 - 13 * n
        self.last_discard: tuple[int, int] | None = None
        self.drawn: int | None = None
        self.kakan_tile: int | None = None
        self.in_riichi: list[bool] = [False] * n
        self.fill_kinds = [k for k in _FILL_ORDER]
        self.emit(
            HandStart(
                round_wind=round_wind,
                hand_number=hand_number,
                honba=honba,
                sticks=sticks,
                dealer=dealer,
                scores=tuple(scores),
                dora_indicator=self.dora[0],
                hands=tuple(tuple(h) for h in self.hands),
                dice=dice,
            )
        )

    def _scattered(self) -> list[int]:
        """13 unconnected tiles (no two of a suit within two steps, no pairs): never tenpai."""
        out: list[int] = []
        picked: list[int] = []
        for k in [27, 28, 29, 30, 31, 32, 33] + [
            s * 9 + n for off in range(3) for s in range(3) for n in (off, off + 3, off + 6)
        ]:
            if len(out) == 13:
                break
            if k < 27 and any(p < 27 and p // 9 == k // 9 and abs(p - k) <= 2 for p in picked):
                continue
            t = self.pool.free(k)
            if t is not None:
                self.pool.used.add(t)
                out.append(t)
                picked.append(k)
        if len(out) != 13:
            raise ValueError("no room for another filler hand")
        return out

    # ------------------------------------------------------------------ basics
    @property
    def events(self) -> list[Event]:
        return self.g.events

    def emit(self, ev: Event) -> int:
        self.g.events.append(ev)
        return len(self.g.events) - 1

    def _tile(self, tile: str | int) -> int:
        """A fresh id from the pool (``int``: that exact id, even if used: fifth-copy tests)."""
        if isinstance(tile, int):
            self.pool.used.add(tile)
            return tile
        return self.pool.take(tile)[0]

    def _held(self, seat: int, tile: str | int) -> int:
        """The id of ``tile`` in the seat's hand (by kind and colour); a fresh id if it is not held."""
        if isinstance(tile, int):
            if tile in self.hands[seat]:
                return tile
            k, red = tile >> 2, tile in (16, 52, 88)
        else:
            ((k, red),) = parse_kinds(tile)
        for t in self.hands[seat]:
            if t >> 2 == k and (t in (16, 52, 88)) == red:
                return t
        return self._tile(tile if isinstance(tile, str) else tile)

    def waits(self, seat: int) -> frozenset[int]:
        h = self.hands[seat]
        return shape_waits(counts34(h)) if len(h) % 3 == 1 else frozenset()

    # ------------------------------------------------------------------ play
    def draw(self, seat: int, tile: str | int) -> int:
        t = self._tile(tile)
        self.hands[seat].append(t)
        self.draws += 1
        self.drawn = t
        self.turn = seat
        self.last_discard = None
        return self.emit(Draw(seat, t))

    def discard(self, seat: int, tile: str | int | None = None, tsumogiri: bool | None = None) -> int:
        """Discard ``tile`` (default: the tile just drawn) from the seat's hand."""
        t = self.drawn if tile is None else self._held(seat, tile)
        assert t is not None
        if t in self.hands[seat]:
            self.hands[seat].remove(t)
        if tsumogiri is None:
            tsumogiri = t == self.drawn
        self.drawn = None
        self.last_discard = (seat, t)
        self.turn = (seat + 1) % self.n
        return self.emit(Discard(seat, t, tsumogiri))

    def turn_(self, seat: int, draw: str | int, discard: str | int | None = None) -> int:
        """Draw then discard (tsumogiri when ``discard`` is None); returns the discard's index."""
        self.draw(seat, draw)
        return self.discard(seat, discard)

    def safe_tile(self) -> int:
        """A fresh tile no seat waits on (so passing it makes nobody furiten)."""
        avoid: set[int] = set()
        for s in range(self.n):
            avoid |= self.waits(s)
        for _ in range(4):
            for k in self.fill_kinds:
                if k in avoid:
                    continue
                t = self.pool.free(k)
                if t is None and k in FIVE_KINDS:
                    t = self.pool.free(k, red=True)
                if t is not None:
                    self.fill_kinds.remove(k)
                    self.fill_kinds.append(k)  # rotate: the next filler is another kind
                    self.pool.used.add(t)
                    return t
        raise ValueError("no safe tile left in the wall")

    def auto(self, turns: int) -> int:
        """``turns`` draw-and-tsumogiri turns of safe tiles from ``self.turn``; the last index."""
        idx = -1
        for _ in range(turns):
            seat = self.turn
            self.draw(seat, self.safe_tile())
            idx = self.discard(seat)
        return idx

    def riichi(self, seat: int, tile: str | int | None = None, accept: bool = True) -> int:
        """Declare, discard and (unless ``accept`` is False) pay the stick; returns the discard's index."""
        self.emit(RiichiDeclared(seat))
        idx = self.discard(seat, tile)
        self.in_riichi[seat] = True
        if accept:
            self.accept(seat)
        return idx

    def accept(self, seat: int, scores: Sequence[int] | None = None) -> int:
        self.g.scores[seat] -= 1000
        self.g.sticks += 1
        return self.emit(RiichiAccepted(seat, tuple(self.g.scores) if scores is None else tuple(scores)))

    def _call(self, seat: int, kind: CallKind, own: str | Sequence[int]) -> int:
        assert self.last_discard is not None, "a call needs a discard"
        src, called = self.last_discard
        mine = []
        for spec in own if not isinstance(own, str) else _split(own):
            t = self._held(seat, spec)
            if t in self.hands[seat]:
                self.hands[seat].remove(t)
            mine.append(t)
        ts = tuple(sorted([*mine, called]))
        meld = Meld(kind, ts, called, src)
        self.melds[seat].append(meld)
        self.turn = seat
        self.last_discard = None
        self.drawn = None
        return self.emit(Call(seat, meld))

    def chi(self, seat: int, own: str) -> int:
        return self._call(seat, CallKind.CHI, own)

    def pon(self, seat: int, own: str) -> int:
        return self._call(seat, CallKind.PON, own)

    def daiminkan(self, seat: int, own: str) -> int:
        return self._call(seat, CallKind.DAIMINKAN, own)

    def ankan(self, seat: int, tile: str) -> int:
        ((k, _),) = parse_kinds(tile)
        four = [t for t in self.hands[seat] if t >> 2 == k]
        if len(four) != 4:
            four = four + [self._tile(tile) for _ in range(4 - len(four))]
        for t in four:
            if t in self.hands[seat]:
                self.hands[seat].remove(t)
        ts = tuple(sorted(four))
        meld = Meld(CallKind.ANKAN, ts)
        self.melds[seat].append(meld)
        return self.emit(Call(seat, meld))

    def kakan(self, seat: int, tile: str) -> int:
        ((k, _),) = parse_kinds(tile)
        i, pon = next(
            (i, m) for i, m in enumerate(self.melds[seat]) if m.kind == CallKind.PON and m.tiles[0] >> 2 == k
        )
        added = self._held(seat, tile)
        if added in self.hands[seat]:
            self.hands[seat].remove(added)
        meld = Meld(CallKind.KAKAN, (*pon.tiles, added), pon.called, pon.from_seat)
        self.melds[seat][i] = meld
        self.kakan_tile = added
        self.last_discard = (seat, added)
        return self.emit(Call(seat, meld))

    def kita(self, seat: int) -> int:
        """3-player: set a North from the seat's hand aside (the replacement draw is the caller's)."""
        t = self._held(seat, "4z")
        if t in self.hands[seat]:
            self.hands[seat].remove(t)
        self.last_discard = (seat, t)
        return self.emit(Call(seat, Meld(CallKind.KITA, (t,))))

    def new_dora(self, indicator: str) -> int:
        t = self._tile(indicator)
        self.dora.append(t)
        return self.emit(NewDora(t))

    # ------------------------------------------------------------------ results
    def _apply(self, deltas: Sequence[int]) -> None:
        for i, d in enumerate(deltas):
            self.g.scores[i] += d

    def win(
        self,
        seat: int,
        from_seat: int | None = None,
        *,
        deltas: Sequence[int],
        yaku: Sequence[tuple[str, int]],
        fu: int,
        points: int,
        limit: str = "",
        ura: str | None = None,
        tile: str | int | None = None,
        honba: int | None = None,
        sticks: int | None = None,
        yakuman: bool = False,
    ) -> int:
        """A win (tsumo when ``from_seat`` is None or the seat itself) with the claims worked out by hand.

        ``yaku`` pairs are (``paifu.yaku`` name, han); ``deltas`` include honba and sticks. The
        winner's hand, melds, dora, honba, sticks and scores before come from the script.
        """
        tsumo = from_seat is None or from_seat == seat
        src = seat if tsumo else from_seat
        assert src is not None
        if tsumo:
            win_tile = self.drawn if tile is None else self._held(seat, tile)
            hand = tuple(self.hands[seat])
        else:
            if tile is not None:
                win_tile = self._tile(tile)
            elif self.last_discard is not None:
                win_tile = self.last_discard[1]
            else:
                assert self.kakan_tile is not None
                win_tile = self.kakan_tile
            hand = (*self.hands[seat], win_tile)
        assert win_tile is not None
        claimed = ClaimedWin(
            fu=fu,
            han=None if yakuman else sum(h for _, h in yaku),
            points=points,
            limit=limit,
            yaku=tuple(ClaimedYaku(nm, h) for nm, h in yaku),
            yakuman_multiple=len(yaku) if yakuman else None,
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.pool.take(ura)) if ura else None,
            hand=hand,
            melds=tuple(self.melds[seat]),
            honba=self.honba if honba is None else honba,
            sticks=self.g.sticks if sticks is None else sticks,
            deltas=tuple(deltas),
            scores_before=tuple(self.g.scores),
        )
        self._apply(deltas)
        if claimed.sticks or any(d > 0 for d in deltas):
            self.g.sticks = 0
        return self.emit(Win(seat, src, win_tile, claimed))

    def ron(self, seat: int, from_seat: int, **kw: object) -> int:
        return self.win(seat, from_seat, **kw)  # type: ignore[arg-type]

    def tsumo(self, seat: int, **kw: object) -> int:
        return self.win(seat, None, **kw)  # type: ignore[arg-type]

    def exhaustive(self, deltas: Sequence[int], tenpai: Sequence[int] = ()) -> int:
        """An exhaustive draw; ``tenpai`` seats show their hands."""
        shown = tuple(tuple(self.hands[s]) if s in tenpai else None for s in range(self.n))
        ev = Ryuukyoku(
            RyuukyokuKind.EXHAUSTIVE,
            tuple(tenpai),
            tuple(deltas),
            tuple(self.g.scores),
            self.honba,
            self.g.sticks,
            shown,
        )
        self._apply(deltas)
        return self.emit(ev)

    def nagashi(self, deltas: Sequence[int], tenpai: Sequence[int] = ()) -> int:
        """A nagashi mangan at the exhaustive draw (the wall must be empty); ``tenpai`` seats show."""
        shown = tuple(tuple(self.hands[s]) if s in tenpai else None for s in range(self.n))
        ev = Ryuukyoku(
            RyuukyokuKind.NAGASHI_MANGAN,
            tuple(tenpai),
            tuple(deltas),
            tuple(self.g.scores),
            self.honba,
            self.g.sticks,
            shown,
        )
        self._apply(deltas)
        return self.emit(ev)

    def run_out(self, deltas: Sequence[int] | None = None, tenpai: Sequence[int] = ()) -> int:
        """Safe tsumogiri turns until the wall is empty, then the exhaustive draw (default: all noten)."""
        self.auto(self.live - self.draws)
        return self.exhaustive((0,) * self.n if deltas is None else deltas, tenpai)

    def abort(self, kind: RyuukyokuKind, declarer: int | None = None) -> int:
        """An abortive draw (no score change); a nine-terminals declarer shows the hand."""
        shown = None
        if declarer is not None:
            shown = tuple(tuple(self.hands[s]) if s == declarer else None for s in range(self.n))
        return self.emit(
            Ryuukyoku(
                kind,
                (declarer,) if declarer is not None else None,
                (0,) * self.n,
                tuple(self.g.scores),
                self.honba,
                self.g.sticks,
                shown,
            )
        )


def _split(text: str) -> list[str]:
    """``"23m"`` -> ``["2m", "3m"]`` (one MPSZ string per tile)."""
    out = []
    for k, red in parse_kinds(text):
        suit = "mpsz"[k // 9 if k < 27 else 3]
        out.append(f"{0 if red else (k % 9 + 1 if k < 27 else k - 26)}{suit}")
    return out


KOKUSHI_WAITING_1M = "9m9m1p9p1s9s1234567z"


def kokushi_finish(
    g: GameBuilder,
    *,
    winner: int,
    discarder: int,
    round_wind: int = 0,
    hand_number: int,
    honba: int = 0,
    dealer: int | None = None,
) -> HandBuilder:
    """A hand that ends the game: ``winner`` rons thirteen orphans on ``discarder``'s first discard of 1m.

    Seats between the dealer and the discarder draw and discard safe tiles first. The
    ron is worth 32,000 (48,000 from the dealer) plus 300 per honba and the sticks on the
    table; the caller picks a discarder that this busts and appends ``g.end(...)``.
    """
    n = g.n
    d = (g.start.first_dealer + hand_number) % n if dealer is None else dealer
    hands: list[str | None] = [None] * n
    hands[winner] = KOKUSHI_WAITING_1M
    hands[discarder] = "124m3468p2578s66z"  # holds the 1m, far from tenpai
    hb = g.hand(hands, round_wind=round_wind, hand_number=hand_number, honba=honba, dealer=d)
    seat = d
    while seat != discarder:
        hb.auto(1)
        seat = (seat + 1) % n
    hb.draw(discarder, hb.safe_tile())
    hb.discard(discarder, "1m")
    value = 48000 if winner == d else 32000
    gain = value + 300 * honba + 1000 * g.sticks
    deltas = [0] * n
    deltas[winner] = gain
    deltas[discarder] = -(value + 300 * honba)
    hb.ron(
        winner,
        discarder,
        deltas=deltas,
        yaku=[("kokushi", 13)],
        fu=0,
        points=value,
        limit="yakuman",
        yakuman=True,
    )
    return hb


_FLAGS = {
    "riichi": "riichi",
    "double-riichi": "double_riichi",
    "ippatsu": "ippatsu",
    "rinshan": "rinshan",
    "chankan": "chankan",
    "haitei": "haitei",
    "houtei": "houtei",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
    "renhou": "renhou",
}


def valuation_problems(record: GameRecord, rules: object = None) -> list[str]:
    """Differences between each win's claims and ``paifu.scoring`` (a cross-check of hand-made numbers).

    The situational yaku (riichi, ippatsu, rinshan ...) are taken from the claim, as the
    scorer cannot see the table; everything else is recomputed.
    """
    from paifu.pipeline import record_rules
    from paifu.scoring.payments import ron_deltas, tsumo_deltas
    from paifu.scoring.valuation import WinContext, value_win

    ruleset = record_rules(record, rules)  # type: ignore[arg-type]
    out: list[str] = []
    hs: HandStart | None = None
    first_win = True
    for i, ev in enumerate(record.events):
        if isinstance(ev, HandStart):
            hs = ev
        elif isinstance(ev, (Discard, Call)):
            first_win = True
        elif isinstance(ev, Win) and hs is not None:
            c = ev.claimed
            names = {y.name for y in c.yaku or ()}
            flags = {_FLAGS[nm]: True for nm in names if nm in _FLAGS}
            ctx = WinContext(
                rules=ruleset,
                concealed=tuple(c.hand or ()),
                melds=tuple(c.melds or ()),
                win_tile=ev.tile,
                tsumo=ev.tsumo,
                seat_wind=(ev.seat - hs.dealer) % len(hs.scores),
                round_wind=hs.round_wind,
                is_dealer=ev.seat == hs.dealer,
                dora_indicators=tuple(c.dora_indicators or ()),
                ura_indicators=tuple(c.ura_indicators or ()),
                **flags,
            )
            v = value_win(ctx)
            if not v.ok:
                out.append(f"event {i}: {v.error}")
                continue
            ours = {(nm, h) for nm, h in v.yaku if h}
            theirs = {(y.name, y.han) for y in c.yaku or () if y.han}
            if ours != theirs:
                out.append(f"event {i}: yaku {sorted(ours)} != claimed {sorted(theirs)}")
            if c.han is not None and (v.han != c.han or v.fu != c.fu):
                out.append(f"event {i}: {v.han} han {v.fu} fu != claimed {c.han} han {c.fu} fu")
            if v.points != c.points or v.limit != (c.limit or ""):
                out.append(f"event {i}: {v.points} {v.limit!r} != claimed {c.points} {c.limit!r}")
            if ev.tsumo:
                d = tsumo_deltas(
                    ev.seat, hs.dealer, v, honba=c.honba or 0, sticks=c.sticks or 0, rules=ruleset
                )
            else:
                d = ron_deltas(
                    ev.seat,
                    ev.from_seat,
                    v,
                    honba=c.honba or 0,
                    sticks=c.sticks or 0,
                    rules=ruleset,
                    take_bonus=first_win,
                )
            if tuple(d) != tuple(c.deltas or ()):
                out.append(f"event {i}: deltas {list(d)} != claimed {list(c.deltas or ())}")
            first_win = False
    return out
