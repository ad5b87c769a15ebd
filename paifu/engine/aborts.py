"""Drawn hands: the exhaustive draw (tenpai, noten payments, nagashi mangan) and abortive draws
(nine terminals, four winds, four riichi, four kans, three rons), each only where its condition
holds under the ruleset.
"""

from __future__ import annotations

from paifu.board import ends as board
from paifu.board.phases import ACTION, AFTER_DISCARD, AFTER_KAN, BETWEEN
from paifu.engine import riichi
from paifu.engine.game import Game
from paifu.engine.legality import is_furiten, is_nagashi, is_tenpai, live_waits, yaochu_kinds
from paifu.engine.wins import value
from paifu.events import Ryuukyoku, RyuukyokuKind, Win
from paifu.findings import Code
from paifu.scoring import payments


def on_ryuukyoku(r: Game, ev: Ryuukyoku) -> None:
    st = r.state
    if st is None or st.phase == BETWEEN:
        r.find(Code.ABORT_CONDITION_NOT_MET, "a drawn hand outside a hand")
        return
    assert r.hand is not None
    flags = r.flags
    n = r.n
    kind = ev.kind
    if kind == RyuukyokuKind.FOUR_RIICHI and st.riichi_pending is not None:
        riichi.accept(r, st.riichi_pending, None)  # the fourth stick goes down
    board.draw_game(st, kind)
    if kind == RyuukyokuKind.EXHAUSTIVE or kind == RyuukyokuKind.NAGASHI_MANGAN:
        if st.live_left > 0:
            r.find(
                Code.ABORT_CONDITION_NOT_MET,
                "an exhaustive draw with tiles left in the wall",
                expected=0,
                actual=st.live_left,
            )
        tenpai = tuple(_draw_tenpai(r, s) for s in range(n))
        ours = tuple(s for s in range(n) if tenpai[s])
        if ev.tenpai is not None and kind == RyuukyokuKind.EXHAUSTIVE:
            ours = _declared_tenpai(r, ours, tuple(sorted(set(ev.tenpai))))
        r.hand.tenpai = tuple(s in ours for s in range(n))
        # where nagashi mangan is a rule, a qualifying seat is paid it (not the noten payments);
        # where it is not, the draw is an ordinary one whatever the record calls it
        winners = [s for s in range(n) if is_nagashi(st.seats[s])] if flags.nagashi_mangan else []
        if kind == RyuukyokuKind.NAGASHI_MANGAN:
            if not flags.nagashi_mangan:
                r.find(Code.ABORT_CONDITION_NOT_MET, "nagashi mangan is not part of this ruleset")
            elif not winners:
                r.find(
                    Code.ABORT_CONDITION_NOT_MET,
                    "nagashi mangan but nobody discarded only terminals and honors with none called",
                )
        if winners:
            computed = tuple(payments.nagashi_deltas(winners, st.dealer, r.rules))
        else:
            computed = tuple(payments.noten_deltas(ours, r.rules))
        r.hand.draws_checked = True
    else:
        _check_abort_kind(r, ev)
        computed = tuple([0] * n)
    deltas = tuple(ev.deltas[:n]) if ev.deltas is not None else computed
    if deltas != computed:
        r.find(
            Code.SCORE_DELTA_MISMATCH,
            "the draw's score changes differ from the replay",
            expected=computed,
            actual=deltas,
        )
        r.drift(computed, deltas)
    board.hand_drawn(st, deltas)
    r.hand.ryuukyoku = kind
    r.hand.complete = True


def _declared_tenpai(r: Game, ours: tuple[int, ...], claimed: tuple[int, ...]) -> tuple[int, ...]:
    """The tenpai seats that count at an exhaustive draw: the replay's, except that where
    ``noten_declaration`` is a rule a tenpai seat not in riichi may declare noten (WRC §5.7.2)."""
    st = r.state
    assert st is not None
    hidden = set(ours) - set(claimed)
    if (
        r.flags.noten_declaration
        and set(claimed) <= set(ours)
        and not any(st.seats[s].riichi_accepted for s in hidden)
    ):
        return claimed
    if claimed != ours:
        r.find(
            Code.TENPAI_MISMATCH, "the tenpai players differ from the replay", expected=ours, actual=claimed
        )
    return ours


def _draw_tenpai(r: Game, seat: int) -> bool:
    """Tenpai at an exhaustive draw; without keishiki tenpai an open hand needs a yaku on some wait
    (a closed hand always has menzen tsumo). Situational yaku (houtei, haitei) do not count."""
    st = r.state
    assert st is not None
    if not is_tenpai(r.flags, st, seat):
        return False
    if r.flags.keishiki_tenpai or r.scorer is None or st.seats[seat].closed:
        return True
    src = (seat + 1) % r.n
    return any(
        value(r, Win(seat=seat, from_seat=src, tile=k * 4 + 3), k * 4 + 3, situational=False).ok
        for k in live_waits(st.seats[seat], r.sanma)
    )


def _check_abort_kind(r: Game, ev: Ryuukyoku) -> None:
    st = r.state
    assert st is not None
    flags = r.flags
    kind = ev.kind
    allowed = {
        RyuukyokuKind.NINE_TERMINALS: flags.nine_terminals,
        RyuukyokuKind.FOUR_WINDS: flags.table.four_winds,
        RyuukyokuKind.FOUR_RIICHI: flags.table.four_riichi,
        RyuukyokuKind.FOUR_KANS: flags.table.four_kans,
        RyuukyokuKind.TRIPLE_RON: flags.triple_ron_abort,
    }[kind]
    if not allowed:
        r.find(Code.ABORT_CONDITION_NOT_MET, f"{kind.value} is not an abortive draw under {r.rules.name}")
        return
    if kind == RyuukyokuKind.NINE_TERMINALS:
        s = st.turn
        seat = st.seats[s]
        counts = seat.counts
        dealt = flags.nine_terminals_dealt
        if dealt and s != st.dealer and seat.drawn is not None:  # 003 「配牌の時点で」: the draw is no deal
            counts = list(counts)
            counts[seat.drawn >> 2] -= 1
        kinds = yaochu_kinds(counts)
        ok = st.phase == ACTION and seat.discards == 0 and not st.any_call and kinds >= 9
        if not ok:
            r.find(
                Code.ABORT_CONDITION_NOT_MET,
                "nine terminals declared without nine kinds in the deal"
                if dealt
                else "nine terminals declared without nine kinds on a first uninterrupted draw",
                seat=s,
                expected=">= 9",
                actual=kinds,
            )
    elif kind in (RyuukyokuKind.FOUR_WINDS, RyuukyokuKind.FOUR_KANS, RyuukyokuKind.FOUR_RIICHI):
        if st.abort_due != kind:
            r.find(Code.ABORT_CONDITION_NOT_MET, f"{kind.value} declared but its condition does not hold")
    elif kind == RyuukyokuKind.TRIPLE_RON:
        cands = {s for s in st.ron_candidates if not is_furiten(st.seats[s], r.sanma)}
        if st.phase not in (AFTER_DISCARD, AFTER_KAN) or len(cands) < 3:
            r.find(
                Code.ABORT_CONDITION_NOT_MET,
                "triple ron declared but three players could not ron",
                expected=3,
                actual=len(cands),
            )
