"""Counting one replayed game into per-seat ``PlayerCounters`` (``paifu.analysis.counters``).

Every count comes from the replay (``paifu.engine.results``), never from a record's claims; the
definitions are in ``paifu.analysis.stats`` and ``docs/statistics.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from paifu.analysis.counters import Best, Peak, PlayerCounters, is_player_name
from paifu.analysis.rating import tenhou_lobby
from paifu.engine.results import GameResult, HandResult, WinResult
from paifu.events import RyuukyokuKind
from paifu.shanten import shanten
from paifu.tiles import counts34

IPPATSU, URA_DORA = "ippatsu", "ura-dora"
YAKUMAN_HAN = 13  # a yakuman yaku's han as the replay writes it (double yakuman: 26)
STICK = 1000
#: a tsumo that "bombs" the dealer (被炸): a mangan or more (amae-koromo: 「被炸庄（满贯或以上）」)
MANGAN_OR_MORE = frozenset({"mangan", "haneman", "baiman", "sanbaiman", "yakuman"})
#: amae-koromo's own test of that: the winner received 8,000 points or more (honba and sticks included)
MANGAN_RECEIVED = 8000
#: six or more unseen copies of the waits make a riichi's wait good (amae-koromo's 立直好型:
#: 「立直时听牌可见剩余 6 枚或以上视为好型」)
GOOD_WAIT_TILES = 6


def start_shanten(tiles: Sequence[int], size: int = 13) -> int | None:
    """Shanten of a 13-tile deal (or, ``size`` 14, the dealer's deal and first draw; seven pairs and
    thirteen orphans count), None when not that many tiles (the replay reports a wrong deal; the
    statistics only leave it out)."""
    if len(tiles) != size or not all(isinstance(t, int) and 0 <= t < 136 for t in tiles):
        return None
    return shanten(counts34(tuple(tiles)))


def _count_placements(
    seats: list[PlayerCounters],
    result: GameResult,
    placements: tuple[int, ...],
    points: tuple[float | None, ...] | None,
) -> None:
    lobby = tenhou_lobby(dict(result.meta).get("tenhou_go_type")) if len(seats) == 4 else None
    final = result.final_scores
    assert final is not None
    for s, c in enumerate(seats):
        c.ranked_games = 1
        c.placements[placements[s]] += 1
        c.placement.add(placements[s])
        c.final_score.add(final[s])
        c.busts += final[s] < 0
        if lobby is not None:
            c.lobby_placements[f"{lobby}:{placements[s]}"] += 1
        p = points[s] if points is not None else None
        if p is not None and not math.isnan(p):
            c.rank_points.add(p)


def _dealer_runs(seats: list[PlayerCounters], hands: list[HandResult]) -> None:
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
    result: GameResult,
    placements: tuple[int, ...] | None,
    points: tuple[float | None, ...] | tuple[float, ...] | None,
    num_players: int | None = None,
    label: str | None = None,
) -> list[PlayerCounters]:
    """Per-seat counters of one replayed game.

    ``placements``/``points`` come from the report's scheme (None for games without final
    scores); every hand-level count comes from the replay itself. ``label``: the game as a person
    reads it (its log id), kept with the biggest win and deal-in.
    """
    n = num_players or len(result.players)
    seats = [PlayerCounters(games=1, flagged_games=0 if result.valid else 1) for _ in range(n)]
    if placements is not None and result.final_scores is not None:
        _count_placements(seats, result, placements, points)
    _dealer_runs(seats, result.hands)
    game = label if label is not None else result.game_id
    for hand in result.hands:
        if hand.complete:
            _count_hand(seats, hand, n, game)
    names = result.players
    for s, c in enumerate(seats):
        for o, other in enumerate(names[:n]):
            if o != s and is_player_name(other):
                c.opponents[other] += 1
    return seats


def _received(w: WinResult) -> int:
    """What a win brought its winner: the score change with honba and the sticks on the table, less
    the winner's own riichi stick (amae-koromo's 和了点数: ``delta_scores - (liqi ? 1000 : 0)``)."""
    got = w.deltas[w.seat] if w.seat < len(w.deltas) else (w.points or 0)
    return got - (STICK if w.riichi else 0)


def _table_turn(discards: int | None, n: int) -> Fraction | None:
    """A turn as amae-koromo counts it: the discards the whole table made before, over the players, + 1."""
    return None if discards is None or discards < 0 else Fraction(discards, n) + 1


def _describe(w: WinResult) -> str:
    yaku = ", ".join(name for name, han in w.yaku if han > 0)
    han = f"{w.han} han" if w.han is not None else ""
    return "; ".join(x for x in (f"{w.limit}" if w.limit else "", han, yaku) if x)


def _at(values: Sequence[object], s: int) -> object:
    return values[s] if s < len(values) else None


def _count_hand(seats: list[PlayerCounters], hand: HandResult, n: int, game: str = "") -> None:
    """One complete hand into each seat's counters: a seat wins, deals in and is hit by a tsumo at
    most once a hand, so no rate's count passes its denominator (a record with a hand start missing
    gives two hands' wins to one, which was a math domain error in the report)."""
    winners: dict[int, WinResult] = {}
    for w in hand.wins:  # a seat wins a hand once (a broken record may say more: its first counts)
        winners.setdefault(w.seat, w)
    dealt_in: dict[int, int] = {}  # hand value of the win(s) dealt into
    paid_in: dict[int, int] = {}  # points paid for them, honba included
    biggest: dict[int, WinResult] = {}
    for w in hand.wins:
        if not w.tsumo:
            f = w.from_seat
            dealt_in[f] = dealt_in.get(f, 0) + (w.points or 0)
            paid_in[f] = paid_in.get(f, 0) + max(0, -w.deltas[f] if f < len(w.deltas) else 0)
            if f not in biggest or (w.points or 0) > (biggest[f].points or 0):
                biggest[f] = w
    exhaustive = hand.ryuukyoku is not None and not hand.ryuukyoku.abortive
    tsumo = next((w for w in hand.wins if w.tsumo), None)
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
        net_paid = _received(won) if won is not None else 0
        if hand.deltas and s < len(hand.deltas):
            c.hand_delta.add(hand.deltas[s])
        if s in dealt_in:
            c.deal_ins += 1
            c.deal_in_value.add(dealt_in[s])
            c.deal_in_paid.add(paid_in[s])
            net -= dealt_in[s]
            net_paid -= paid_in[s]
            c.deal_ins_riichi += riichi
            c.deal_ins_open += opened and not riichi
            c.deal_ins_closed += not opened and not riichi
            c.called_deal_ins += opened
            for w in hand.wins:
                if not w.tsumo and w.from_seat == s:
                    c.deal_in_winners += 1
                    w_open = bool(hand.opened and w.seat < len(hand.opened) and hand.opened[w.seat])
                    c.deal_ins_to_riichi += w.riichi
                    c.deal_ins_to_open += w_open and not w.riichi
                    c.deal_ins_to_dama += not w_open and not w.riichi
            big = biggest[s]
            c.biggest_deal_in = c.biggest_deal_in + Best(dealt_in[s], game, hand.label, _describe(big))
        c.hand_net.add(net)
        c.hand_net_paid.add(net_paid)
        if hand.deal and s < len(hand.deal):
            start = start_shanten(hand.deal[s])
            if start is not None:
                (c.start_shanten_dealer if dealer else c.start_shanten_nondealer).add(start)
            if dealer and hand.dealer_draw is not None:
                start14 = start_shanten((*hand.deal[s], hand.dealer_draw), 14)
                if start14 is not None:
                    c.start_shanten_dealer14.add(start14)
        if exhaustive:
            c.draws += 1
            c.called_draws += opened
            if hand.ryuukyoku == RyuukyokuKind.NAGASHI_MANGAN and hand.deltas and s < len(hand.deltas):
                c.nagashi += hand.deltas[s] > 0  # nagashi is paid as a tsumo: only its makers gain
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
                break  # hit by a tsumo once a hand, whatever a broken record says
        if tsumo is not None and won is None:
            c.tsumo_hit += 1
            if dealer and tsumo.limit in MANGAN_OR_MORE:
                c.dealer_bombed += 1
                c.dealer_bomb_value.add(tsumo.points or 0)
            got = _received(tsumo)
            if dealer and got >= MANGAN_RECEIVED:
                c.dealer_bombed_received += 1
                c.dealer_bomb_received.add(got)
        if riichi:
            _count_riichi(c, hand, s, order, won, s in dealt_in, n)
            if s in dealt_in and won is None:  # as ``riichi_dealt_in`` counts it
                accepted = not hand.riichi_accepted or bool(_at(hand.riichi_accepted, s))
                c.riichi_immediate_deal_ins += not accepted
                c.riichi_expense.add(dealt_in[s] + STICK * accepted)
                c.riichi_expense_paid.add(paid_in[s] + STICK * accepted)
    for s, w in winners.items():
        if not 0 <= s < n:
            continue
        riichi = bool(hand.riichi and s < len(hand.riichi) and hand.riichi[s])
        _count_win(seats[s], w, bool(hand.opened and hand.opened[s]), riichi, n, game, hand.label)


