"""One tenhou.net/6 hand to events: the format lists what each seat took and let go but not the
turn order, so the reader replays turns (a seat whose next take is a call on the last discard
jumps in, pon/kan before chi; otherwise the next seat draws), backtracking where an early guess
between two equal discards breaks later (tensoul issue 14)."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

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
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, seats
from paifu.formats.tenhou_json.names import (
    _LIMITS,
    _SCORE_TEXT,
    _UNSET,
    _YAKU_TEXT,
    DRAW_NAMES,
    _tile_key,
    code_to_tile,
    yaku_from_name,
)


class _HandReader:
    """Replays one hand's take/discard lists into events (see the module docstring)."""

    def __init__(self, hand: list[Any], n: int) -> None:
        if not isinstance(hand, list) or len(hand) < 17:
            raise RecordError(
                f"a hand needs 17 elements, this one has {len(hand) if isinstance(hand, list) else hand!r}"
            )
        self.h = hand
        self.n = n
        self.events: list[Event] = []
        self.takes = [list(hand[5 + 3 * s]) for s in range(4)]
        self.discards = [list(hand[6 + 3 * s]) for s in range(4)]
        self.ti = [0] * 4
        self.di = [0] * 4
        self.concealed: list[list[int]] = [[code_to_tile(c) for c in hand[4 + 3 * s]] for s in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.last_draw: list[int | None] = [None] * n
        self.dora_queue = [code_to_tile(c) for c in hand[2][1:]]

    # ------------------------------------------------------------ helpers
    def fail(self, msg: str) -> RecordError:
        return RecordError(msg, event=len(self.events))

    def _remove(self, seat: int, tile: int) -> None:
        hand = self.concealed[seat]
        if tile in hand:
            hand.remove(tile)

    def _next_take(self, seat: int) -> Any:
        return self.takes[seat][self.ti[seat]] if self.ti[seat] < len(self.takes[seat]) else None

    def _flush_kan_dora(self) -> None:
        """Show the indicators of earlier open/added kans (Tenhou: before the next discard or kan)."""
        while self.kan_dora:
            self._pop_dora()
            self.kan_dora -= 1

    def _pop_dora(self) -> None:
        if self.dora_queue:
            self.events.append(NewDora(self.dora_queue.pop(0)))

    def _source(self, seat: int, pos: int, kind: str) -> int:
        """Absolute supplier seat from the letter position of a pon/kan string."""
        table = {"p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}, "k": {0: 3, 2: 2, 4: 1}}[kind]
        if pos not in table:
            raise self.fail(f"call letter {kind!r} at position {pos} names no seat")
        off = table[pos]
        if self.n == 4:
            return (seat + off) % 4
        if off == 2:
            raise self.fail("a 3-player call cannot come from toimen")
        return (seat + (2 if off == 3 else 1)) % 3

    # ------------------------------------------------------------ calls
    def _parse_call(self, seat: int, s: str) -> tuple[Meld, int]:
        """A call string -> (meld, letter position)."""
        letters = [i for i, ch in enumerate(s) if ch.isalpha()]
        if len(letters) != 1:
            raise self.fail(f"call string {s!r} should hold one letter")
        pos = letters[0]
        ch = s[pos]
        body = s[:pos] + s[pos + 1 :]
        codes = [int(body[i : i + 2]) for i in range(0, len(body), 2)]
        tiles = [code_to_tile(c) for c in codes]
        taken_index = pos // 2
        if ch == "c":
            if pos != 0 or len(tiles) != 3:
                raise self.fail(f"chi string {s!r} is malformed")
            called = tiles[0]
            meld = Meld(CallKind.CHI, tuple(sorted(tiles, key=_tile_key)), called, (seat - 1) % self.n)
        elif ch == "p":
            if len(tiles) != 3:
                raise self.fail(f"pon string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.PON, tuple(tiles), called, self._source(seat, pos, "p"))
        elif ch == "m":
            if len(tiles) != 4:
                raise self.fail(f"daiminkan string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.DAIMINKAN, tuple(tiles), called, self._source(seat, pos, "m"))
        elif ch == "k":
            if len(tiles) != 4:
                raise self.fail(f"kakan string {s!r} is malformed")
            added = tiles[taken_index]
            pon = tiles[:taken_index] + tiles[taken_index + 1 :]
            called = pon[taken_index]
            meld = Meld(CallKind.KAKAN, (*pon, added), called, self._source(seat, pos, "k"))
        elif ch == "a":
            if len(tiles) != 4:
                raise self.fail(f"ankan string {s!r} is malformed")
            meld = Meld(CallKind.ANKAN, tuple(tiles))
        elif ch == "f":
            if len(tiles) != 1:
                raise self.fail(f"kita string {s!r} is malformed")
            meld = Meld(CallKind.KITA, tuple(tiles))
        else:
            raise self.fail(f"unknown call letter {ch!r} in {s!r}")
        return meld, pos

    def _call_candidates(self, seat: int, tile: int) -> list[tuple[int, Meld]]:
        """Who could call this discard: pon/kan (nearest in turn first), then chi by the next seat."""
        out: list[tuple[int, Meld]] = []
        for off in range(1, self.n):
            s2 = (seat + off) % self.n
            nxt = self._next_take(s2)
            if isinstance(nxt, str) and ("p" in nxt or "m" in nxt):
                meld, _ = self._parse_call(s2, nxt)
                if meld.from_seat == seat and _tile_key(meld.called or 0) == _tile_key(tile):
                    out.append((s2, meld))
        s2 = (seat + 1) % self.n
        nxt = self._next_take(s2)
        if isinstance(nxt, str) and nxt.startswith("c"):
            meld, _ = self._parse_call(s2, nxt)
            if _tile_key(meld.called or 0) == _tile_key(tile):
                out.append((s2, meld))
        return out

    # ------------------------------------------------------------ main loop
    _STATE = (
        "ti",
        "di",
        "concealed",
        "melds",
        "last_draw",
        "dora_queue",
        "seat",
        "state",
        "last_discard",
        "riichi_seat",
        "kan_dora",
        "robbed",
    )
    _MAX_TRIES = 2000

    def _snapshot(self) -> tuple[dict[str, Any], int]:
        return copy.deepcopy({k: getattr(self, k) for k in self._STATE}), len(self.events)

    def _restore(self, snap: tuple[dict[str, Any], int]) -> None:
        state, length = snap
        for k, v in copy.deepcopy(state).items():
            setattr(self, k, v)
        del self.events[length:]

    def read(self) -> list[Event]:
        """Replay the hand; when a call could belong to more than one discard, backtrack."""
        h, n = self.h, self.n
        kyoku, honba, sticks = (int(x) for x in h[0][:3])
        self.honba = honba
        scores = tuple(int(x) for x in seats(h[1], "start scores")[:n])
        if not h[2]:
            raise self.fail("no dora indicator")
        self.events.append(
            HandStart(
                round_wind=kyoku // 4,
                hand_number=kyoku % 4,
                honba=honba,
                sticks=sticks,
                dealer=kyoku % 4,
                scores=scores,
                dora_indicator=code_to_tile(h[2][0]),
                hands=tuple(tuple(c) for c in self.concealed),
            )
        )
        self.seat, self.state = kyoku % 4, "draw"
        if self.seat >= n:
            raise self.fail(f"kyoku {kyoku} has no dealer at a {n}-player table")
        self.last_discard: tuple[int, int] | None = None
        self.riichi_seat: int | None = None
        self.kan_dora = 0  # open/added kans whose new indicator is not shown yet
        self.robbed: int | None = None  # the added tile of a kakan left without a rinshan draw
        stack: list[tuple[tuple[dict[str, Any], int], list[Any]]] = []
        forced: Any = _UNSET
        first_error: RecordError | None = None
        for _ in range(self._MAX_TRIES):
            try:
                self._run(stack, forced)
                self._check_end()
                break
            except RecordError as e:
                if first_error is None:
                    first_error = e
                while stack and not stack[-1][1]:
                    stack.pop()
                if not stack:
                    raise first_error from None
                snap, alts = stack[-1]
                forced = alts.pop(0)
                self._restore(snap)
        else:
            raise first_error or self.fail("no consistent turn order found")
        if self.robbed is None:
            self._flush_kan_dora()
        self._result(self.last_discard, self.robbed)
        return self.events

    def _check_end(self) -> None:
        for s in range(self.n):
            if self.ti[s] < len(self.takes[s]) or self.di[s] < len(self.discards[s]):
                raise self.fail(f"the hand ends with seat {s}'s takes or discards left over")
        res = self.h[16]
        if isinstance(res, list) and res and res[0] == "和了":
            for det in res[2::2]:
                if len(det) < 2:
                    continue
                who, frm = det[0], det[1]
                if who == frm and (self.state != "act" or self.seat != who):
                    raise self.fail(f"seat {who} wins by tsumo but did not just draw")
                if who != frm:
                    target = (
                        self.seat
                        if self.robbed is not None
                        else (self.last_discard[0] if self.last_discard else None)
                    )
                    if target != frm:
                        raise self.fail(f"seat {who} rons seat {frm}, whose tile was not the last one out")

    def _run(self, stack: list[Any], forced: Any) -> None:
        n = self.n
        while True:
            seat, state = self.seat, self.state
            if state in ("draw", "rinshan"):
                item = self._next_take(seat)
                if item is None:
                    if (
                        state == "rinshan"
                        and self.melds[seat]
                        and self.melds[seat][-1].kind == CallKind.KAKAN
                    ):
                        self.robbed = self.melds[seat][-1].tiles[-1]
                    return
                if isinstance(item, str):
                    raise self.fail(f"seat {seat} should draw, record has call {item!r}")
                self.ti[seat] += 1
                tile = code_to_tile(item)
                self.events.append(Draw(seat, tile))
                self.concealed[seat].append(tile)
                self.last_draw[seat] = tile
                self.state = "act"
            elif state == "act":
                if self.di[seat] >= len(self.discards[seat]):
                    return
                item = self.discards[seat][self.di[seat]]
                self.di[seat] += 1
                if isinstance(item, str) and not item.startswith("r"):
                    meld, _ = self._parse_call(seat, item)
                    if meld.kind not in (CallKind.ANKAN, CallKind.KAKAN, CallKind.KITA):
                        raise self.fail(f"{meld.kind.value} {item!r} cannot be a self call")
                    self.events.append(Call(seat, meld))
                    if meld.kind != CallKind.KITA:
                        self._flush_kan_dora()
                    if meld.kind == CallKind.KAKAN:
                        self._remove(seat, meld.tiles[-1])
                        self.melds[seat] = [
                            m
                            for m in self.melds[seat]
                            if not (
                                m.kind == CallKind.PON and _tile_key(m.tiles[0]) == _tile_key(meld.tiles[0])
                            )
                        ]
                        self.kan_dora += 1
                    else:
                        for t in meld.tiles:
                            self._remove(seat, t)
                        if meld.kind == CallKind.ANKAN:
                            self._pop_dora()
                    self.melds[seat].append(meld)
                    self.last_draw[seat] = None
                    self.last_discard = None
                    self.state = "rinshan"
                    continue
                riichi = isinstance(item, str)
                code = int(item[1:]) if riichi else item
                if code == 60:
                    drawn = self.last_draw[seat]
                    if drawn is None:
                        raise self.fail(f"seat {seat} discards 60 (tsumogiri) without a draw")
                    tile = drawn
                    tsumogiri = True
                elif code == 0:
                    raise self.fail(f"seat {seat} has a placeholder 0 where a discard belongs")
                else:
                    tile, tsumogiri = code_to_tile(code), False
                self._flush_kan_dora()
                if riichi:
                    self.events.append(RiichiDeclared(seat))
                    self.riichi_seat = seat
                self.events.append(Discard(seat, tile, tsumogiri))
                self._remove(seat, tile)
                self.last_draw[seat] = None
                self.last_discard = (seat, tile)
                self.state = "after_discard"
            else:  # after_discard: a call, the next draw, or the end
                assert self.last_discard is not None
                who, tile = self.last_discard
                if forced is not _UNSET:
                    caller, forced = forced, _UNSET
                else:
                    options: list[Any] = [*self._call_candidates(who, tile), None]
                    caller = options[0]
                    if len(options) > 1:
                        stack.append((self._snapshot(), options[1:]))
                continues = caller is not None or self._next_take((who + 1) % n) is not None
                if self.riichi_seat is not None:
                    if continues or self._riichi_paid_at_end(who):
                        self.events.append(RiichiAccepted(self.riichi_seat))
                    self.riichi_seat = None
                if caller is None:
                    if not continues:
                        return
                    self.seat, self.state = (who + 1) % n, "draw"
                    continue
                seat, meld = caller
                self.ti[seat] += 1
                self.events.append(Call(seat, meld))
                own = list(meld.tiles)
                own.remove(meld.called)
                for t in own:
                    self._remove(seat, t)
                self.melds[seat].append(meld)
                self.seat = seat
                if meld.kind == CallKind.DAIMINKAN:
                    nxt = (
                        self.discards[seat][self.di[seat]]
                        if self.di[seat] < len(self.discards[seat])
                        else None
                    )
                    if nxt == 0:
                        self.di[seat] += 1
                    self.kan_dora += 1
                    self.state = "rinshan"
                else:
                    self.state = "act"
                self.last_discard = None

    def _riichi_paid_at_end(self, discarder: int) -> bool:
        """A riichi discard that ends the hand costs nothing only when it is won on."""
        res = self.h[16]
        name = res[0] if res else ""
        if name in ("三家和了", "三家和"):
            return False
        if name == "和了":
            for det in res[2::2]:
                if len(det) >= 2 and det[1] == discarder and det[0] != discarder:
                    return False
        return True

    # ------------------------------------------------------------ result
    def _result(self, last_discard: tuple[int, int] | None, robbed: int | None) -> None:
        res = self.h[16]
        n = self.n
        if not isinstance(res, list) or not res:
            raise self.fail(f"hand result {res!r} is not a list")
        name = res[0]
        if name == "和了":
            if len(res) < 3 or len(res) % 2 == 0:
                raise self.fail("和了 result should hold deltas/detail pairs")
            for deltas, detail in zip(res[1::2], res[2::2], strict=True):
                self.events.append(self._win(deltas, detail, last_discard, robbed))
            return
        if name not in DRAW_NAMES:
            raise self.fail(f"unknown hand result {name!r}")
        kind = DRAW_NAMES[name]
        deltas = (
            tuple(int(x) for x in seats(res[1], "score changes")[:n])
            if len(res) > 1 and isinstance(res[1], list)
            else None
        )
        tenpai: tuple[int, ...] | None = None
        shown: tuple[tuple[int, ...] | None, ...] | None = None
        if kind == RyuukyokuKind.EXHAUSTIVE:
            if name == "全員聴牌":
                tenpai = tuple(range(n))
            elif name == "全員不聴":
                tenpai = ()
            elif deltas is not None and any(deltas):
                tenpai = tuple(s for s in range(n) if deltas[s] > 0)
            if tenpai is not None:
                shown = tuple(tuple(self.concealed[s]) if s in tenpai else None for s in range(n))
            if deltas is None:
                deltas = (0,) * n
        elif kind == RyuukyokuKind.NINE_TERMINALS:
            declarer = next((s for s in range(n) if len(self.concealed[s]) == 14), None)
            if declarer is not None:
                tenpai = (declarer,)
                shown = tuple(tuple(self.concealed[s]) if s == declarer else None for s in range(n))
        self.events.append(Ryuukyoku(kind, tenpai=tenpai, deltas=deltas, honba=self.honba, shown=shown))

    def _win(
        self,
        deltas: Sequence[Any],
        detail: Sequence[Any],
        last_discard: tuple[int, int] | None,
        robbed: int | None,
    ) -> Win:
        n = self.n
        if len(detail) < 2:
            raise self.fail(f"win detail {detail!r} names no winner")
        who, frm = int(detail[0]), int(detail[1])
        pao = int(detail[2]) if len(detail) > 2 else who
        if not (0 <= who < n and 0 <= frm < n):
            raise self.fail(f"win detail {detail!r} names a seat outside the table")
        if who == frm:
            tile = self.last_draw[who]
            if tile is None:
                raise self.fail(f"seat {who} wins by tsumo without a draw")
            hand = tuple(self.concealed[who])
        else:
            if robbed is not None:
                tile = robbed
            elif last_discard is not None:
                tile = last_discard[1]
            else:
                raise self.fail(f"seat {who} wins by ron with no discard to win on")
            hand = (*self.concealed[who], tile)
        yaku: list[ClaimedYaku] = []
        n_yakuman = 0
        riichi = any(isinstance(e, RiichiDeclared) and e.seat == who for e in self.events)
        for y in detail[4:]:
            m = _YAKU_TEXT.match(str(y))
            if not m:
                raise self.fail(f"yaku text {y!r} is not 'name(value)'")
            name, val = m["name"], m["val"]
            if "役満" in val:
                mult = 2 if val.startswith(("ダブル", "2", "二")) else 1
                n_yakuman += mult
                han = 13 * mult
            else:
                han = int(re.sub(r"\D", "", val) or 0)
            yname = yaku_from_name(name)
            yaku.append(ClaimedYaku(yname, han))
        fu = han_total = points = None
        limit = None
        if len(detail) > 3 and detail[3] != "":  # "": a writer whose source stated no value
            text = str(detail[3])
            m = _SCORE_TEXT.match(text)
            if not m:
                raise self.fail(f"score text {text!r} is not understood")
            if m["fu"]:
                fu, han_total, limit = int(m["fu"]), int(m["han"]), ""
            elif m["lim"]:
                lim = m["lim"]
                limit = "yakuman" if "役満" in lim else _LIMITS[lim]
            # else points alone ("2600点∀"): what a writer states when its source had no fu or han
            a = int(m["a"])
            if who != frm:
                points = a
            elif m["b"] is not None:
                points = a * (n - 2) + int(m["b"])
            else:
                points = a * (n - 1)
        if han_total is None and yaku and not n_yakuman:
            han_total = sum(y.han for y in yaku)
        if len(deltas) < n:
            raise self.fail(f"win deltas {deltas!r} have fewer than {n} entries")
        claimed = ClaimedWin(
            fu=fu,
            han=han_total,
            points=points,
            limit=limit,
            # no yaku text at all: not stated (a converter from a format without yaku writes none)
            yaku=tuple(yaku) if yaku else None,
            yakuman_multiple=n_yakuman or None,
            dora_indicators=tuple(code_to_tile(c) for c in self.h[2]),
            ura_indicators=tuple(code_to_tile(c) for c in self.h[3]) if riichi else None,
            hand=hand,
            melds=tuple(self.melds[who]),
            honba=self.honba,
            deltas=tuple(int(x) for x in seats(deltas, "score changes")[:n]),
            pao_seat=pao if pao != who else None,
        )
        return Win(who, frm, tile, claimed)
