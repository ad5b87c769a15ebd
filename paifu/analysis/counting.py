"""Counting one replayed game into per-seat ``PlayerCounters`` (``paifu.analysis.counters``).

Every count comes from the replay (``paifu.engine.results``), never from a record's claims; the
definitions are in ``paifu.analysis.stats`` and ``docs/statistics.md``.
"""

from __future__ import annotations

import math
from typing import Any

from paifu.analysis.counters import Peak, PlayerCounters
from paifu.analysis.rating import tenhou_lobby
from paifu.shanten import shanten
from paifu.tiles import counts34

IPPATSU, URA_DORA = "ippatsu", "ura-dora"
YAKUMAN_HAN = 13  # a yakuman yaku's han as the replay writes it (double yakuman: 26)


def start_shanten(tiles: tuple[int, ...]) -> int | None:
    """Shanten of a 13-tile deal (seven pairs and thirteen orphans count), None when not 13 tiles
    (the replay reports a wrong deal; the statistics only leave it out)."""
    if len(tiles) != 13 or not all(isinstance(t, int) and 0 <= t < 136 for t in tiles):
        return None
    return shanten(counts34(tiles))


def _count_placements(seats: list[PlayerCounters], result: Any, placements: Any, points: Any) -> None:
    lobby = tenhou_lobby(dict(result.meta).get("tenhou_go_type")) if len(seats) == 4 else None
    for s, c in enumerate(seats):
        c.ranked_games = 1
        c.placements[placements[s]] += 1
        c.placement.add(placements[s])
        c.final_score.add(result.final_scores[s])
        c.busts += result.final_scores[s] < 0
        if lobby is not None:
            c.lobby_placements[f"{lobby}:{placements[s]}"] += 1
        p = points[s] if points is not None else None
        if p is not None and not math.isnan(p):
            c.rank_points.add(p)


def _dealer_runs(seats: list[PlayerCounters], hands: list[Any]) -> None:
    """Repeats of one dealership: consecutive hands of the same round and hand number."""
    run, key = 0, None
    for hand in hands:
        k = (hand.round_wind, hand.hand_number)
        run = run + 1 if k == key else 0
        key = k
        if hand.dealer < len(seats):
            c = seats[hand.dealer]
            c.dealer_run = c.dealer_run + Peak(run)


def count_game(
    result: Any,
    placements: tuple[int, ...] | None,
    points: tuple[float | None, ...] | None,
    num_players: int | None = None,
) -> list[PlayerCounters]:
    """Per-seat counters of one replayed game (``paifu.engine.results.GameResult``).

    ``placements``/``points`` come from the report's scheme (None for games without final
    scores); every hand-level count comes from the replay itself.
    """
    n = num_players or len(result.players)
    seats = [PlayerCounters(games=1, flagged_games=0 if result.valid else 1) for _ in range(n)]
    if placements is not None and result.final_scores is not None:
        _count_placements(seats, result, placements, points)
    _dealer_runs(seats, result.hands)
    for hand in result.hands:
        if hand.complete:
            _count_hand(seats, hand, n)
    return seats


def _count_hand(seats: list[PlayerCounters], hand: Any, n: int) -> None:
    """One complete hand into each seat's counters: a seat wins, deals in and is hit by a tsumo at
    most once a hand, so no rate's count passes its denominator (a record with a hand start missing
    gives two hands' wins to one, which was a math domain error in the report)."""
    winners: dict[int, Any] = {}
    for w in hand.wins:
        winners.setdefault(w.seat, w)
    dealt_in: dict[int, int] = {}
    for w in hand.wins:
        if not w.tsumo:
            dealt_in[w.from_seat] = dealt_in.get(w.from_seat, 0) + (w.points or 0)
    exhaustive = hand.ryuukyoku is not None and not hand.ryuukyoku.abortive
    order = list(hand.riichi_order)
    for s in range(n):
        c = seats[s]
        dealer = s == hand.dealer
        c.hands += 1
        c.dealer_hands += dealer
        riichi = bool(hand.riichi and hand.riichi[s])
        opened = bool(hand.opened and hand.opened[s])
        c.riichi += riichi
        c.called += opened
        c.double_riichi += bool(hand.double_riichi and hand.double_riichi[s])
        won = winners.get(s)
        net = (won.points or 0) if won is not None else 0
        if s in dealt_in:
            c.deal_ins += 1
            c.deal_in_value.add(dealt_in[s])
            net -= dealt_in[s]
            c.deal_ins_riichi += riichi
            c.deal_ins_open += opened and not riichi
            c.deal_ins_closed += not opened and not riichi
            c.called_deal_ins += opened
        c.hand_net.add(net)
        if hand.deal and s < len(hand.deal):
            start = start_shanten(hand.deal[s])
            if start is not None:
                (c.start_shanten_dealer if dealer else c.start_shanten_nondealer).add(start)
        if exhaustive and hand.tenpai is not None:
            c.exhaustive_draws += 1
            c.tenpai_at_draw += bool(hand.tenpai[s])
        for w in hand.wins:
            paid = -w.deltas[s] if w.tsumo and w.seat != s and s < len(w.deltas) else 0
            if paid > 0:
                if dealer:
                    c.tsumo_hit_dealer += 1
                    c.tsumo_loss_dealer.add(paid)
                else:
                    c.tsumo_hit_nondealer += 1
                    c.tsumo_loss_nondealer.add(paid)
                break
        if riichi:
            _count_riichi(c, hand, s, order, won is not None, s in dealt_in)
    for s, w in winners.items():
        if 0 <= s < n:
            _count_win(
                seats[s], w, bool(hand.opened and hand.opened[s]), bool(hand.riichi and hand.riichi[s])
            )


def _count_riichi(c: PlayerCounters, hand: Any, s: int, order: list[int], won: bool, dealt_in: bool) -> None:
    if won:
        c.riichi_won += 1
    elif dealt_in:
        c.riichi_dealt_in += 1
    elif hand.ryuukyoku is not None:
        c.riichi_draw += 1
    else:
        c.riichi_other += 1
    if s in order:  # a result built by hand may not say the order
        c.riichi_first += order.index(s) == 0
        c.riichi_chase += order.index(s) > 0
    if hand.deltas and s < len(hand.deltas):
        c.riichi_balance.add(hand.deltas[s])
    turn = hand.riichi_turn[s] if hand.riichi_turn and s < len(hand.riichi_turn) else None
    if turn is not None:
        c.riichi_turn.add(turn + 1)  # the declaring discard's number, 1 = the first discard


def _count_win(c: PlayerCounters, w: Any, opened: bool, riichi: bool) -> None:
    """A seat's win; ``riichi``: the hand says the seat declared (ippatsu and ura dora are shares of
    the riichi wins ``_count_riichi`` counts from that)."""
    c.wins += 1
    c.tsumo_wins += w.tsumo
    c.damaten_wins += bool(w.closed and not w.riichi)
    c.called_wins += opened
    if w.points is not None:
        c.win_value.add(w.points)
    c.win_turn.add(w.turn)
    hit = {name for name, han in w.yaku if han > 0}
    c.yaku.update(hit)
    if w.riichi and riichi:
        c.ippatsu_wins += IPPATSU in hit
        c.ura_wins += URA_DORA in hit
    if w.limit == "yakuman":
        if any(han >= YAKUMAN_HAN for _, han in w.yaku):
            c.yakuman += 1
        else:
            c.kazoe_yakuman += 1