def _count_riichi(
    c: PlayerCounters,
    hand: HandResult,
    s: int,
    order: list[int],
    won: WinResult | None,
    dealt_in: bool,
    n: int,
) -> None:
    if won is not None:
        c.riichi_won += 1
        c.riichi_income.add(won.points or 0)
        c.riichi_income_received.add(_received(won))
    elif dealt_in:
        c.riichi_dealt_in += 1
    elif hand.ryuukyoku is not None:
        c.riichi_draw += 1
    else:
        c.riichi_other += 1
    if s in order:  # a result built by hand may not say the order
        at = order.index(s)
        c.riichi_first += at == 0
        c.riichi_chase += at > 0
        c.riichi_chased += at < len(order) - 1
    if hand.deltas and s < len(hand.deltas):
        c.riichi_balance.add(hand.deltas[s])
    turn = hand.riichi_turn[s] if hand.riichi_turn and s < len(hand.riichi_turn) else None
    if turn is not None:
        c.riichi_turn.add(turn + 1)  # the declaring discard's number, 1 = the first discard
    before = _at(hand.riichi_table_discards, s)
    table_turn = _table_turn(before if isinstance(before, int) else None, n)
    if table_turn is not None:
        c.riichi_table_turn.add(table_turn)
    furiten = _at(hand.riichi_furiten, s)
    waits, left = _at(hand.riichi_waits, s), _at(hand.riichi_wait_left, s)
    if isinstance(furiten, bool) and isinstance(waits, int) and isinstance(left, int):
        c.riichi_noted += 1
        c.riichi_furiten += furiten
        c.riichi_multi_wait += waits >= 2
        c.riichi_good_wait += left >= GOOD_WAIT_TILES


