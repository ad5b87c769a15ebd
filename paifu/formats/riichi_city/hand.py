"""The plays of one Riichi City hand (``handEventRecord`` after the deal) into events: draws,
discards (tsumogiri from the slot the tile left), calls, riichi and its acceptance, new dora, and
the hand's end (wins with their stated values, draws)."""

from __future__ import annotations

from typing import Any, Protocol

from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    NewDora,
    RecordIssue,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.findings import Code, Note
from paifu.formats.base import RecordError, integer
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI
from paifu.formats.riichi_city import names as nm
from paifu.yaku import wind_yaku


class GameReader(Protocol):
    """What a hand needs of the reader of its game (``reader.Reader``): where its events and
    issues go, the seats, the hand's label and how the reader's errors are made. A protocol, so the
    reader imports the hand and not the other way round."""

    events: list[Event]
    issues: list[RecordIssue]
    n: int
    label: str | None
    closed: bool  # the room was closed mid-game

    def seat_of_user(self, user: object, event: int) -> int: ...

    def fail(self, msg: str, event: int | None = None) -> RecordError: ...


class Hand:
    """The plays of one hand, read in order."""

    def __init__(self, reader: GameReader, start: HandStart, first_draw: int) -> None:
        self.r = reader
        self.start = start
        self.events = reader.events
        #: where the hand's events start (its HandStart and the dealer's first draw were just added)
        self.begin = len(reader.events) - 2
        #: the last draw (seat, tile): the dealer's fourteenth tile first
        self.last_draw: tuple[int, int] | None = (start.dealer, first_draw)
        self.last_out: tuple[int, int] | None = None  # the last tile let go (discard, kakan, kita)
        self.pending_riichi: int | None = None
        self.pons: list[list[Meld]] = [[] for _ in range(reader.n)]
        self.rons: dict[int, int] = {}  # winner -> the tile won on
        self.done = False
        #: the dora indicators turned so far (the deal's, then one per kan)
        self.indicators = [start.dora_indicator]
        #: concealed tiles per seat (the drawn tile included), for the drawn tile's slot
        self.held = [13] * reader.n
        self.held[start.dealer] += 1

    def accept_riichi(self) -> None:
        if self.pending_riichi is not None:
            self.events.append(RiichiAccepted(self.pending_riichi))
            self.pending_riichi = None

    def event(self, i: int, t: int, user: object, d: dict[str, Any]) -> None:
        r = self.r
        if self.done:
            raise r.fail(f"event type {t} after the hand's result", i)
        if t == nm.TURN:
            card = d.get("in_card", 0)
            if card:
                seat = r.seat_of_user(user, i)
                tile = nm.code_to_tile(card)
                self.accept_riichi()
                self.events.append(DRAWS[seat][tile])
                self.last_draw = (seat, tile)
                self.held[seat] += 1
        elif t == nm.ACTION:
            self.action(i, r.seat_of_user(user, i), d)
        elif t == nm.NEW_DORA:
            cards = d.get("cards")
            if not isinstance(cards, list) or not cards:
                raise r.fail("a new dora with no cards", i)
            self.indicators.append(nm.code_to_tile(cards[-1]))
            self.events.append(NewDora(self.indicators[-1]))
        elif t == nm.RESULT:
            self.result(i, d)
        else:
            r.issues.append(
                RecordIssue(Code.UNKNOWN_EVENT, f"hand {r.label}: ignored event type {t}", len(self.events))
            )

    def action(self, i: int, seat: int, d: dict[str, Any]) -> None:
        a = d.get("action")
        card = d.get("card")
        if a == nm.DISCARD:
            tile = nm.code_to_tile(card)
            if d.get("is_li_zhi") is True:  # li_zhi_type 3: an open riichi, the hand shown (hand_cards)
                self.events.append(RiichiDeclared(seat, True) if d.get("li_zhi_type") == 3 else RIICHI[seat])
            self.events.append(DISCARDS[self._tsumogiri(seat, tile, d)][seat][tile])
            self.held[seat] -= 1
            if d.get("is_li_zhi") is True:
                self.pending_riichi = seat
            self.last_out = (seat, tile)
            self.last_draw = None
        elif a in nm.CHI or a in (nm.PON, nm.DAIMINKAN):
            if self.last_out is None:
                raise self.r.fail(f"seat {seat} calls with no tile let go", i)
            frm, called = self.last_out
            tile = nm.code_to_tile(card)
            if tile != called:
                raise self.r.fail(f"seat {seat} calls a tile other than the one let go", i)
            own = tuple(nm.code_to_tile(c) for c in d.get("group_cards") or ())
            kind = CallKind.CHI if a in nm.CHI else CallKind.PON if a == nm.PON else CallKind.DAIMINKAN
            meld = Meld(kind, (*own, called), called, frm)
            self.accept_riichi()
            self.events.append(Call(seat, meld))
            self.held[seat] -= len(own)
            if kind == CallKind.PON:
                self.pons[seat].append(meld)
        elif a == nm.ANKAN:
            own = tuple(nm.code_to_tile(c) for c in d.get("group_cards") or ())
            tiles = (nm.code_to_tile(card), *own)
            self.events.append(Call(seat, Meld(CallKind.ANKAN, tiles)))
            self.held[seat] -= 4
            self.last_out = (seat, tiles[0])
        elif a == nm.KAKAN:
            added = nm.code_to_tile(card)
            pon = next((m for m in self.pons[seat] if m.tiles[0] >> 2 == added >> 2), None)
            if pon is None:
                self.r.issues.append(
                    RecordIssue(
                        Code.KAKAN_WITHOUT_PON,
                        f"hand {self.r.label}: seat {seat} adds to a kan it has no pon of",
                        len(self.events),
                    )
                )
                meld = Meld(CallKind.KAKAN, (added,) * 4, None, None)
            else:
                meld = Meld(CallKind.KAKAN, (*pon.tiles, added), pon.called, pon.from_seat)
            self.events.append(Call(seat, meld))
            self.held[seat] -= 1
            self.last_out = (seat, added)
        elif a == nm.KITA:
            north = nm.code_to_tile(card)
            self.events.append(Call(seat, Meld(CallKind.KITA, (north,))))
            self.held[seat] -= 1
            self.last_out = (seat, north)
        elif a == nm.RON:
            self.rons[seat] = nm.code_to_tile(card)
        elif a in (nm.TSUMO, nm.NINE_TERMINALS):
            pass  # the result says what it was
        else:
            self.r.issues.append(
                RecordIssue(
                    Code.UNKNOWN_EVENT, f"hand {self.r.label}: ignored action {a!r}", len(self.events)
                )
            )

    def _tsumogiri(self, seat: int, tile: int, d: dict[str, Any]) -> bool | None:
        """Whether the discard is the tile just drawn: ``move_cards_pos`` names the slot (from 1) the
        tile left first, and the drawn tile sits in the last slot, past the hand's others. Without
        slots (the server's own discard for a seat) a discard of the drawn tile's kind is taken as
        it; else the record does not say."""
        if self.last_draw is None or self.last_draw[0] != seat:
            return False  # after a call: no tile was drawn
        slots = d.get("move_cards_pos")
        if isinstance(slots, list) and slots and type(slots[0]) is int:
            return bool(slots[0] == self.held[seat])
        return True if tile == self.last_draw[1] else None

    def result(self, i: int, d: dict[str, Any]) -> None:
        r = self.r
        n = r.n
        end = d.get("end_type")
        profit = [0] * n
        for u in d.get("user_profit") or ():
            profit[r.seat_of_user(u["user_id"], i)] = integer(u["point_profit"], "point_profit")
        deltas = tuple(profit) if d.get("user_profit") else None
        wins = d.get("win_info") or []
        if end in (nm.END_RON, nm.END_TSUMO):
            if end == nm.END_RON and self.last_out is None:
                raise r.fail("a ron on no tile let go", i)
            bao = [r.seat_of_user(u["user_id"], i) for u in d.get("user_profit") or () if u.get("is_bao_pai")]
            for w in wins:
                seat = r.seat_of_user(w["user_id"], i)
                if end == nm.END_TSUMO:
                    if self.last_draw is None or self.last_draw[0] != seat:
                        raise r.fail(f"seat {seat} wins by tsumo without a draw", i)
                    frm, tile = seat, self.last_draw[1]
                else:
                    assert self.last_out is not None
                    frm = self.last_out[0]
                    tile = self.rons.get(seat, self.last_out[1])
                self.events.append(
                    Win(seat, frm, tile, self._claim(w, seat, tile, frm, deltas, len(wins), bao))
                )
        elif end == nm.END_EXHAUSTIVE or end in nm.ABORTIVE:
            if nm.ABORTIVE.get(end) != RyuukyokuKind.TRIPLE_RON:  # a ronned riichi discard costs no stick
                self.accept_riichi()
            kind = RyuukyokuKind.EXHAUSTIVE if end == nm.END_EXHAUSTIVE else nm.ABORTIVE[end]
            tenpai: tuple[int, ...] | None = None
            shown: list[tuple[int, ...] | None] = [None] * n
            if kind == RyuukyokuKind.EXHAUSTIVE:
                ready = []
                for w in wins:
                    seat = r.seat_of_user(w["user_id"], i)
                    if w.get("ting_card_list"):
                        ready.append(seat)
                        shown[seat] = tuple(nm.code_to_tile(c) for c in w.get("user_cards") or ())
                    if any(f.get("fang_type") == 30 for f in w.get("fang_info") or ()):
                        kind = RyuukyokuKind.NAGASHI_MANGAN
                tenpai = tuple(sorted(ready))
            elif kind == RyuukyokuKind.NINE_TERMINALS and self.last_draw is not None:
                tenpai = (self.last_draw[0],)
            self.events.append(
                Ryuukyoku(
                    kind,
                    tenpai=tenpai,
                    deltas=deltas,
                    honba=self.start.honba,
                    shown=tuple(shown) if any(s is not None for s in shown) else None,
                )
            )
        elif end == nm.END_CLOSED:
            r.closed = True
            plays = self.events[self.begin :]
            draws = sum(1 for e in plays if isinstance(e, Draw))
            discards = sum(1 for e in plays if isinstance(e, Discard))
            r.issues.append(
                RecordIssue(
                    Note.GAME_CLOSED,
                    f"hand {r.label}: the server closed the game after {draws} draws and {discards} "
                    "discards (end_type 8, a result with no win, draw or score change): the hand has no "
                    "result, and the game is read as cut short (its stated end is checked against the "
                    "points as they stood, not replayed)",
                    len(self.events),
                )
            )
        else:
            raise r.fail(f"end_type {end!r} is no hand end we know", i)
        self.done = True

    def _claim(
        self,
        w: dict[str, Any],
        seat: int,
        tile: int,
        frm: int,
        deltas: tuple[int, ...] | None,
        winners: int,
        bao: list[int],
    ) -> ClaimedWin:
        r = self.r
        n = r.n
        winds = (self.start.round_wind, (seat - self.start.dealer) % n)
        yaku = []
        for f in w.get("fang_info") or ():
            fid, num = f.get("fang_type"), integer(f.get("fang_num"), "fang_num")
            name = nm.FANS.get(fid) if type(fid) is int else None
            if name in ("bakaze", "jikaze"):
                name = wind_yaku(name, *winds)
            yaku.append(ClaimedYaku(name if name is not None else f"unknown:fan {fid}", num))
        hand = tuple(nm.code_to_tile(c) for c in w.get("user_cards") or ())
        if hand and len(hand) % 3 == 1:
            hand += (tile,)
        ura = w.get("li_bao_card")
        return ClaimedWin(
            fu=integer(w["all_fu"], "all_fu"),
            han=integer(w["all_fang_num"], "all_fang_num"),
            points=integer(w["all_point"], "all_point"),
            yaku=tuple(yaku),
            dora_indicators=tuple(self.indicators),
            ura_indicators=tuple(nm.code_to_tile(c) for c in ura) if isinstance(ura, list) and ura else None,
            hand=hand or None,
            honba=self.start.honba,
            deltas=deltas if winners == 1 else None,
            pao_seat=bao[0] if bao and bao[0] != seat else None,
        )

    def close(self, i: int | None) -> None:
        if not self.done and i is None:
            self.r.issues.append(
                RecordIssue(Code.TRUNCATED, f"hand {self.r.label} has no result", len(self.events))
            )
            self.done = True
