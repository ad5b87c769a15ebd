"""Writing mjai: the minimal Mortal/libriichi variant, always with ``deltas`` on results."""

from __future__ import annotations

import json
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    GameEnd,
    GameRecord,
    HandStart,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import TableFacts, header_lost, with_stated_scores
from paifu.formats.hand_walker import HandWalker
from paifu.formats.kan_dora import moved_to_reveal
from paifu.formats.mjai.names import _WINDS, CALL_TYPES, tile_to_pai
from paifu.formats.seats import first_dealer_at_zero


def write_mjai(record: GameRecord, table: TableFacts | None = None) -> bytes:
    """One game as Mortal-compatible mjai JSON lines (always with ``deltas`` on results);
    ``table`` says the table's length and red fives (unknown: ``start_game`` states neither).

    Warns about what mjai cannot carry (docs/formats.md).
    """

    table = table or TableFacts()
    # Mortal's start_kyoku states the scores: a record that states none (mjai's original protocol)
    # gets them carried from the start points by its own score changes
    record = with_stated_scores(record, table.start_points)
    lost: set[str] = set()
    if record.start.first_dealer != 0:  # mjai's seats are table positions, seat 0 the first dealer
        lost.add(
            f"a first dealer other than seat 0 (seats turned: seat {record.start.first_dealer} is seat 0)"
        )
        record = first_dealer_at_zero(record)
    start = record.start
    if start.wall_seed:
        lost.add("the wall seed (SHUFFLE)")
    w = _Writer(start.num_players, table.red_fives)
    w.lost |= lost
    w.out.append({"type": "start_game", "names": list(start.players)})
    carried: set[str] = set()
    if table.east_only is not None:  # the rules are known
        w.out[0]["kyoku_first"] = 4 if table.east_only else 0
        w.out[0]["aka_flag"] = any(table.red_fives)
        carried = {"kyoku_first", "aka_flag"}
    if (lost_header := header_lost(start.meta, carried)) is not None:
        w.lost.add(lost_header)
    # each kan's new indicator where libriichi reveals it (an open kan's after the next discard), unless
    # the table shows an open kan's at once (RON2's): then where the record gives it
    events = record.events[1:]
    w.walk(events if table.open_kan_dora_at_once else moved_to_reveal(events, False, w.lost))
    if w.in_hand:
        w.out.append({"type": "end_kyoku"})
    w.warn_lost("mjai")
    return "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in w.out).encode(
        "utf-8"
    )