def _count_win(
    c: PlayerCounters, w: WinResult, opened: bool, riichi: bool, n: int, game: str, hand: str
) -> None:
    """One seat's win of a hand; ``riichi``: the hand says the seat declared (as ``riichi_won`` counts)."""
    c.wins += 1
    c.tsumo_wins += w.tsumo
    c.damaten_wins += bool(w.closed and not w.riichi)
    c.called_wins += opened
    if w.points is not None:
        c.win_value.add(w.points)
        c.biggest_win = c.biggest_win + Best(w.points, game, hand, _describe(w))
    c.win_received.add(_received(w))
    c.win_turn.add(w.turn)
    table_turn = _table_turn(w.table_discards, n)
    if table_turn is not None:
        c.win_table_turn.add(table_turn)
    hit = {name for name, han in w.yaku if han > 0}
    c.yaku.update(hit)
    if riichi:
        c.ippatsu_wins += IPPATSU in hit
        c.ura_wins += URA_DORA in hit
    yakuman_yaku = any(han >= YAKUMAN_HAN for _, han in w.yaku)
    if not yakuman_yaku and w.han is not None:
        c.max_han = c.max_han + Peak(w.han)
    if w.limit == "yakuman":
        if yakuman_yaku:
            c.yakuman += 1
        else:
            c.kazoe_yakuman += 1
