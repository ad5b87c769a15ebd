"""Wins: may this seat win here (``outcomes.check_win``: turn, tile, shape, furiten, head-bump),
what is it worth, who pays.

A win is checked, applied by the board (the hand ends), valued by the scorer (yaku, han, fu, points), compared with every number the
record states, and paid: honba and sticks to the right winner, liability (pao, the feeder of an
open kan before a rinshan win) as the ruleset says. Rons on one tile are booked once all are in
where the bonus goes to the winner nearest the discarder.
"""

from __future__ import annotations

from typing import Any

from paifu.board import ends as board
from paifu.board import turns as board_turns
from paifu.board.phases import ROB_KITA
from paifu.board.seat import FIVE_SUIT, SeatState
from paifu.engine import calls
from paifu.engine.game import Game
from paifu.engine.outcomes import check_win, outside_hand
from paifu.engine.results import WinResult
from paifu.events import CallKind, Win
from paifu.findings import Code
from paifu.scoring import payments
from paifu.scoring.values import WinContext


def on_win(r: Game, ev: Win) -> None:
    """A win: the kan dora it finds shown and the wall's indicators checked, then ``check_win``
    (may this seat win here), then the board ends the hand and the win is valued and paid."""
    st = r.state
    if outside_hand(st):
        r.report(check_win(st, ev, r.flags))  # its fault that blocks
        return
    assert st is not None
    if r.walls.wall is not None and ev.claimed is not None:
        r.walls.check_indicators(ev, r)
    if st.kans and r.flags.kan_dora and not (st.kan_window and not ev.tsumo):  # a robbed kan turns none
        calls.kan_dora_shown(r, st, at_win=True)
    if not r.report(check_win(st, ev, r.flags, lambda s, src: _could_ron(r, s, src))):
        return
    seat = st.seats[ev.seat]
    if ev.tsumo:
        win_tile = seat.drawn if seat.drawn is not None else ev.tile
    else:
        assert st.last_discard is not None
        win_tile = st.last_discard[1]
    board.win(st, ev.seat, ev.tsumo)  # a ronned riichi discard costs no stick; the hand is over
    if not ev.tsumo and r.flags.max_ron_winners >= 2 and r.flags.multi_ron_nearest:
        r.pending_rons.append((ev, win_tile, r.idx))  # booked once every winner is known
    else:
        settle_win(r, ev, win_tile)
    if r.hand is not None:
        r.hand.complete = True


def book_pending_rons(r: Game) -> None:
    """Book the rons on one tile; honba and sticks go to the winner nearest the discarder in
    turn order (004: 「放銃者から見て反時計回りにいちばん近い人が受け取ります」), whatever
    order the record lists the winners in."""
    rons, r.pending_rons = r.pending_rons, []
    src = rons[0][0].from_seat
    n = r.n
    nearest = min((ev.seat for ev, _, _ in rons), key=lambda s: (s - src) % n)
    here = r.idx
    for ev, tile, idx in rons:
        r.idx = idx
        settle_win(r, ev, tile, take_bonus=ev.seat == nearest)
    r.idx = here


def _rinshan_liable(r: Game, winner: int) -> int | None:
    """The feeder of the open kan behind a rinshan tsumo, where it pays (002: 「大明カンからの
    嶺上開花は槓をさせた人の責任払い」, also after further closed or added kans)."""
    st = r.state
    assert st is not None
    feeder = st.rinshan_feeder
    if r.flags.pao_rinshan and st.rinshan_draw and feeder is not None and feeder != winner:
        return feeder
    return None


def only_ron_candidates(r: Game, src: int) -> None:
    """Where only a tile one could ron makes furiten by passing (003 「ロンできる牌を見送った」, 004
    「ロンできた牌を見逃すと」), a seat the discard completes without a yaku is no candidate for it."""
    st = r.state
    assert st is not None
    could = tuple([s for s in st.ron_candidates if _could_ron(r, s, src)])
    if could != st.ron_candidates:
        board_turns.offer_to(st, could)


def _could_ron(r: Game, seat_no: int, src: int) -> bool:
    """A legal ron for this seat on the last discard: a complete hand with a yaku."""
    st = r.state
    if r.scorer is None or st is None or st.last_discard is None:
        return True  # without a scorer, shape and furiten are all we can judge
    tile = st.last_discard[1]
    return bool(value(r, Win(seat=seat_no, from_seat=src, tile=tile), tile).ok)


