"""Writing mjai: the minimal Mortal/libriichi variant, always with ``deltas`` on results."""

from __future__ import annotations

import json
import warnings
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
from paifu.formats.base import TableFacts
from paifu.formats.kan_dora import at_reveal
from paifu.formats.mjai.names import _WINDS, tile_to_pai
from paifu.formats.seats import first_dealer_at_zero


def write_mjai(record: GameRecord, table: TableFacts | None = None) -> bytes:
    """One game as Mortal-compatible mjai JSON lines (always with ``deltas`` on results);
    ``table`` says the table's length and red fives (unknown: ``start_game`` states neither).

    Warns about what mjai cannot carry (docs/formats.md).
    """

    table = table or TableFacts()
    lost: set[str] = set()
    if record.start.first_dealer != 0:  # mjai's seats are table positions, seat 0 the first dealer
        lost.add(
            f"a first dealer other than seat 0 (seats turned: seat {record.start.first_dealer} is seat 0)"
        )
        record = first_dealer_at_zero(record)
    start = record.start
    n = start.num_players
    red = table.red_fives
    P = lambda t: tile_to_pai(t, red)  # noqa: E731
    if start.wall_seed:
        lost.add("the wall seed (SHUFFLE)")
    out: list[dict[str, Any]] = [{"type": "start_game", "names": list(start.players)}]
    if table.east_only is not None:  # the rules are known
        out[0]["kyoku_first"] = 4 if table.east_only else 0
        out[0]["aka_flag"] = any(table.red_fives)
    in_hand = False
    riichi: set[int] = set()  # seats in riichi this hand: only their wins show ura indicators
    last_out: tuple[int, int] | None = None
    # each kan's new indicator where libriichi reveals it (an open kan's after the next discard)
    for ev in at_reveal(record.events[1:], closed_after_draw=False):
        if isinstance(ev, HandStart):
            if in_hand:
                out.append({"type": "end_kyoku"})
            in_hand = True
            riichi.clear()
            if ev.dice is not None:
                lost.add("dice")
            kyoku: dict[str, Any] = {
                "type": "start_kyoku",
                "bakaze": _WINDS[ev.round_wind],
                "dora_marker": P(ev.dora_indicator),
                "kyoku": ev.hand_number + 1,
                "honba": ev.honba,
                "kyotaku": ev.sticks,
                "oya": ev.dealer,
            }
            if ev.scores is not None:  # a record that states none keeps stating none
                kyoku["scores"] = list(ev.scores)
            kyoku["tehais"] = [[P(t) for t in hand] for hand in ev.hands]
            out.append(kyoku)
        elif isinstance(ev, Draw):
            out.append({"type": "tsumo", "actor": ev.seat, "pai": P(ev.tile)})
        elif isinstance(ev, Discard):
            if ev.tsumogiri is None:
                lost.add("unknown tsumogiri (written as false)")
            out.append(
                {"type": "dahai", "actor": ev.seat, "pai": P(ev.tile), "tsumogiri": bool(ev.tsumogiri)}
            )
            last_out = (ev.seat, ev.tile)
        elif isinstance(ev, Call):
            out.append(_call(ev, P))
        elif isinstance(ev, NewDora):
            out.append({"type": "dora", "dora_marker": P(ev.indicator)})
        elif isinstance(ev, RiichiDeclared):
            riichi.add(ev.seat)
            out.append({"type": "reach", "actor": ev.seat})
        elif isinstance(ev, RiichiAccepted):
            accepted: dict[str, Any] = {"type": "reach_accepted", "actor": ev.seat}
            if ev.scores is not None:
                accepted["scores"] = list(ev.scores)
            out.append(accepted)
        elif isinstance(ev, Win):
            c = ev.claimed
            d: dict[str, Any] = {"type": "hora", "actor": ev.seat, "target": ev.from_seat}
            if c.deltas is not None:  # akochan's hora states none; Mortal's always does
                d["deltas"] = list(c.deltas)
            else:
                lost.add("a win without its score changes (Mortal's hora always has deltas)")
            if c.pao_seat is not None:
                d["pao"] = c.pao_seat
            if c.ura_indicators is not None:
                d["ura_markers"] = [P(t) for t in c.ura_indicators]
            elif ev.seat not in riichi:  # Mortal writes an empty list for a winner not in riichi
                d["ura_markers"] = []
            else:
                lost.add("a riichi win without its ura indicators")
            out.append(d)
            if c.yaku is not None or c.fu is not None:
                lost.add("claimed yaku, fu, han and points")
        elif isinstance(ev, Ryuukyoku):
            deltas = list(ev.deltas) if ev.deltas is not None else [0] * n
            out.append({"type": "ryukyoku", "deltas": deltas})
            if ev.kind != RyuukyokuKind.EXHAUSTIVE:
                lost.add("the kind of a draw (Mortal's ryukyoku has no reason)")
        elif isinstance(ev, GameEnd):
            if in_hand:
                out.append({"type": "end_kyoku"})
                in_hand = False
            d = {"type": "end_game"}
            if ev.final_scores is not None:
                d["scores"] = list(ev.final_scores)
            if ev.rank_points is not None:
                lost.add("rank points")
            out.append(d)
        else:
            lost.add(f"{type(ev).__name__} events")
    if in_hand:
        out.append({"type": "end_kyoku"})
    del last_out
    for what in sorted(lost):
        warnings.warn(f"mjai cannot carry {what}", stacklevel=2)
    return "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in out).encode(
        "utf-8"
    )


def _call(ev: Call, P: Any) -> dict[str, Any]:
    m = ev.meld
    if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
        consumed = list(m.tiles)
        consumed.remove(m.called)  # type: ignore[arg-type]
        return {
            "type": m.kind.value,
            "actor": ev.seat,
            "target": m.from_seat,
            "pai": P(m.called),
            "consumed": [P(t) for t in consumed],
        }
    if m.kind == CallKind.KAKAN:
        return {
            "type": "kakan",
            "actor": ev.seat,
            "pai": P(m.tiles[-1]),
            "consumed": [P(t) for t in m.tiles[:-1]],
        }
    if m.kind == CallKind.ANKAN:
        return {"type": "ankan", "actor": ev.seat, "consumed": [P(t) for t in m.tiles]}
    return {"type": "kita", "actor": ev.seat, "pai": P(m.tiles[0])}