class _Writer(HandWalker):
    """The mjai lines of one game, an event at a time."""

    def __init__(self, n: int, red: tuple[int, int, int]) -> None:
        super().__init__(n)
        self.n = n
        self.P = lambda t: tile_to_pai(t, red)
        self.out: list[dict[str, Any]] = []
        self.in_hand = False

    def hand_start(self, ev: HandStart) -> None:
        P = self.P
        if self.in_hand:
            self.out.append({"type": "end_kyoku"})
        self.in_hand = True
        self.stated_wall(ev)
        if ev.dice is not None:
            self.lost.add("dice")
        kyoku: dict[str, Any] = {
            "type": "start_kyoku",
            "bakaze": _WINDS[ev.round_wind],
            "dora_marker": P(ev.dora_indicator),
            "kyoku": ev.hand_number + 1,
            "honba": ev.honba,
            "kyotaku": ev.sticks,
            "oya": ev.dealer,
        }
        if ev.scores is not None:  # stated (with_stated_scores): Mortal's schema needs them
            kyoku["scores"] = list(ev.scores)
        kyoku["tehais"] = [[P(t) for t in hand] for hand in ev.hands]
        self.out.append(kyoku)

    def draw(self, ev: Draw) -> None:
        self.out.append({"type": "tsumo", "actor": ev.seat, "pai": self.P(ev.tile)})

    def discard(self, ev: Discard) -> None:
        if ev.tsumogiri is None:
            self.lost.add("unknown tsumogiri (written as false)")
        self.out.append(
            {"type": "dahai", "actor": ev.seat, "pai": self.P(ev.tile), "tsumogiri": bool(ev.tsumogiri)}
        )

    def call(self, ev: Call) -> None:
        self.out.append(_call(ev, self.P))

    def new_dora(self, ev: NewDora) -> None:
        self.out.append({"type": "dora", "dora_marker": self.P(ev.indicator)})

    def riichi_declared(self, ev: RiichiDeclared) -> None:
        self.open_riichi(ev)
        self.out.append({"type": "reach", "actor": ev.seat})

    def riichi_accepted(self, ev: RiichiAccepted) -> None:
        accepted: dict[str, Any] = {"type": "reach_accepted", "actor": ev.seat}
        if ev.scores is not None:
            accepted["scores"] = list(ev.scores)
        self.out.append(accepted)

    def win(self, ev: Win) -> None:
        c = ev.claimed
        self.result_counts(ev)
        d: dict[str, Any] = {"type": "hora", "actor": ev.seat, "target": ev.from_seat}
        if c.deltas is not None:  # akochan's hora states none; Mortal's always does
            d["deltas"] = list(c.deltas)
        else:
            self.lost.add("a win without its score changes (Mortal's hora always has deltas)")
        if c.pao_seat is not None:
            d["pao"] = c.pao_seat
        if c.ura_indicators is not None:
            d["ura_markers"] = [self.P(t) for t in c.ura_indicators]
        elif not self.table.declared(ev.seat):  # Mortal writes an empty list for a winner not in riichi
            d["ura_markers"] = []
        else:
            self.lost.add("a riichi win without its ura indicators")
        self.out.append(d)
        if c.yaku is not None or c.fu is not None or c.limit:
            self.lost.add("claimed yaku, fu, han, points and limit names")

    def ryuukyoku(self, ev: Ryuukyoku) -> None:
        self.result_counts(ev)
        if ev.kind is not RyuukyokuKind.EXHAUSTIVE and (ev.tenpai or any(ev.shown or ())):
            self.lost.add("the hands shown at a nagashi mangan or an abortive draw")
        elif (
            ev.kind is RyuukyokuKind.EXHAUSTIVE
            and not any(ev.deltas or ())
            and (ev.tenpai, ev.shown) != (None,) * 2
        ):
            # no noten payments say who was tenpai
            self.lost.add("the hands shown and the tenpai seats at a draw without payments")
        d: dict[str, Any] = {"type": "ryukyoku"}
        if ev.deltas is not None:  # akochan's ryukyoku states none; written as none, not as no change
            d["deltas"] = list(ev.deltas)
        else:
            self.lost.add("a draw without its score changes (Mortal's ryukyoku always has deltas)")
        self.out.append(d)
        if ev.kind != RyuukyokuKind.EXHAUSTIVE:
            self.lost.add("the kind of a draw (Mortal's ryukyoku has no reason)")

    def game_end(self, ev: GameEnd) -> None:
        if self.in_hand:
            self.out.append({"type": "end_kyoku"})
            self.in_hand = False
        d: dict[str, Any] = {"type": "end_game"}
        if ev.final_scores is not None:
            d["scores"] = list(ev.final_scores)
        if ev.rank_points is not None:
            self.lost.add("rank points")
        self.out.append(d)


def _call(ev: Call, P: Any) -> dict[str, Any]:
    m = ev.meld
    if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
        consumed = list(m.tiles)
        consumed.remove(m.called)  # type: ignore[arg-type]
        return {
            "type": CALL_TYPES[m.kind],
            "actor": ev.seat,
            "target": m.from_seat,
            "pai": P(m.called),
            "consumed": [P(t) for t in consumed],
        }
    if m.kind == CallKind.KAKAN:
        return {
            "type": CALL_TYPES[m.kind],
            "actor": ev.seat,
            "pai": P(m.tiles[-1]),
            "consumed": [P(t) for t in m.tiles[:-1]],
        }
    if m.kind == CallKind.ANKAN:
        return {"type": CALL_TYPES[m.kind], "actor": ev.seat, "consumed": [P(t) for t in m.tiles]}
    return {"type": CALL_TYPES[m.kind], "actor": ev.seat, "pai": P(m.tiles[0])}