def settle_win(r: Game, ev: Win, win_tile: int, take_bonus: bool | None = None) -> None:
    """Value the win, compare every number the record claims, then move the scores.

    ``take_bonus``: this winner takes the honba and sticks (default: the first winner on the tile)."""
    st = r.state
    assert st is not None and r.hand is not None
    rules = r.rules
    c = ev.claimed
    seat = st.seats[ev.seat]
    if take_bonus is None:
        take_bonus = len(st.winners_this_tile) <= 1
    take_bonus = take_bonus or not r.flags.multi_ron_nearest
    honba = st.honba if take_bonus else 0
    sticks = st.sticks if take_bonus else 0
    val = value(r, ev, win_tile) if r.scorer is not None else None
    computed: tuple[int, ...] | None = None
    pao = c.pao_seat
    if val is not None and not val.ok:
        if val.error == "no-yaku":
            r.find(Code.NO_YAKU, "wins with no yaku", seat=ev.seat)
        val = None
    if val is not None:
        _compare_valuation(r, ev, val)
        melds = tuple(m for m in seat.melds if m.kind != CallKind.KITA)
        pao = payments.liable_seat(melds, ev.seat, rules, val)
        if c.pao_stated and c.pao_seat != pao:  # records name the liable player of a yakuman only
            r.find(
                Code.PAO_MISMATCH,
                "the liable player differs from the replay",
                seat=ev.seat,
                expected=pao,
                actual=c.pao_seat,
            )
        rinshan_liable = _rinshan_liable(r, ev.seat) if ev.tsumo and pao is None else None
        pao = pao if rinshan_liable is None else rinshan_liable
        if ev.tsumo:
            d = payments.tsumo_deltas(
                ev.seat, st.dealer, val, honba=honba, sticks=sticks, rules=rules, pao_seat=pao
            )
            if rinshan_liable is not None:
                d = payments.feeder_pays_all(d, ev.seat, rinshan_liable)
        else:
            d = payments.ron_deltas(
                ev.seat,
                ev.from_seat,
                val,
                honba=honba,
                sticks=sticks,
                rules=rules,
                take_bonus=take_bonus,
                pao_seat=pao,
            )
        if r.wareme_seat is not None:
            d = payments.wareme_deltas(d, ev.seat, r.wareme_seat)
        computed = tuple(d)
    deltas = tuple(c.deltas[: r.n]) if c.deltas is not None else computed
    if computed is not None and deltas is not None and c.deltas is not None and computed != deltas:
        r.find(
            Code.SCORE_DELTA_MISMATCH,
            "the win's score changes differ from the replay",
            seat=ev.seat,
            expected=computed,
            actual=deltas,
        )
        r.drift(computed, deltas)
    board.settle(st, deltas, take_bonus)
    if take_bonus:
        r.stick_owners = [0] * r.n
    if val is not None:
        han, fu, points, limit = val.han, val.fu, val.points, val.limit
        yaku = tuple((n, h) for n, h in val.yaku if h)
    else:
        han, fu, points, limit = c.han, c.fu, c.points, c.limit
        yaku = tuple((y.name, y.han) for y in c.yaku if y.han) if c.yaku else ()
    r.hand.wins.append(
        WinResult(
            seat=ev.seat,
            from_seat=ev.from_seat,
            tsumo=ev.tsumo,
            dealer=ev.seat == st.dealer,
            han=han,
            fu=fu,
            points=points,
            limit=limit,
            yaku=yaku,
            deltas=deltas or tuple([0] * r.n),
            riichi=seat.riichi,
            closed=seat.closed,
            turn=seat.draws,
            pao_seat=pao,
            recomputed=val is not None,
            table_discards=sum([s.discards for s in st.seats]),
        )
    )


def _concealed_ids(seat: SeatState, extra_kind: int | None, extra_red: bool) -> list[int]:
    """Tile ids for a hand kept as counts: red fives as copy 0, other copies from the top."""
    out: list[int] = []
    reds = seat.red
    for k, c in enumerate(seat.counts):
        if not c:
            continue
        r = reds[FIVE_SUIT[k]] if FIVE_SUIT[k] >= 0 else 0
        out.extend(k * 4 + i for i in range(r))
        out.extend(k * 4 + 3 - i for i in range(c - r))
    if extra_kind is not None:
        held = seat.counts[extra_kind]
        r = reds[FIVE_SUIT[extra_kind]] if FIVE_SUIT[extra_kind] >= 0 else 0
        out.append(extra_kind * 4 + (0 if extra_red else 3 - (held - r)))
    return out


