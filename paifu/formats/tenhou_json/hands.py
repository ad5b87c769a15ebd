"""One tenhou.net/6 hand to events: the format lists what each seat took and let go but not the
turn order, so the reader replays turns (a seat whose next take is a call on the last discard
jumps in, pon/kan before chi; otherwise the next seat draws), backtracking where an early guess
between two equal discards breaks later (tensoul issue 14)."""

from __future__ import annotations

from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Event,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
)
from paifu.formats.base import RecordError, integer, integers
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI
from paifu.formats.tenhou_json.calls import _Calls
from paifu.formats.tenhou_json.names import (
    _UNSET,
    _tile_key,
    code_to_tile,
)
from paifu.formats.tenhou_json.results import _Results


def _copied(v: Any) -> Any:
    """A copy of one piece of turn state, as deep as it can change: lists of lists are copied,
    what they hold (ints, immutable melds) is shared (``copy.deepcopy`` was most of the reading)."""
    if type(v) is list:
        return [x[:] if type(x) is list else x for x in v]
    return v


class _HandReader(_Calls, _Results):
    """Replays one hand's take/discard lists into events (see the module docstring)."""

    def __init__(self, hand: list[Any], n: int) -> None:
        if n == 3 and isinstance(hand, list) and len(hand) == 14:
            # three seats' lists only, then the result (tensoul-py-ng's ``Kyoku.dump``): Tenhou's own
            # pad a fourth, empty seat
            hand = [*hand[:13], [], [], [], hand[13]]
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
        self.parsed: dict[tuple[int, str], Meld] = {}

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
        return {k: _copied(getattr(self, k)) for k in self._STATE}, len(self.events)

    def _restore(self, snap: tuple[dict[str, Any], int]) -> None:
        state, length = snap
        for k, v in state.items():
            setattr(self, k, _copied(v))
        del self.events[length:]

    def read(self) -> list[Event]:
        """Replay the hand; when a call could belong to more than one discard, backtrack."""
        h, n = self.h, self.n
        named = zip(
            h[0][:3], ("kyoku", "honba", "sticks"), strict=False
        )  # fewer than three: unpacking says so
        kyoku, honba, sticks = (integer(x, what) for x, what in named)
        self.honba = honba
        scores = integers(h[1], "start scores", n)
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
        #: a tile of a kan (added or closed) or a pulled North left without a replacement draw
        self.robbed: int | None = None
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
        # a kept exception's traceback holds this frame, which holds it: a cycle for the collector
        first_error = None
        if self.robbed is None or self.melds[self.seat][-1].kind == CallKind.KITA:
            self._flush_kan_dora()  # a robbed kan turns no indicator; a robbed North is no kan
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
                        and self.melds[seat][-1].kind in (CallKind.KAKAN, CallKind.ANKAN, CallKind.KITA)
                    ):  # a kan or a pulled North left without its replacement draw was robbed (a
                        # closed kan: Mahjong Soul's thirteen orphans; a North: a 3-player ron on
                        # it, ``f44`` in the robbed seat's discards); whether that was allowed is
                        # the rules' question
                        self.robbed = self.melds[seat][-1].tiles[-1]
                    return
                if isinstance(item, str):
                    raise self.fail(f"seat {seat} should draw, record has call {item!r}")
                self.ti[seat] += 1
                tile = code_to_tile(item)
                self.events.append(DRAWS[seat][tile])  # a seat and a tile id: shared events
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
                    self.events.append(RIICHI[seat])  # shared: results.py finds it by identity
                    self.riichi_seat = seat
                self.events.append(DISCARDS[tsumogiri][seat][tile])
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