def value(r: Game, ev: Win, win_tile: int, situational: bool = True) -> Any:
    """The scorer's valuation of a win (``situational``: haitei and houtei count)."""
    st = r.state
    assert st is not None
    seat = st.seats[ev.seat]
    red = r.red(win_tile)
    if ev.tsumo:
        concealed = _concealed_ids(seat, None, False)
        wk = win_tile >> 2
        win_id = wk * 4 + (0 if red else 3)
    else:
        concealed = _concealed_ids(seat, win_tile >> 2, red)
        win_id = concealed[-1]
    first_round = not st.any_call and seat.discards == 0
    rinshan = ev.tsumo and st.rinshan_draw
    # robbing a kan (also the 2nd winner of a double ron); a pulled North is no kan: a ron on it
    # scores no chankan (000 allows the ron and lists no yaku for it; Tenhou's 3-player records agree)
    chankan = not ev.tsumo and st.kan_window and st.robbing != ROB_KITA
    c = ev.claimed
    # the context made here, not through the scorer: compiled, a native call, where the scorer's class
    # was called through Python with 21 keywords (16 K instructions a win to match them)
    ctx = WinContext(
        rules=r.rules,
        concealed=tuple(concealed),
        melds=tuple(m for m in seat.melds if m.kind != CallKind.KITA),
        win_tile=win_id,
        tsumo=ev.tsumo,
        seat_wind=(ev.seat - st.dealer) % r.n,
        round_wind=st.round_wind,
        is_dealer=ev.seat == st.dealer,
        riichi=seat.riichi_accepted,
        double_riichi=seat.double_riichi and seat.riichi_accepted,
        open_riichi=r.open_riichi[ev.seat] and seat.riichi_accepted and r.rules.open_riichi,
        ippatsu=seat.ippatsu and seat.riichi_accepted and r.flags.table.ippatsu,
        rinshan=bool(rinshan),
        chankan=chankan,
        haitei=situational and ev.tsumo and st.live_left <= 0 and not rinshan,
        houtei=situational and not ev.tsumo and st.live_left <= 0 and not chankan,
        tenhou=ev.tsumo and first_round and ev.seat == st.dealer,
        chiihou=ev.tsumo and first_round and ev.seat != st.dealer,
        renhou=not ev.tsumo and not st.any_call and seat.draws == 0 and ev.seat != st.dealer,
        dora_indicators=tuple(c.dora_indicators) if c.dora_indicators else tuple(st.dora_indicators),
        ura_indicators=tuple(c.ura_indicators or ()) if seat.riichi_accepted else (),
        kita=seat.kita,
    )
    if c.dora_indicators and [t >> 2 for t in c.dora_indicators] != [t >> 2 for t in st.dora_indicators]:
        r.find(
            Code.POINTS_MISMATCH,
            "the win names other dora indicators than the table shows",
            seat=ev.seat,
            expected=tuple(st.dora_indicators),
            actual=tuple(c.dora_indicators),
        )
    return r.scorer.value_win(ctx)


def _compare_valuation(r: Game, ev: Win, val: Any) -> None:
    c = ev.claimed
    seat = ev.seat
    if c.yaku is not None:
        claimed = sorted((y.name, y.han) for y in c.yaku if y.han)
        ours_d = dict(val.yaku)
        if "kita" in ours_d and not any(y.name == "kita" for y in c.yaku):
            # records that count pulled Norths as plain dora (Tenhou XML)
            ours_d["dora"] = ours_d.get("dora", 0) + ours_d.pop("kita")
        ours = sorted((n, h) for n, h in ours_d.items() if h)
        if claimed != ours:
            r.find(
                Code.YAKU_MISMATCH,
                "the yaku differ from the replay",
                seat=seat,
                expected=tuple(ours),
                actual=tuple(claimed),
            )
    if not val.yakuman_multiple:
        if c.han is not None and c.han != val.han:
            r.find(
                Code.HAN_MISMATCH, "the han differ from the replay", seat=seat, expected=val.han, actual=c.han
            )
        if c.fu is not None and c.fu != val.fu:
            r.find(Code.FU_MISMATCH, "the fu differ from the replay", seat=seat, expected=val.fu, actual=c.fu)
    if c.points is not None and c.points != val.points:
        r.find(
            Code.POINTS_MISMATCH,
            "the hand's value differs from the replay",
            seat=seat,
            expected=val.points,
            actual=c.points,
        )
